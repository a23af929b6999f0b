import { describeEachDatabase } from '@threadline/db/testing'
import { expect, it } from 'vitest'
import { databaseRateLimiter } from './rate-limiter.ts'

describeEachDatabase('databaseRateLimiter', (getDb) => {
  let keys = 0
  const freshKey = () => `bucket-${++keys}`

  it('allows a burst, then refuses until the bucket refills at the configured rate', async () => {
    let now = 0
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 2, burst: 3 }, () => now)
    const key = freshKey()
    expect([await limiter.take(key), await limiter.take(key), await limiter.take(key)].map((decision) => decision.allowed)).toEqual([true, true, true])
    expect(await limiter.take(key)).toEqual({ allowed: false, retryAfterMs: 500 })
    now = 499
    expect((await limiter.take(key)).allowed).toBe(false)
    now = 1000
    expect((await limiter.take(key)).allowed).toBe(true)
  })

  it('allows again exactly when Retry-After said, however often it refused meanwhile', async () => {
    let now = 0
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 10 / 60, burst: 1 }, () => now)
    const key = freshKey()
    expect((await limiter.take(key)).allowed).toBe(true)
    expect(await limiter.take(key)).toEqual({ allowed: false, retryAfterMs: 6000 })
    now = 5999
    expect(await limiter.take(key)).toEqual({ allowed: false, retryAfterMs: 1 })
    now = 6000
    expect((await limiter.take(key)).allowed).toBe(true)
    expect(await limiter.take(key)).toEqual({ allowed: false, retryAfterMs: 6000 })
  })

  it('shares one bucket per key between limiters (instances), and never stores more than the burst', async () => {
    let now = 0
    const [a, b] = [0, 1].map(() => databaseRateLimiter(getDb().prisma, { perSecond: 10, burst: 2 }, () => now))
    const key = freshKey()
    expect((await a!.take(key)).allowed).toBe(true)
    expect((await b!.take(key)).allowed).toBe(true)
    expect((await a!.take(key)).allowed).toBe(false)
    expect((await b!.take(freshKey())).allowed).toBe(true)
    now = 3_600_000
    expect([await a!.take(key), await b!.take(key), await a!.take(key)].map((decision) => decision.allowed)).toEqual([true, true, false])
  })

  it('lets exactly the burst through when many requests race', async () => {
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 0.001, burst: 5 }, () => 0)
    const key = freshKey()
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.take(key)))
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5)
  })
})
