import { createOperator } from '@threadline/db'
import { describeEachDatabase } from '@threadline/db/testing'
import { beforeAll, expect, it } from 'vitest'
import { issueApiToken, revokeApiToken } from './api-tokens.ts'
import { databaseRateLimiter, LEASE_TTL_MS } from './rate-limiter.ts'

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
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 2, burst: 3, lease: 1 }, () => now)
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
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 10 / 60, burst: 1, lease: 1 }, () => now)
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
    const [a, b] = [0, 1].map(() => databaseRateLimiter(getDb().prisma, { perSecond: 10, burst: 2, lease: 1 }, () => now))
    const key = await issue()
    expect((await a!.take(key)).allowed).toBe(true)
    expect((await b!.take(key)).allowed).toBe(true)
    expect((await a!.take(key)).allowed).toBe(false)
    expect((await b!.take(await issue())).allowed).toBe(true)
    now = 3_600_000
    expect([await a!.take(key), await b!.take(key), await a!.take(key)].map((decision) => decision.allowed)).toEqual([true, true, false])
  })

  it('lets exactly the burst through when many requests race', async () => {
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 0.001, burst: 5, lease: 1 }, () => 0)
    const key = await issue()
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.take(key)))
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5)
  })

  it('spends nothing for a token that is unknown, revoked or expired (the check that lets tokens be cached)', async () => {
    let now = Date.UTC(2026, 0, 1)
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 1, burst: 5, lease: 1 }, () => now)
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
  /** the token's bucket row as the database holds it */
  const bucketOf = (key: string) => getDb().prisma.rateLimitBucket.findUniqueOrThrow({ where: { key } })
  const allowedOf = async (takes: Promise<{ allowed: boolean }>[]) => (await Promise.all(takes)).map((decision) => decision.allowed)

  it('leases: spends a whole lease in the database at once and serves it from memory, then leases again', async () => {
    let now = 0
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 0.001, burst: 20, lease: 5 }, () => now)
    const key = await issue()
    expect(await limiter.take(key)).toEqual({ allowed: true })
    const leased = await bucketOf(key)
    expect(leased.tokens).toBe(15)
    now = 500
    for (let i = 0; i < 4; i++) expect(await limiter.take(key)).toEqual({ allowed: true })
    // four requests, no statement: the bucket row is as the lease left it
    expect(await bucketOf(key)).toEqual(leased)
    expect(await limiter.take(key)).toEqual({ allowed: true })
    expect((await bucketOf(key)).tokens).toBeCloseTo(15 + 0.5 * 0.001 - 5, 9)
  })

  it('leases: two instances never pass the burst together; each holds at most its lease; a refusal gives Retry-After', async () => {
    const [a, b] = [0, 1].map(() => databaseRateLimiter(getDb().prisma, { perSecond: 0.001, burst: 20, lease: 5 }, () => 0))
    const key = await issue()
    expect(await a!.take(key)).toEqual({ allowed: true })
    const onB: boolean[] = []
    for (let i = 0; i < 20; i++) onB.push((await b!.take(key)).allowed)
    // the 4 requests A leased and has not spent are A's: B gets the other 15
    expect(onB.filter(Boolean)).toHaveLength(15)
    expect(await b!.take(key)).toEqual({ allowed: false, retryAfterMs: 1_000_000 })
    const onA: boolean[] = []
    for (let i = 0; i < 4; i++) onA.push((await a!.take(key)).allowed)
    expect(onA).toEqual([true, true, true, true])
    expect(await a!.take(key)).toEqual({ allowed: false, retryAfterMs: 1_000_000 })
  })

  it('leases: concurrent requests of one token share one lease statement', async () => {
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 0.001, burst: 100, lease: 10 }, () => 0)
    const key = await issue()
    expect(await allowedOf(Array.from({ length: 15 }, () => limiter.take(key)))).toEqual(Array<boolean>(15).fill(true))
    // two leases of 10, not one statement per request
    expect((await bucketOf(key)).tokens).toBe(80)
  })

  it('leases: a lease ends after LEASE_TTL_MS, giving its unspent requests back; a token revoked elsewhere is refused from then on', async () => {
    let now = 0
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 0.001, burst: 20, lease: 5 }, () => now)
    const key = await issue()
    expect(await allowedOf([limiter.take(key), limiter.take(key)])).toEqual([true, true])
    now = LEASE_TTL_MS
    // 3 unspent requests go back with the next lease: 15 + 3 + the refill - 5
    expect(await limiter.take(key)).toEqual({ allowed: true })
    expect((await bucketOf(key)).tokens).toBeCloseTo(15 + 3 + 0.001 - 5, 9)
    await revokeApiToken(getDb().prisma, key)
    // revoked by another instance: this one serves its lease until the lease ends (the documented slack)
    now = LEASE_TTL_MS * 1.5
    expect(await limiter.take(key)).toEqual({ allowed: true })
    now = LEASE_TTL_MS * 2
    expect(await limiter.take(key)).toEqual({ allowed: false, tokenUnusable: true })
  })

  it('leases: a lease ends when its token expires, even before LEASE_TTL_MS', async () => {
    let now = 0
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 0.001, burst: 20, lease: 5 }, () => now)
    const key = await issue(new Date(LEASE_TTL_MS / 4))
    expect(await limiter.take(key)).toEqual({ allowed: true })
    now = LEASE_TTL_MS / 4 - 1
    expect(await limiter.take(key)).toEqual({ allowed: true })
    expect((await bucketOf(key)).tokens).toBe(15)
    now = LEASE_TTL_MS / 4
    expect(await limiter.take(key)).toEqual({ allowed: false, tokenUnusable: true })
  })

  it('leases: forget drops the lease, so a token revoked on this instance is refused at once', async () => {
    const limiter = databaseRateLimiter(getDb().prisma, { perSecond: 0.001, burst: 20, lease: 5 }, () => 0)
    const key = await issue()
    expect(await limiter.take(key)).toEqual({ allowed: true })
    await revokeApiToken(getDb().prisma, key)
    limiter.forget(key)
    expect(await limiter.take(key)).toEqual({ allowed: false, tokenUnusable: true })
  })
})
