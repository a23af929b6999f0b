// A token bucket per key (an API token's id), kept in the database so every
// server instance spends from the same bucket: `burst` requests at once,
// refilled at `perSecond`. One statement decides and spends: an upsert whose
// update only happens when the bucket holds a whole request (the row lock
// orders concurrent requests); a refusal changes nothing and reads the bucket
// once more for its Retry-After.
import type { PrismaClient } from '@threadline/db'

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number }

export type RateLimiter = { take(key: string): Promise<RateLimitDecision> }

export function databaseRateLimiter(prisma: PrismaClient, options: { perSecond: number; burst: number }, now: () => number = Date.now): RateLimiter {
  const { perSecond, burst } = options
  return {
    async take(key) {
      const at = new Date(now())
      // elapsed ms since the last allowed request, and the ms it takes to refill up to one request
      const spent = await prisma.$queryRawUnsafe<{ key: string }[]>(
        `INSERT INTO rate_limit_buckets AS bucket (key, tokens, updated_at) VALUES ($1, $2::float8 - 1, $3::timestamptz)
         ON CONFLICT (key) DO UPDATE SET
           tokens = LEAST($2::float8, bucket.tokens + EXTRACT(EPOCH FROM ($3::timestamptz - bucket.updated_at))::float8 * $4::float8) - 1,
           updated_at = $3::timestamptz
         WHERE EXTRACT(EPOCH FROM ($3::timestamptz - bucket.updated_at))::float8 * 1000 >= (1 - bucket.tokens) / $4::float8 * 1000
         RETURNING key`,
        key,
        burst,
        at,
        perSecond,
      )
      if (spent.length > 0) return { allowed: true }
      const [bucket] = await prisma.$queryRaw<{ tokens: number; updated_at: Date }[]>`
        SELECT tokens, updated_at FROM rate_limit_buckets WHERE key = ${key}`
      const readyAt = (bucket?.updated_at.getTime() ?? at.getTime()) + ((1 - (bucket?.tokens ?? 1)) / perSecond) * 1000
      return { allowed: false, retryAfterMs: Math.max(1, Math.ceil(readyAt - at.getTime())) }
    },
  }
}
