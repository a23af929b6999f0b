// Thread redirects: an id whose row is gone but whose history lives on in
// another thread (promoteBranch deletes the promoted branch). Links to the old
// id (calls, audit, bookmarks) resolve through this table.
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
