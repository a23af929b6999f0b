// Progressive sign-in delays instead of a lockout, kept in the database so
// every server instance sees the same counts. Each failure is counted for the
// client address and for the account (email): past `freeFailures`, the next
// attempt waits 1 s, then 2, 4, ... up to a cap, and an attempt during the wait
// is refused before any password is hashed. An address the account has signed
// in from before is not held back by the account's delay, and its password
// check does not queue behind anyone else's: an attacker elsewhere slows the
// real user's known address down only through that address's own failures.
// The address is one the client cannot choose (auth/client-address.ts).
// Counts restart after an hour with no failure.
import type { PrismaClient } from '@threadline/db'

export type SignInThrottleConfig = {
  /** failures (per address, per account) before any delay */
  freeFailures: number
  /** the longest wait for an address */
  maxAddressDelaySeconds: number
  /** the longest wait for an account (from addresses it has not signed in from) */
  maxAccountDelaySeconds: number
}

export type SignInAttempt = { email: string; address: string }

/** `known`: the account has signed in from this address before (its password checks go first: concurrency-gate.ts) */
export type SignInThrottleDecision = { allowed: true; known: boolean } | { allowed: false; retryAfterMs: number }

const RESET_AFTER_MS = 60 * 60 * 1000

function keysOf({ email, address }: SignInAttempt) {
  return { address: `address:${address}`, account: `account:${email}`, known: `known:${email} ${address}` }
}

export type SignInThrottle = {
  check(attempt: SignInAttempt): Promise<SignInThrottleDecision>
  recordFailure(attempt: SignInAttempt): Promise<void>
  recordSuccess(attempt: SignInAttempt): Promise<void>
}

export function signInThrottle(prisma: PrismaClient, config: SignInThrottleConfig, now: () => number = Date.now): SignInThrottle {
  return {
    async check(attempt) {
      const keys = keysOf(attempt)
      const rows = await prisma.$queryRaw<{ key: string; next_attempt_at: Date | null }[]>`
        SELECT key, next_attempt_at FROM sign_in_throttles WHERE key IN (${keys.address}, ${keys.account}, ${keys.known})`
      const known = rows.some((row) => row.key === keys.known)
      const waits = rows
        .filter((row) => row.key === keys.address || (row.key === keys.account && !known))
        .map((row) => (row.next_attempt_at?.getTime() ?? 0) - now())
      const retryAfterMs = Math.max(0, ...waits)
      return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true, known }
    },

    async recordFailure(attempt) {
      const keys = keysOf(attempt)
      const at = new Date(now())
      const resetBefore = new Date(at.getTime() - RESET_AFTER_MS)
      // one statement for both keys; `failures` below is the count after this failure. It also deletes other
      // failure counts past the reset window (they would restart at 1 anyway), so random emails and addresses
      // cannot grow the table beyond an hour of failures; the two keys written here are left to the upsert.
      const failures = `CASE WHEN sign_in_throttles.updated_at < $3::timestamptz THEN 1 ELSE sign_in_throttles.failures + 1 END`
      await prisma.$executeRawUnsafe(
        `WITH expired AS (
           DELETE FROM sign_in_throttles WHERE updated_at < $3::timestamptz AND key NOT LIKE 'known:%' AND key NOT IN ($1, $7)
         )
         INSERT INTO sign_in_throttles AS sign_in_throttles (key, failures, next_attempt_at, updated_at)
         VALUES ($1, 1, NULL, $2::timestamptz), ($7, 1, NULL, $2::timestamptz)
         ON CONFLICT (key) DO UPDATE SET
           failures = ${failures},
           next_attempt_at = CASE WHEN ${failures} <= $4::int THEN NULL ELSE $2::timestamptz + make_interval(secs => LEAST(
             CASE WHEN sign_in_throttles.key LIKE 'account:%' THEN $6::float8 ELSE $5::float8 END,
             power(2, LEAST(${failures} - $4::int - 1, 30)))) END,
           updated_at = $2::timestamptz`,
        keys.address,
        at,
        resetBefore,
        config.freeFailures,
        config.maxAddressDelaySeconds,
        config.maxAccountDelaySeconds,
        keys.account,
      )
    },

    async recordSuccess(attempt) {
      const keys = keysOf(attempt)
      // the address's own failures are forgiven; the account's stay (an attacker may still be at it)
      await prisma.$executeRaw`
        WITH cleared AS (DELETE FROM sign_in_throttles WHERE key = ${keys.address})
        INSERT INTO sign_in_throttles (key, failures, next_attempt_at, updated_at) VALUES (${keys.known}, 0, NULL, ${new Date(now())})
        ON CONFLICT (key) DO UPDATE SET updated_at = EXCLUDED.updated_at`
    },
  }
}
