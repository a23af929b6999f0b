import { describe, expect, it } from 'vitest'
import { bm25Index } from './bm25.ts'
import { meanReciprocalRank, recallAt } from './metrics.ts'

describe('recall-quality metrics', () => {
  it('counts the share of evidence in the top k and the reciprocal rank of the first hit', () => {
    const results = [
      { evidenceIds: ['a', 'b'], rankedIds: ['x', 'a', 'y', 'z', 'w', 'b'] },
      { evidenceIds: ['c'], rankedIds: ['x', 'y'] },
    ]
    expect(recallAt(results, 5)).toBeCloseTo((0.5 + 0) * 50)
    expect(recallAt(results, 10)).toBeCloseTo(50)
    expect(meanReciprocalRank(results)).toBeCloseTo((1 / 2 + 0) / 2)
  })

  it('BM25 prefers the rarer shared word and shorter documents', () => {
    const index = bm25Index([
      { id: 'common', text: 'order order order the parcel' },
      { id: 'rare', text: 'the tracking code of the parcel' },
      { id: 'none', text: 'weather in Lisbon' },
    ])
    expect(index.search('tracking parcel', 10)).toEqual(['rare', 'common'])
  })
})
