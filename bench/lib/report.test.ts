import { describe, expect, it } from 'vitest'
import { selectedSizes } from './args.ts'
import { formatTable } from './report.ts'

describe('formatTable', () => {
  it('aligns columns and formats numbers', () => {
    expect(
      formatTable([
        { name: 'a', ms: 1234.5, ratio: 1.234 },
        { name: 'longer', ms: 2, ratio: null },
      ]),
    ).toBe(['| name   | ms   | ratio |', '|--------|------|-------|', '| a      | 1235 | 1.23  |', '| longer | 2    | -     |'].join('\n'))
  })
})

describe('selectedSizes', () => {
  it('reads --sizes with k suffixes, --quick and the defaults', () => {
    expect(selectedSizes([1000, 100_000], ['--sizes=1k,10000'])).toEqual([1000, 10000])
    expect(selectedSizes([1000, 100_000], ['--quick'])).toEqual([1000])
    expect(selectedSizes([1000, 100_000], [])).toEqual([1000, 100_000])
    expect(() => selectedSizes([1000], ['--sizes=ten'])).toThrow(/positive integers/)
  })
})
