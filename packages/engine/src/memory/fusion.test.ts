import { describe, expect, it } from 'vitest'
import { DEFAULT_ARM_WEIGHTS, fuseByReciprocalRank, RRF_K } from './fusion.ts'

const ranked = (...ids: string[]) => ids.map((messageId, index) => ({ messageId, threadId: 't', score: 100 - index }))

describe('fuseByReciprocalRank', () => {
  it('scores each message by the sum of weight / (k + rank) over the arms that found it', () => {
    const fused = fuseByReciprocalRank([
      { weight: 1, matches: ranked('a', 'b', 'c') },
      { weight: 1, matches: ranked('c', 'd') },
    ])
    expect(fused.map((m) => m.messageId)).toEqual(['c', 'a', 'b', 'd'])
    expect(fused[0]?.score).toBeCloseTo(1 / (RRF_K + 3) + 1 / (RRF_K + 1))
    expect(fused[1]?.score).toBeCloseTo(1 / (RRF_K + 1))
  })

  it('agreement of both arms beats the top of one arm; a heavier arm wins ties of rank', () => {
    const both = fuseByReciprocalRank([
      { weight: 1, matches: ranked('x', 'shared') },
      { weight: 1, matches: ranked('y', 'shared') },
    ])
    expect(both[0]?.messageId).toBe('shared')
    const weighted = fuseByReciprocalRank([
      { weight: 1, matches: ranked('text-top') },
      { weight: 2, matches: ranked('vector-top') },
    ])
    expect(weighted.map((m) => m.messageId)).toEqual(['vector-top', 'text-top'])
  })

  it('with the default weights the full-text arm leads: the vector arm reorders its matches where both agree, and a message only the vector arm found comes after them', () => {
    const text = ranked(...Array.from({ length: 40 }, (_, index) => `t${index}`))
    const fused = fuseByReciprocalRank([
      { weight: DEFAULT_ARM_WEIGHTS.text, matches: text },
      { weight: DEFAULT_ARM_WEIGHTS.vector, matches: ranked('vector-only', 't2') },
    ])
    expect(fused.slice(0, 4).map((m) => m.messageId)).toEqual(['t2', 't0', 't1', 't3'])
    expect(fused.at(-1)?.messageId).toBe('vector-only')
  })

  it('breaks equal scores by the earlier arm, then by rank, and ignores the arms own scores', () => {
    const fused = fuseByReciprocalRank([
      { weight: 1, matches: [{ messageId: 'a', threadId: 't', score: 0.001 }] },
      { weight: 1, matches: [{ messageId: 'b', threadId: 't', score: 999 }] },
    ])
    expect(fused.map((m) => m.messageId)).toEqual(['a', 'b'])
    expect(fuseByReciprocalRank([])).toEqual([])
  })
})
