import { describe, expect, it } from 'vitest'
import { heapBytesPerCall, percentile, summarize } from './measure.ts'

describe('percentile and summarize', () => {
  it('use the nearest rank', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    expect(percentile(sorted, 50)).toBe(5)
    expect(percentile(sorted, 95)).toBe(10)
    expect(percentile(sorted, 0)).toBe(1)
    expect(percentile([], 50)).toBeNaN()
  })

  it('summarises unsorted samples', () => {
    expect(summarize([3, 1, 2, 4])).toEqual({ count: 4, min: 1, p50: 2, p95: 4, p99: 4, max: 4, mean: 2.5 })
  })
})

/** null means a collection ran during the loop (rare for these sizes): measure again. */
async function measured(fn: () => unknown, calls: number): Promise<number | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const bytes = await heapBytesPerCall(fn, calls)
    if (bytes !== null) return bytes
  }
  return null
}

describe('heapBytesPerCall', () => {
  it('tells a call that allocates from one that does not', async () => {
    const kept: number[] = [1, 2, 3]
    const none = await measured(() => kept.length, 5_000)
    const array = await measured(() => new Array<number>(1000).fill(0), 50)
    expect(none).not.toBeNull()
    expect(none!).toBeLessThan(100)
    // 1000 small integers: ~8 kB of elements
    expect(array!).toBeGreaterThan(4_000)
  })
})
