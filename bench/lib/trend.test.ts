import { describe, expect, it } from 'vitest'
import { trendOf } from './trend.ts'

describe('trendOf', () => {
  it('finds a slow rise under a sawtooth', () => {
    // +10 per step under a ±50 sawtooth (which alone fits a slope of about -2 over 12 alternating points)
    const points = Array.from({ length: 12 }, (_, x) => ({ x, y: 500 + 10 * x + (x % 2 === 0 ? 50 : -50) }))
    const trend = trendOf(points)
    expect(trend?.slopePerUnit).toBeCloseTo(10 - 300 / 143, 6)
    expect(trend?.firstHalf).toEqual({ low: 460, high: 590 })
    expect(trend?.secondHalf).toEqual({ low: 520, high: 650 })
  })

  it('is flat for a flat series and needs four points', () => {
    expect(trendOf([1, 2, 3, 4].map((x) => ({ x, y: 7 })))?.slopePerUnit).toBe(0)
    expect(trendOf([{ x: 1, y: 1 }])).toBeNull()
  })
})
