import { describe, expect, it } from 'vitest'
import { type DiffEntry, diffHistories } from './history-diff.ts'

const ids = (...list: string[]): DiffEntry[] => list.map((id) => ({ id, copyKey: null }))
const copies = (...list: [string, string][]): DiffEntry[] => list.map(([id, copyKey]) => ({ id, copyKey }))

describe('diffHistories', () => {
  it('siblings: the shared prefix is common, the tails are each side`s own', () => {
    const diff = diffHistories(ids('m1', 'm2', 'm3', 'a1', 'a2'), ids('m1', 'm2', 'm3', 'b1'))
    expect(diff).toEqual({ commonCount: 3, lastCommon: { a: 2, b: 2 }, onlyInA: [3, 4], onlyInB: [3] })
  })

  it('branch and source: the source`s messages after the branch point are only the source`s', () => {
    const diff = diffHistories(ids('m1', 'm2', 'b1'), ids('m1', 'm2', 'm3', 'm4'))
    expect(diff).toEqual({ commonCount: 2, lastCommon: { a: 1, b: 1 }, onlyInA: [2], onlyInB: [2, 3] })
  })

  it('a thread against itself has nothing of its own', () => {
    expect(diffHistories(ids('m1', 'm2'), ids('m1', 'm2'))).toEqual({ commonCount: 2, lastCommon: { a: 1, b: 1 }, onlyInA: [], onlyInB: [] })
  })

  it('unrelated threads have no common point', () => {
    expect(diffHistories(ids('x'), ids('y', 'z'))).toEqual({ commonCount: 0, lastCommon: null, onlyInA: [0], onlyInB: [0, 1] })
    expect(diffHistories([], [])).toEqual({ commonCount: 0, lastCommon: null, onlyInA: [], onlyInB: [] })
  })

  it('clone and source: copies pair by copy key, in order, each at most once', () => {
    const source = copies(['s1', 'k1'], ['s2', 'k2'], ['s3', 'k2'], ['s4', 'k4'])
    const clone = copies(['c1', 'k1'], ['c2', 'k2'], ['c3', 'k2'], ['c9', 'k9'])
    expect(diffHistories(clone, source)).toEqual({ commonCount: 3, lastCommon: { a: 2, b: 2 }, onlyInA: [3], onlyInB: [3] })
  })

  it('a windowed clone: the common point is the last copied message, not a prefix', () => {
    const source = copies(['s1', 'k1'], ['s2', 'k2'], ['s3', 'k3'], ['s4', 'k4'])
    const clone = copies(['c3', 'k3'], ['c4', 'k4'], ['c5', 'k5'])
    expect(diffHistories(source, clone)).toEqual({ commonCount: 2, lastCommon: { a: 3, b: 1 }, onlyInA: [0, 1], onlyInB: [2] })
  })

  it('ids win over copy keys: a shared row is never paired with a copy of itself', () => {
    const a = copies(['m1', 'k1'], ['c1', 'k1'])
    const b = copies(['m1', 'k1'])
    expect(diffHistories(a, b)).toEqual({ commonCount: 1, lastCommon: { a: 0, b: 0 }, onlyInA: [1], onlyInB: [] })
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
