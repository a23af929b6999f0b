import { describe, expect, it } from 'vitest'
import { indexJobProgress } from './job-progress.ts'
import { retryDelayMs } from './index-worker.ts'

const started = new Date('2026-12-03T10:00:00Z')

describe('indexJobProgress', () => {
  it('gives the rate since the start and the time left at that rate', () => {
    const progress = indexJobProgress({ done: 200, total: 1000, startedAt: started, finishedAt: null, state: 'running' }, new Date('2026-12-03T10:00:04Z'))
    expect(progress).toEqual({ done: 200, total: 1000, fraction: 0.2, perSecond: 50, etaSeconds: 16 })
  })

  it('has no rate before the first batch and no ETA once the job ended', () => {
    expect(indexJobProgress({ done: 0, total: 10, startedAt: null, finishedAt: null, state: 'queued' }, started)).toMatchObject({
      perSecond: null,
      etaSeconds: null,
    })
    const done = indexJobProgress(
      { done: 10, total: 10, startedAt: started, finishedAt: new Date('2026-12-03T10:00:02Z'), state: 'done' },
      new Date('2026-12-03T11:00:00Z'),
    )
    expect(done).toEqual({ done: 10, total: 10, fraction: 1, perSecond: 5, etaSeconds: null })
  })

  it('counts an empty finished job as complete', () => {
    expect(indexJobProgress({ done: 0, total: 0, startedAt: started, finishedAt: started, state: 'done' }, started).fraction).toBe(1)
  })
})

describe('retryDelayMs', () => {
  it('doubles per attempt up to the cap', () => {
    const backoff = { baseMs: 100, maxMs: 1000 }
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(attempt, backoff))).toEqual([100, 200, 400, 800, 1000, 1000])
  })
})
