// Idempotency-Key claims in the database (table idempotency_keys), so every
// instance on it sees them. The first request with a key claims it (one
// INSERT; the primary key settles a race between instances), runs, and
// completes the claim with its answer; later requests with the key read the
// claim: the answer to replay, another body's hash, or a claim still running.
// A key lives 24 h; a claim that never completed (its instance stopped) is
// taken over after CLAIM_TAKEOVER_MS. Expired rows are deleted in bulk at most
// once a minute per instance, on the way of a claim.
import type { PrismaClient } from '@threadline/db'

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000
/** longer than any create takes (a streamed turn included) */
export const CLAIM_TAKEOVER_MS = 10 * 60 * 1000
const PRUNE_EVERY_MS = 60_000

export type IdempotencyClaimInput = { callerKey: string; key: string; procedure: string; requestHash: string }

export type IdempotencyClaim =
  /** this request runs; complete or release the claim when it ends */
  | { kind: 'claimed' }
  /** the first request's answer (the wire transformer's JSON) */
  | { kind: 'completed'; response: unknown }
  /** the key was used for another procedure or body */
  | { kind: 'mismatch' }
  /** the first request is still running */
  | { kind: 'running' }

export type IdempotencyStore = {
  claim(input: IdempotencyClaimInput): Promise<IdempotencyClaim>
  complete(input: { callerKey: string; key: string; response: unknown }): Promise<void>
  /** the request failed: the key is free again (a retry runs anew) */
  release(input: { callerKey: string; key: string }): Promise<void>
  /** deletes the expired keys; returns how many */
  prune(): Promise<number>
}

type ClaimRow = { procedure: string; requestHash: string; response: unknown; taken: boolean }

export function idempotencyStore(prisma: PrismaClient, now: () => number = Date.now): IdempotencyStore {
  let prunedAt = 0
  const store: IdempotencyStore = {
    async claim({ callerKey, key, procedure, requestHash }) {
      const at = new Date(now())
      if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = at.getTime()
        await store.prune()
      }
      const expiresAt = new Date(at.getTime() + IDEMPOTENCY_KEY_TTL_MS)
      const staleBefore = new Date(at.getTime() - CLAIM_TAKEOVER_MS)
      // one statement: insert the claim, or take over an expired / abandoned one, or read the one there
      const [row] = await prisma.$queryRaw<ClaimRow[]>`
        INSERT INTO idempotency_keys AS k (caller_key, key, procedure, request_hash, created_at, expires_at)
        VALUES (${callerKey}, ${key}, ${procedure}, ${requestHash}, ${at}, ${expiresAt})
        ON CONFLICT (caller_key, key) DO UPDATE SET
          procedure = EXCLUDED.procedure, request_hash = EXCLUDED.request_hash, response = NULL, completed_at = NULL,
          created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
        WHERE k.expires_at <= ${at} OR (k.completed_at IS NULL AND k.created_at < ${staleBefore})
        RETURNING procedure, request_hash AS "requestHash", response, true AS taken`
      if (row?.taken) return { kind: 'claimed' }
      const [held] = await prisma.$queryRaw<(ClaimRow & { completed: boolean })[]>`
        SELECT procedure, request_hash AS "requestHash", response, completed_at IS NOT NULL AS completed, false AS taken
        FROM idempotency_keys WHERE caller_key = ${callerKey} AND key = ${key}`
      // released in between: claim again
      if (held === undefined) return store.claim({ callerKey, key, procedure, requestHash })
      if (held.procedure !== procedure || held.requestHash !== requestHash) return { kind: 'mismatch' }
      return held.completed ? { kind: 'completed', response: held.response } : { kind: 'running' }
    },
    async complete({ callerKey, key, response }) {
      await prisma.$executeRaw`
        UPDATE idempotency_keys SET response = ${JSON.stringify(response)}::jsonb, completed_at = ${new Date(now())}
        WHERE caller_key = ${callerKey} AND key = ${key}`
    },
    async release({ callerKey, key }) {
      await prisma.$executeRaw`DELETE FROM idempotency_keys WHERE caller_key = ${callerKey} AND key = ${key} AND completed_at IS NULL`
    },
    async prune() {
      return prisma.$executeRaw`DELETE FROM idempotency_keys WHERE expires_at <= ${new Date(now())}`
    },
  }
  return store
}
