import { describe, expect, it } from 'vitest'
import { summarizeCalls } from './call-summary.ts'

const call = { retries: 0, waitedMs: 0, rules: [] as string[], repairedMessageIds: [] as string[], outcome: 'success' as const, error: null }

describe('summarizeCalls', () => {
  it('says a clean call is clean', () => {
    expect(summarizeCalls([call])).toBe('clean call')
  })

  it('sums retries and waits and names rules, repairs and a failure', () => {
    expect(
      summarizeCalls([
        { ...call, retries: 2, waitedMs: 3200, rules: ['cerebras-strip-reasoning-content'] },
        { ...call, outcome: 'failed', error: { name: 'E', message: 'x', statusCode: 529 }, repairedMessageIds: ['m1', 'm2'] },
      ] as Parameters<typeof summarizeCalls>[0]),
    ).toBe('2 calls · 2 retries, waited 3.2 s · cerebras-strip-reasoning-content · 2 messages repaired · failed (HTTP 529)')
  })
})
