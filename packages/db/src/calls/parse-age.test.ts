import { describe, expect, it } from 'vitest'
import { parseAge } from './parse-age.ts'

describe('parseAge', () => {
  it('reads days, hours and minutes', () => {
    expect(parseAge('30d')).toBe(30 * 86_400_000)
    expect(parseAge('12h')).toBe(12 * 3_600_000)
    expect(parseAge(' 90m ')).toBe(90 * 60_000)
  })

  it.each(['', '30', 'd', '0d', '-1d', '1w', '1.5d'])('refuses %j', (text) => {
    expect(() => parseAge(text)).toThrow(/expected an age such as 30d/)
  })
})
