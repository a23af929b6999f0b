import { describe, expect, it } from 'vitest'
import { TokenBucketRateLimiter } from './rate-limiter.ts'

describe('TokenBucketRateLimiter', () => {
  it('allows a burst, then refuses until the bucket refills at the configured rate', () => {
    let now = 0
    const limiter = new TokenBucketRateLimiter({ perSecond: 2, burst: 3 }, () => now)
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, true])
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterMs: 500 })
    now = 499
    expect(limiter.take('a').allowed).toBe(false)
    now = 1000
    expect(limiter.take('a').allowed).toBe(true)
  })

  it('allows again exactly when Retry-After said, however often it refused meanwhile', () => {
    let now = 0
    const limiter = new TokenBucketRateLimiter({ perSecond: 10 / 60, burst: 1 }, () => now)
    expect(limiter.take('a').allowed).toBe(true)
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterMs: 6000 })
    now = 5999
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterMs: 1 })
    now = 6000
    expect(limiter.take('a').allowed).toBe(true)
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterMs: 6000 })
  })

  it('keeps one bucket per key', () => {
    const limiter = new TokenBucketRateLimiter({ perSecond: 1, burst: 1 }, () => 0)
    expect(limiter.take('a').allowed).toBe(true)
    expect(limiter.take('a').allowed).toBe(false)
    expect(limiter.take('b').allowed).toBe(true)
  })

  it('never stores more than the burst however long a key was idle', () => {
    let now = 0
    const limiter = new TokenBucketRateLimiter({ perSecond: 10, burst: 2 }, () => now)
    limiter.take('a')
    now = 3_600_000
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, false])
  })
})
