// Thread redirects: an id whose row is gone but whose history lives on in
// another thread (promoteBranch deletes the promoted branch). Links to the old
// id (calls, audit, bookmarks) resolve through this table. Every redirect
// points at the final thread (promotion re-points a chain), so deleting that
// thread deletes the whole chain's redirects with it: the old ids then answer
// "not found", never a redirect to nothing.
import type { StoredThreadRedirect, ThreadRedirectReason } from '@threadline/engine/storage'
import type { StorageContext } from './context.ts'

/**
 * Records that `fromThreadId` now lives in `toThreadId`, in the caller's
 * transaction. Redirects that pointed at `fromThreadId` are re-pointed too, so
 * a chain of promotions still resolves in one read.
 */
export async function recordThreadRedirect(
  ctx: StorageContext,
  input: { fromThreadId: string; fromTitle: string; toThreadId: string; reason: ThreadRedirectReason; at: Date },
): Promise<void> {
  await ctx.db.$executeRaw`UPDATE thread_redirects SET to_thread_id = ${input.toThreadId} WHERE to_thread_id = ${input.fromThreadId}`
  await ctx.db.$executeRaw`
    INSERT INTO thread_redirects (from_thread_id, from_title, to_thread_id, reason, created_at)
    VALUES (${input.fromThreadId}, ${input.fromTitle}, ${input.toThreadId}, ${input.reason}, ${input.at})
    ON CONFLICT (from_thread_id) DO UPDATE SET from_title = EXCLUDED.from_title, to_thread_id = EXCLUDED.to_thread_id,
      reason = EXCLUDED.reason, created_at = EXCLUDED.created_at`
}

export async function getThreadRedirect(ctx: StorageContext, fromThreadId: string): Promise<StoredThreadRedirect | null> {
  const [row] = await ctx.db.$queryRaw<StoredThreadRedirect[]>`
    SELECT from_thread_id AS "fromThreadId", from_title AS "fromTitle", to_thread_id AS "toThreadId", reason, created_at AS "createdAt"
    FROM thread_redirects WHERE from_thread_id = ${fromThreadId}`
  return row ?? null
}

/**
 * Deletes, in the caller's transaction (deleteThread), every redirect that
 * leads to one of these threads (a chain included: its redirects all point at
 * the final thread) or from one of their ids (a thread created later under a
 * promoted branch's id): ONE statement, whatever the number.
 */
export async function deleteRedirectsOf(ctx: StorageContext, threadIds: string[]): Promise<void> {
  await ctx.db.$executeRaw`DELETE FROM thread_redirects WHERE to_thread_id = ANY(${threadIds}::text[]) OR from_thread_id = ANY(${threadIds}::text[])`
}
