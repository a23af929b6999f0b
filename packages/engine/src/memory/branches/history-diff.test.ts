import { describe, expect, it } from 'vitest'
import { type DiffEntry, diffHistories } from './history-diff.ts'

const ids = (...list: string[]): DiffEntry[] => list.map((id) => ({ id, copyKey: null }))
const copies = (...list: [string, string][]): DiffEntry[] => list.map(([id, copyKey]) => ({ id, copyKey }))
/** Nothing of either side's own lies before the common point. */
const nothingBefore = { onlyInABeforeCommonCount: 0, onlyInBBeforeCommonCount: 0 }

describe('diffHistories', () => {
  it('siblings: the shared prefix is common, the tails are each side`s own', () => {
    const diff = diffHistories(ids('m1', 'm2', 'm3', 'a1', 'a2'), ids('m1', 'm2', 'm3', 'b1'))
    expect(diff).toEqual({ commonCount: 3, lastCommon: { a: 2, b: 2 }, firstCommon: { a: 0, b: 0 }, onlyInA: [3, 4], onlyInB: [3], ...nothingBefore })
  })

  it('branch and source: the source`s messages after the branch point are only the source`s', () => {
    const diff = diffHistories(ids('m1', 'm2', 'b1'), ids('m1', 'm2', 'm3', 'm4'))
    expect(diff).toEqual({ commonCount: 2, lastCommon: { a: 1, b: 1 }, firstCommon: { a: 0, b: 0 }, onlyInA: [2], onlyInB: [2, 3], ...nothingBefore })
  })

  it('a thread against itself has nothing of its own', () => {
    expect(diffHistories(ids('m1', 'm2'), ids('m1', 'm2'))).toEqual({
      commonCount: 2,
      lastCommon: { a: 1, b: 1 },
      firstCommon: { a: 0, b: 0 },
      onlyInA: [],
      onlyInB: [],
      ...nothingBefore,
    })
  })

  it('unrelated threads have no common point, so nothing lies before it', () => {
    const none = { commonCount: 0, lastCommon: null, firstCommon: null, ...nothingBefore }
    expect(diffHistories(ids('x'), ids('y', 'z'))).toEqual({ ...none, onlyInA: [0], onlyInB: [0, 1] })
    expect(diffHistories([], [])).toEqual({ ...none, onlyInA: [], onlyInB: [] })
  })

  it('clone and source: copies pair by copy key, in order, each at most once', () => {
    const source = copies(['s1', 'k1'], ['s2', 'k2'], ['s3', 'k2'], ['s4', 'k4'])
    const clone = copies(['c1', 'k1'], ['c2', 'k2'], ['c3', 'k2'], ['c9', 'k9'])
    expect(diffHistories(clone, source)).toEqual({
      commonCount: 3,
      lastCommon: { a: 2, b: 2 },
      firstCommon: { a: 0, b: 0 },
      onlyInA: [3],
      onlyInB: [3],
      ...nothingBefore,
    })
  })

  it('a partial clone of messages 3-8 of 10: shares 6 from the source`s #3 (its #1); #1-#2 lie before the common point, #9-#10 after', () => {
    const keys = Array.from({ length: 10 }, (_, i) => `k${i + 1}`)
    const source = copies(...keys.map((key, i): [string, string] => [`s${i + 1}`, key]))
    // new ids, the copies' keys: identity, not position, finds the common point
    const clone = copies(...keys.slice(2, 8).map((key, i): [string, string] => [`c${i + 1}`, key]))
    expect(diffHistories(source, clone)).toEqual({
      commonCount: 6,
      firstCommon: { a: 2, b: 0 },
      lastCommon: { a: 7, b: 5 },
      onlyInA: [0, 1, 8, 9],
      onlyInB: [],
      onlyInABeforeCommonCount: 2,
      onlyInBBeforeCommonCount: 0,
    })
    // seen from the clone: nothing of its own; the source's #1-#2 open its list, before the common point
    expect(diffHistories(clone, source)).toEqual({
      commonCount: 6,
      firstCommon: { a: 0, b: 2 },
      lastCommon: { a: 5, b: 7 },
      onlyInA: [],
      onlyInB: [0, 1, 8, 9],
      onlyInABeforeCommonCount: 0,
      onlyInBBeforeCommonCount: 2,
    })
  })

  it('a hand-picked clone: the gaps between picked messages lie before the common point too', () => {
    const source = copies(['s1', 'k1'], ['s2', 'k2'], ['s3', 'k3'], ['s4', 'k4'], ['s5', 'k5'])
    const clone = copies(['c1', 'k2'], ['c2', 'k4'], ['c3', 'own'])
    expect(diffHistories(source, clone)).toMatchObject({
      firstCommon: { a: 1, b: 0 },
      lastCommon: { a: 3, b: 1 },
      onlyInA: [0, 2, 4],
      onlyInABeforeCommonCount: 2,
      onlyInBBeforeCommonCount: 0,
    })
  })

  it('ids win over copy keys: a shared row is never paired with a copy of itself', () => {
    const a = copies(['m1', 'k1'], ['c1', 'k1'])
    const b = copies(['m1', 'k1'])
    expect(diffHistories(a, b)).toEqual({
      commonCount: 1,
      lastCommon: { a: 0, b: 0 },
      firstCommon: { a: 0, b: 0 },
      onlyInA: [1],
      onlyInB: [],
      ...nothingBefore,
    })
  })

  it('null copy keys never pair', () => {
    expect(
      diffHistories(
        copies(['a', 'k']).map((e) => ({ ...e, copyKey: null })),
        copies(['b', 'k']),
      ).commonCount,
    ).toBe(0)
  })
})
