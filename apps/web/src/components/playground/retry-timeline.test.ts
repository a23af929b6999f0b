import { describe, expect, it } from 'vitest'
import { buildRetryTimeline, MAX_SIMULATED_ATTEMPTS, simulateRetries } from './retry-timeline.ts'

describe('simulateRetries', () => {
  it('asks with a growing retryCount until the processor stops retrying', async () => {
    const asked: number[] = []
    const decisions = await simulateRetries(async (retryCount) => {
      asked.push(retryCount)
      return { retry: retryCount < 2, delayMs: 5000, retryCount }
    })
    expect(asked).toEqual([0, 1, 2])
    expect(decisions.map((decision) => decision.retry)).toEqual([true, true, false])
  })

  it('stops at the cap when every decision says retry', async () => {
    const decisions = await simulateRetries(async (retryCount) => ({ retry: true, delayMs: 0, retryCount }))
    expect(decisions).toHaveLength(MAX_SIMULATED_ATTEMPTS)
  })
})

describe('buildRetryTimeline', () => {
  it('puts a wait of the decided delay after each attempt that is retried', () => {
    const { steps, totalWaitMs } = buildRetryTimeline([
      { retry: true, delayMs: 5000, retryCount: 0 },
      { retry: false, delayMs: 0, retryCount: 1 },
    ])
    expect(
      steps.map((step) => (step.kind === 'attempt' ? `attempt ${step.number}${step.last ? ' (last)' : ''}` : `wait ${step.delayMs} from ${step.startsAtMs}`)),
    ).toEqual(['attempt 1', 'wait 5000 from 0', 'attempt 2 (last)'])
    expect(totalWaitMs).toBe(5000)
  })

  it('shows a single failed attempt when the first decision is no retry', () => {
    const { steps, totalWaitMs } = buildRetryTimeline([{ retry: false, delayMs: 0, retryCount: 0 }])
    expect(steps).toHaveLength(1)
    expect(totalWaitMs).toBe(0)
  })
})
