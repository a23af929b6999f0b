import { describe, expect, it } from 'vitest'
import { defaultReplyReserve, fitToBudget, type Costed } from './context-budget.ts'

const items = (prefix: string, tokens: number[], ranks: number[] = []): Costed<string>[] =>
  tokens.map((cost, index) => ({ item: `${prefix}${index}`, tokens: cost, rank: ranks[index] ?? 0 }))

describe('defaultReplyReserve', () => {
  it('is a quarter of the window, at most 4096', () => {
    expect(defaultReplyReserve(8000)).toBe(2000)
    expect(defaultReplyReserve(128_000)).toBe(4096)
  })
})

describe('fitToBudget', () => {
  it('keeps everything that fits', () => {
    const fit = fitToBudget({ budget: 100, fixed: 10, observations: 10, recalled: items('r', [10, 10]), recent: items('m', [10, 10]) })
    expect(fit).toMatchObject({ recalled: ['r0', 'r1'], recent: ['m0', 'm1'], keepObservations: true, dropped: [], used: 60, fits: true })
  })

  it('drops the weakest recalled match first, with its neighbours, before any recent message', () => {
    // r0 and r1 belong to the best match (rank 0), r2 to the second (rank 1)
    const fit = fitToBudget({ budget: 55, fixed: 10, observations: 0, recalled: items('r', [10, 10, 10], [0, 0, 1]), recent: items('m', [10, 10]) })
    expect(fit.dropped).toEqual(['r2'])
    expect(fit.recalled).toEqual(['r0', 'r1'])
    expect(fit.recent).toEqual(['m0', 'm1'])
  })

  it('then drops the oldest recent messages, then the observational memory', () => {
    const fit = fitToBudget({ budget: 35, fixed: 10, observations: 20, recalled: items('r', [10]), recent: items('m', [10, 10, 10]) })
    expect(fit.dropped).toEqual(['r0', 'm0', 'm1', 'm2'])
    expect(fit.keepObservations).toBe(true)
    expect(fit.used).toBe(30)
    const tighter = fitToBudget({ budget: 15, fixed: 10, observations: 20, recalled: [], recent: items('m', [10]) })
    expect(tighter).toMatchObject({ recent: [], keepObservations: false, used: 10, fits: true })
  })

  it('does not fit when what is never dropped exceeds the budget', () => {
    const fit = fitToBudget({ budget: 50, fixed: 80, observations: 5, recalled: items('r', [5]), recent: items('m', [5]) })
    expect(fit).toMatchObject({ recalled: [], recent: [], keepObservations: false, used: 80, fits: false })
  })
})
