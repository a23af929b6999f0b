import { describe, expect, it } from 'vitest'
import { compareLayout } from './compare-rows.ts'

describe('compareLayout', () => {
  it('a partial clone: the source`s left-out messages go before the common point, the later ones pair with nothing', () => {
    const layout = compareLayout({ onlyInA: ['#1', '#2', '#9', '#10'], onlyInB: [], onlyInABeforeCommonCount: 2, onlyInBBeforeCommonCount: 0 })
    expect(layout.beforeA).toEqual(['#1', '#2'])
    expect(layout.beforeB).toEqual([])
    expect(layout.rows).toEqual([
      { a: '#9', b: null },
      { a: '#10', b: null },
    ])
  })

  it('two branches: the n-th message after the fork on each side share a row', () => {
    const layout = compareLayout({ onlyInA: ['a1', 'a2'], onlyInB: ['b1', 'b2', 'b3'], onlyInABeforeCommonCount: 0, onlyInBBeforeCommonCount: 0 })
    expect(layout.rows).toEqual([
      { a: 'a1', b: 'b1' },
      { a: 'a2', b: 'b2' },
      { a: null, b: 'b3' },
    ])
  })
})
