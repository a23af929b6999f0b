// A token bucket per API token, kept in the database so every server instance
// spends from the same bucket: `burst` requests at once, refilled at
// `perSecond`. One statement checks the token and spends: an upsert that only
// happens while the token is usable (not revoked, not expired) and only when
// its bucket holds a whole request (the row lock orders concurrent requests);
// it also records the token's use (lastUsedAt, at most once a minute).
// The token check is what lets a verified token be cached (token-cache.ts):
// a revocation on any instance is seen by this statement on every instance.
// A refusal for the rate changes nothing and reads the bucket once more for
// its Retry-After (the rare path).
import type { PrismaClient } from '@threadline/db'

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number } | { allowed: false; tokenUnusable: true }

/** `take(tokenId)`: spends one request of the token's bucket. */
export type RateLimiter = { take(tokenId: string): Promise<RateLimitDecision> }

export function databaseRateLimiter(prisma: PrismaClient, options: { perSecond: number; burst: number }, now: () => number = Date.now): RateLimiter {
  const { perSecond, burst } = options
  return {
    async take(tokenId) {
      const at = new Date(now())
      const [decision] = await prisma.$queryRawUnsafe<{ usable: boolean; allowed: boolean }[]>(
        `WITH usable AS (
           SELECT id FROM api_tokens WHERE id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $3::timestamptz)
         ), used AS (
           -- lastUsedAt is informational: written at most once a minute per token
           UPDATE api_tokens SET last_used_at = $3::timestamptz
           WHERE id IN (SELECT id FROM usable) AND (last_used_at IS NULL OR last_used_at < $3::timestamptz - interval '1 minute')
         ), spent AS (
           INSERT INTO rate_limit_buckets AS bucket (key, tokens, updated_at) SELECT id, $2::float8 - 1, $3::timestamptz FROM usable
           ON CONFLICT (key) DO UPDATE SET
             tokens = LEAST($2::float8, bucket.tokens + EXTRACT(EPOCH FROM ($3::timestamptz - bucket.updated_at))::float8 * $4::float8) - 1,
             updated_at = $3::timestamptz
           -- the ms elapsed since the last allowed request cover the ms it takes to refill one request
           WHERE EXTRACT(EPOCH FROM ($3::timestamptz - bucket.updated_at))::float8 * 1000 >= (1 - bucket.tokens) / $4::float8 * 1000
           RETURNING key
         )
         SELECT EXISTS (SELECT 1 FROM usable) AS usable, EXISTS (SELECT 1 FROM spent) AS allowed`,
        tokenId,
        burst,
        at,
        perSecond,
      )
      if (decision?.usable !== true) return { allowed: false, tokenUnusable: true }
      if (decision.allowed) return { allowed: true }
      const [bucket] = await prisma.$queryRaw<{ tokens: number; updated_at: Date }[]>`
        SELECT tokens, updated_at FROM rate_limit_buckets WHERE key = ${tokenId}`
      const readyAt = (bucket?.updated_at.getTime() ?? at.getTime()) + ((1 - (bucket?.tokens ?? 1)) / perSecond) * 1000
      return { allowed: false, retryAfterMs: Math.max(1, Math.ceil(readyAt - at.getTime())) }
    },
  }
}
