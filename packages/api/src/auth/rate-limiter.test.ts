import { createOperator } from '@threadline/db'
import { describeEachDatabase } from '@threadline/db/testing'
import { beforeAll, expect, it } from 'vitest'
import { issueApiToken, revokeApiToken } from './api-tokens.ts'
import { databaseRateLimiter } from './rate-limiter.ts'

describeEachDatabase('databaseRateLimiter', (getDb) => {
  let operatorId: string
  beforeAll(async () => {
    operatorId = (await createOperator(getDb().prisma, { email: 'limits@threadline.invalid', name: 'Limits', password: 'limits-password-0123456789' })).id
  })
  /** a bucket is an API token's: a new token, its id */
  const issue = async (expiresAt: Date | null = null) =>
    (await issueApiToken(getDb().prisma, { name: 'limited', createdById: operatorId, allResources: true, resourceIds: [], canWrite: false, expiresAt })).summary
      .id

  it('allows a burst, then refuses until the bucket refills at the configured rate', async () => {
    let now = 0
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 2, burst: 3 }, () => now)
    const key = await issue()
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
    const key = await issue()
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
    const key = await issue()
    expect((await a!.take(key)).allowed).toBe(true)
    expect((await b!.take(key)).allowed).toBe(true)
    expect((await a!.take(key)).allowed).toBe(false)
    expect((await b!.take(await issue())).allowed).toBe(true)
    now = 3_600_000
    expect([await a!.take(key), await b!.take(key), await a!.take(key)].map((decision) => decision.allowed)).toEqual([true, true, false])
  })

  it('lets exactly the burst through when many requests race', async () => {
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 0.001, burst: 5 }, () => 0)
    const key = await issue()
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.take(key)))
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5)
  })

  it('spends nothing for a token that is unknown, revoked or expired (the check that lets tokens be cached)', async () => {
    let now = Date.UTC(2026, 0, 1)
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 1, burst: 5 }, () => now)
    const revoked = await issue()
    expect(await limiter.take(revoked)).toEqual({ allowed: true })
    // the same statement records the token's use
    expect((await getDb().prisma.apiToken.findUniqueOrThrow({ where: { id: revoked } })).lastUsedAt).toEqual(new Date(now))
    await revokeApiToken(getDb().prisma, revoked)
    expect(await limiter.take(revoked)).toEqual({ allowed: false, tokenUnusable: true })
    const expiring = await issue(new Date(now + 1000))
    expect(await limiter.take(expiring)).toEqual({ allowed: true })
    now += 1000
    expect(await limiter.take(expiring)).toEqual({ allowed: false, tokenUnusable: true })
    expect(await limiter.take('no-such-token')).toEqual({ allowed: false, tokenUnusable: true })
    const buckets = await getDb().prisma.rateLimitBucket.findMany({ where: { key: { in: [revoked, expiring, 'no-such-token'] } } })
    expect(buckets.map((bucket) => [bucket.key, bucket.tokens])).toEqual(
      expect.arrayContaining([
        [revoked, 4],
        [expiring, 4],
      ]),
    )
    expect(buckets).toHaveLength(2)
  })
})
