import { describe, expect, it } from 'vitest'
import { bestFusion, fuse, splitByPerson, type ArmRuns } from './fusion-tuning.ts'

const match = (messageId: string) => ({ messageId, threadId: 't', score: 0 })

describe('fusion tuning', () => {
  // the evidence 'e' is 3rd in the text arm and 1st in the vector arm
  const runs: ArmRuns[] = [{ resourceId: 'p1', question: 'q', evidenceIds: ['e'], text: ['a', 'b', 'e'].map(match), vector: ['e', 'c', 'd'].map(match) }]

  it('fuses with the given vector weight and k', () => {
    expect(fuse(runs, { vectorWeight: 1, k: 60 }, 1)[0]?.rankedIds).toEqual(['e'])
    expect(fuse(runs, { vectorWeight: 0.25, k: 1 }, 1)[0]?.rankedIds).toEqual(['a'])
  })

  it('picks the grid point with the best recall, then MRR, first on ties', () => {
    const grid = [
      { vectorWeight: 0.25, k: 1 },
      { vectorWeight: 2, k: 60 },
      { vectorWeight: 4, k: 60 },
    ]
    expect(bestFusion(runs, 1, grid)).toEqual({ vectorWeight: 2, k: 60 })
  })

  it('splits by person: the first half (sorted) tunes, the rest is held out', () => {
    const items = ['p3', 'p1', 'p4', 'p2', 'p1'].map((resourceId) => ({ resourceId }))
    const { tune, heldOut } = splitByPerson(items)
    expect(tune.map((i) => i.resourceId)).toEqual(['p1', 'p2', 'p1'])
    expect(heldOut.map((i) => i.resourceId)).toEqual(['p3', 'p4'])
  })
})
