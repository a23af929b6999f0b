import { describe, expect, it } from 'vitest'
import { givenFields } from './given-fields.ts'

describe('givenFields', () => {
  it('drops the keys whose value is undefined and keeps every other value (null, false, 0, empty)', () => {
    const fields = givenFields({ title: undefined, metadata: null, enabled: false, order: 0, name: '' })
    expect(fields).toEqual({ metadata: null, enabled: false, order: 0, name: '' })
    expect(Object.keys(fields)).not.toContain('title')
  })
})
