import { describe, expect, it } from 'vitest'
import { pathOrder } from './save-throughput.ts'

describe('pathOrder', () => {
  it('swaps which path goes first every round (the first one pays for the server warming up)', () => {
    expect([0, 1, 2, 3].map((round) => pathOrder(2, round))).toEqual([
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
    ])
  })
})
