import { describe, expect, it } from 'vitest'
import { InvalidInputError, ResourceOutOfScopeError } from '../errors/index.ts'
import { resourceScope } from './resource-scope.ts'

describe('resourceScope', () => {
  it("'all' includes every resource and lists without a filter", () => {
    const scope = resourceScope('all')
    expect([scope.resourceIds, scope.includes('any'), scope.require('any'), scope.listed(undefined), scope.single(undefined)]).toEqual([
      null,
      true,
      'any',
      null,
      undefined,
    ])
    expect(scope.listed('any')).toEqual(['any'])
  })

  it('a list includes its resources only: naming another is ResourceOutOfScopeError', () => {
    const scope = resourceScope(['acme', 'initech', 'acme'])
    expect(scope.resourceIds).toEqual(['acme', 'initech'])
    expect([scope.includes('acme'), scope.includes('globex')]).toEqual([true, false])
    expect(scope.listed(undefined)).toEqual(['acme', 'initech'])
    expect(scope.listed('initech')).toEqual(['initech'])
    expect(() => scope.listed('globex')).toThrow(ResourceOutOfScopeError)
    expect(() => scope.require('globex')).toThrow('Resource "globex" is outside this caller\'s scope')
  })

  it('single: the named resource, the only one, or a scope of several must name one', () => {
    expect(resourceScope(['acme']).single(undefined)).toBe('acme')
    expect(resourceScope(['acme', 'initech']).single('initech')).toBe('initech')
    expect(() => resourceScope(['acme', 'initech']).single(undefined)).toThrow(InvalidInputError)
    expect(() => resourceScope(['acme']).single('globex')).toThrow(ResourceOutOfScopeError)
    expect(() => resourceScope([]).single(undefined)).toThrow(InvalidInputError)
  })
})
