// A token bucket per API token, kept in the database so every server instance
// spends from the same bucket: `burst` requests at once, refilled at
// `perSecond`. An instance does not spend one request at a time: it leases
// `lease` requests from the database bucket in one statement and serves them
// from memory for at most LEASE_TTL_MS, so the database is asked once per
// lease instead of once per request (issue 30: that statement was most of what
// an HTTP save did beyond the bulk-insert floor). Leased requests are spent in
// the database when leased, so no instance can serve more than the bucket
// gives; the slack is in time (docs/operations.md, "The rate limit's leases").
//
// The lease statement checks the token and leases: it locks the bucket row,
// grants up to `lease` of the requests the bucket holds (at least one, or
// none), gives back the unspent rest of this instance's expired lease, and only
// while the token is usable (not revoked, not expired); it also records the
// token's use (lastUsedAt, at most once a minute). That check is what lets a
// verified token be cached (token-cache.ts): a revocation on another instance
// is seen by this one at its next lease, within LEASE_TTL_MS; a revocation on
// this instance drops its lease at once (`forget`). A refusal for the rate
// changes nothing and says when the bucket holds a request again.
import type { PrismaClient } from '@threadline/db'

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number } | { allowed: false; tokenUnusable: true }

export type RateLimiter = {
  /** spends one request of the token's bucket */
  take(tokenId: string): Promise<RateLimitDecision>
  /** drops this instance's lease of a token (revoked here): its next request asks the database */
  forget(tokenId: string): void
}

export type RateLimiterOptions = {
  perSecond: number
  burst: number
  /** requests leased per statement; 1: every request asks the database (no slack) */
  lease: number
}

/** A lease lives at most this long: the longest another instance serves a token revoked elsewhere. */
export const LEASE_TTL_MS = 1_000
/** leases kept per instance; past it the oldest is dropped (its unspent requests are lost, never overspent) */
const MAX_LEASES = 10_000

/** The default lease: a tenth of the burst, at least one request. */
export function defaultLease(burst: number): number {
  return Math.max(1, Math.floor(burst / 10))
}

type Lease = { remaining: number; expiresAt: number }
type LeaseOutcome = { granted: number; expiresAt: number } | Exclude<RateLimitDecision, { allowed: true }>

const ALLOWED: RateLimitDecision = { allowed: true }

export function databaseRateLimiter(prisma: PrismaClient, options: RateLimiterOptions, now: () => number = Date.now): RateLimiter {
  const leases = new Map<string, Lease>()
  const renewals = new Map<string, Promise<LeaseOutcome>>()
  const leaseStatement = leaseFromDatabase(prisma, options)

  /** one lease statement; the request that asked for it is served from it first */
  async function renew(tokenId: string): Promise<LeaseOutcome> {
    const at = now()
    const previous = leases.get(tokenId)
    leases.delete(tokenId)
    // an expired lease's unspent requests go back to the bucket with the new lease
    const outcome = await leaseStatement(tokenId, at, previous?.remaining ?? 0)
    if ('granted' in outcome) {
      if (leases.size >= MAX_LEASES) leases.delete(leases.keys().next().value ?? '')
      leases.set(tokenId, { remaining: outcome.granted - 1, expiresAt: outcome.expiresAt })
    }
    return outcome
  }

  return {
    async take(tokenId) {
      for (;;) {
        const lease = leases.get(tokenId)
        if (lease !== undefined && lease.remaining >= 1 && lease.expiresAt > now()) {
          lease.remaining -= 1
          return ALLOWED
        }
        // one lease statement per token at a time: requests that come meanwhile wait for it, then share it
        const pending = renewals.get(tokenId)
        if (pending !== undefined) {
          const outcome = await pending
          if ('granted' in outcome) continue
          return outcome
        }
        const renewal = renew(tokenId).finally(() => renewals.delete(tokenId))
        renewals.set(tokenId, renewal)
        const outcome = await renewal
        return 'granted' in outcome ? ALLOWED : outcome
      }
    },
    forget(tokenId) {
      leases.delete(tokenId)
    },
  }
}

type LeaseRow = { usable: boolean; granted: number; expires_at: Date | null; tokens: number | null; updated_at: Date | null }

// $1 token id, $2 burst, $3 now, $4 per second, $5 lease, $6 the requests given back
const LEASE_SQL = `WITH usable AS (
  SELECT id, expires_at FROM api_tokens WHERE id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $3::timestamptz)
), used AS (
  -- lastUsedAt is informational: written at most once a minute per token
  UPDATE api_tokens SET last_used_at = $3::timestamptz
  WHERE id IN (SELECT id FROM usable) AND (last_used_at IS NULL OR last_used_at < $3::timestamptz - interval '1 minute')
), current AS (
  -- the bucket, locked until the statement ends (concurrent leases queue here), with the requests given back
  SELECT key, tokens + $6::float8 AS tokens, updated_at, EXTRACT(EPOCH FROM ($3::timestamptz - updated_at))::float8 AS elapsed
  FROM rate_limit_buckets WHERE key IN (SELECT id FROM usable) FOR UPDATE
), decided AS (
  SELECT key, LEAST($2::float8, tokens + elapsed * $4::float8) AS available
  FROM current
  -- the ms elapsed since the last lease cover the ms it takes to refill one request
  WHERE elapsed * 1000 >= (1 - tokens) / $4::float8 * 1000
), spent AS (
  UPDATE rate_limit_buckets AS bucket
  SET tokens = decided.available - GREATEST(1, LEAST($5::float8, FLOOR(decided.available))), updated_at = $3::timestamptz
  FROM decided WHERE bucket.key = decided.key
  RETURNING GREATEST(1, LEAST($5::float8, FLOOR(decided.available)))::int AS granted
), created AS (
  INSERT INTO rate_limit_buckets (key, tokens, updated_at)
  SELECT id, $2::float8 - GREATEST(1, LEAST($5::float8, FLOOR($2::float8))), $3::timestamptz FROM usable WHERE NOT EXISTS (SELECT 1 FROM current)
  ON CONFLICT (key) DO NOTHING
  RETURNING GREATEST(1, LEAST($5::float8, FLOOR($2::float8)))::int AS granted
)
SELECT EXISTS (SELECT 1 FROM usable) AS usable, COALESCE((SELECT granted FROM spent), (SELECT granted FROM created), 0) AS granted,
  (SELECT expires_at FROM usable) AS expires_at, (SELECT tokens FROM current) AS tokens, (SELECT updated_at FROM current) AS updated_at`

/** The lease statement (see the top of the file): a new bucket starts full. */
function leaseFromDatabase(prisma: PrismaClient, { perSecond, burst, lease }: RateLimiterOptions) {
  return async (tokenId: string, at: number, givenBack: number): Promise<LeaseOutcome> => {
    // twice at most: a bucket another instance created after this statement looked is leased from by the second
    for (let attempt = 1; ; attempt++) {
      const [row] = await prisma.$queryRawUnsafe<LeaseRow[]>(LEASE_SQL, tokenId, burst, new Date(at), perSecond, lease, givenBack)
      if (row?.usable !== true) return { allowed: false, tokenUnusable: true }
      if (row.granted > 0) return { granted: row.granted, expiresAt: Math.min(at + LEASE_TTL_MS, row.expires_at?.getTime() ?? Infinity) }
      if ((row.tokens === null || row.updated_at === null) && attempt === 1) continue
      const readyAt = (row.updated_at?.getTime() ?? at) + ((1 - (row.tokens ?? 1)) / perSecond) * 1000
      return { allowed: false, retryAfterMs: Math.max(1, Math.ceil(readyAt - at)) }
    }
  }
}
