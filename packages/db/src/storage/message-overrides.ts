// Copy-on-write overrides: a branch's own version of messages it inherits
// (the processors' repair path). The inherited rows, the ancestors and the
// sibling branches are never touched; reads take the nearest override
// (branch-history-sql.ts and the effective-history query).
import { InvalidInputError, ThreadNotFoundError, type StoredMessage } from '@threadline/engine'
import { Prisma } from '../generated/prisma/client.ts'
import { branchChainCte } from './branch-history-sql.ts'
import { atomically, type StorageContext } from './context.ts'

/** Ids (of `ids`) that are NOT in the thread's inherited history: one probe per id on the (thread_id, created_at, id) order. */
async function notInherited(ctx: StorageContext, threadId: string, ids: string[]): Promise<string[]> {
  const rows = await ctx.db.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE ${branchChainCte(Prisma.sql`ARRAY[${threadId}]::text[]`)}
    SELECT wanted.id FROM unnest(${ids}::text[]) WITH ORDINALITY AS wanted(id, n)
    WHERE NOT EXISTS (
      SELECT 1 FROM messages m JOIN chain ch ON ch.level_id = m.thread_id
      WHERE m.id = wanted.id AND ch.depth > 0 AND ch.cut_owner = ch.level_id AND (m.created_at, m.id) <= (ch.cut_at, ch.cut_id)
    )
    ORDER BY wanted.n`
  return rows.map((row) => row.id)
}

export async function saveMessageOverrides(ctx: StorageContext, input: { threadId: string; messages: StoredMessage[] }): Promise<void> {
  const { threadId, messages } = input
  if (messages.length === 0) return
  await atomically(ctx, async (tx) => {
    const [thread] = await tx.db.$queryRaw<{ id: string }[]>`SELECT id FROM threads WHERE id = ${threadId} FOR UPDATE`
    if (thread === undefined) throw new ThreadNotFoundError(threadId)
    const ids = messages.map((message) => message.id)
    const [outside] = await notInherited(tx, threadId, ids)
    if (outside !== undefined) {
      throw new InvalidInputError(
        `messages[${ids.indexOf(outside)}].id`,
        `message "${outside}" is not inherited by thread "${threadId}" (only inherited messages get an override)`,
      )
    }
    const rows = messages.map((message) => ({ messageId: message.id, role: message.role, content: message.content }))
    await tx.db.$executeRaw`
      INSERT INTO message_overrides (thread_id, message_id, role, content, created_at)
      SELECT ${threadId}, r."messageId", r.role, r.content, now()
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r("messageId" text, role text, content jsonb)
      ON CONFLICT (thread_id, message_id) DO UPDATE SET role = EXCLUDED.role, content = EXCLUDED.content, created_at = EXCLUDED.created_at`
  })
}

/**
 * Before the processors rewrite messages a thread OWNS, the branches that
 * inherit them keep what they read: each direct branch whose cutoff (owned by
 * the thread) includes a message gets an override holding the current row,
 * unless it has one. Deeper branches read through their direct ancestor.
 * Returns the pinned branches' ids.
 */
export async function pinMessagesForBranches(ctx: StorageContext, input: { threadId: string; messageIds: string[] }): Promise<string[]> {
  const { threadId, messageIds } = input
  if (messageIds.length === 0) return []
  const rows = await ctx.db.$queryRaw<{ threadId: string }[]>`
    INSERT INTO message_overrides (thread_id, message_id, role, content, created_at)
    SELECT child.id, m.id, m.role, m.content, now()
    FROM messages m
    JOIN threads child ON child.branch_point_thread_id = ${threadId} AND child.branch_parent_id = ${threadId}
      AND (m.created_at, m.id) <= (child.branch_point_created_at, child.branch_point_message_id)
    WHERE m.thread_id = ${threadId} AND m.id = ANY(${messageIds}::text[])
    ON CONFLICT (thread_id, message_id) DO NOTHING
    RETURNING thread_id AS "threadId"`
  return [...new Set(rows.map((row) => row.threadId))].sort()
}
