// The request's character budget: texts within it go to the pool in one run
// per batch, the first text past it and everything after get the estimate.
import { TRPCError } from '@trpc/server'
import { describe, expect, it } from 'vitest'
import type { PlaygroundJob } from '../../playground/worker/playground-job.ts'
import type { PlaygroundPool } from '../../playground/worker/playground-pool.ts'
import { bpeTokenCounter, MAX_COUNTED_CHARS } from './bpe-counter.ts'

/** A pool that answers a count per character (or fails every run with `failure`) and records the texts of each run. */
function countingPool(failure?: Error): PlaygroundPool & { runs: string[][] } {
  const runs: string[][] = []
  return {
    runs,
    run: (_caller: string, job: PlaygroundJob) => {
      if (job.op !== 'countTokens') throw new Error(`unexpected job ${job.op}`)
      runs.push(job.texts)
      if (failure) return Promise.reject(failure)
      return Promise.resolve({ counts: job.texts.map((text) => text.length), estimated: 0 })
    },
    warm: () => Promise.resolve(),
    stats: () => ({ workersStarted: 0, running: 0 }),
    close: () => Promise.resolve(),
  }
}

describe('bpeTokenCounter', () => {
  it('counts up to MAX_COUNTED_CHARS per request on the pool, then estimates (a token per 4 bytes)', async () => {
    const pool = countingPool()
    const counter = bpeTokenCounter({ pool, callerKey: 'c', encoding: 'o200k_base' })
    const half = 'a'.repeat(MAX_COUNTED_CHARS / 2)
    expect(await counter.countAll([half, 'bb'])).toEqual([half.length, 2])
    expect(await counter.countAll([half, 'cccc'])).toEqual([half.length / 4, 1])
    expect(await counter.countAll(['dddd'])).toEqual([1])
    expect(pool.runs.map((texts) => texts.length)).toEqual([2])
  })

  it('estimates a batch when the pool is busy, so counting never fails a turn; any other failure is thrown', async () => {
    const busy = countingPool(new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'The playground is busy' }))
    expect(await bpeTokenCounter({ pool: busy, callerKey: 'c', encoding: 'o200k_base' }).countAll(['aaaaaaaa', 'bb'])).toEqual([2, 1])
    expect(busy.runs).toEqual([['aaaaaaaa', 'bb']])
    const broken = countingPool(new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'too large' }))
    await expect(bpeTokenCounter({ pool: broken, callerKey: 'c', encoding: 'o200k_base' }).countAll(['aaaa'])).rejects.toThrow('too large')
  })
})
