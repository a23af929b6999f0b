// The processors' repairs, copy-on-write: a branch's own version of messages
// it inherits (message_overrides), and rewrites of a thread's own messages
// that leave the branches inheriting them as they were. The inherited rows,
// the ancestors and the sibling branches are never touched; reads take the
// nearest override (branch-history-sql.ts and the effective-history query).
import { InvalidInputError, ThreadNotFoundError, type RepairOutsideThread, type StoredMessage } from '@threadline/engine'
import type { SavedRepairs } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import { branchChainCte } from './branch-history-sql.ts'
import { atomically, type StorageContext } from './context.ts'

type Owned = { id: string; inherited: boolean }

/**
 * For each id: owned by the thread, inherited by it (an index probe on the
 * ancestor's (thread_id, created_at, id) order), or neither (left out).
 */
async function classify(ctx: StorageContext, threadId: string, ids: string[]): Promise<Owned[]> {
  return ctx.db.$queryRaw<Owned[]>`
    WITH RECURSIVE ${branchChainCte(Prisma.sql`ARRAY[${threadId}]::text[]`)}
    SELECT m.id, ch.depth > 0 AS inherited
    FROM messages m JOIN chain ch ON ch.level_id = m.thread_id
    WHERE m.id = ANY(${ids}::text[])
      AND (ch.depth = 0 OR (ch.cut_owner = ch.level_id AND (m.created_at, m.id) <= (ch.cut_at, ch.cut_id)))`
}

const asRows = (messages: StoredMessage[]) => JSON.stringify(messages.map((message) => ({ id: message.id, role: message.role, content: message.content })))

/** Upserts the thread's overrides of inherited messages. */
async function saveOverrides(ctx: StorageContext, threadId: string, messages: StoredMessage[]): Promise<void> {
  if (messages.length === 0) return
  await ctx.db.$executeRaw`
    INSERT INTO message_overrides (thread_id, message_id, role, content, created_at)
    SELECT ${threadId}, r.id, r.role, r.content, now()
    FROM json_to_recordset(${asRows(messages)}::json) AS r(id text, role text, content jsonb)
    ON CONFLICT (thread_id, message_id) DO UPDATE SET role = EXCLUDED.role, content = EXCLUDED.content, created_at = EXCLUDED.created_at`
}

/**
 * Each direct branch whose cutoff (owned by the thread) includes one of the
 * messages gets an override holding the current row, unless it has one.
 * Deeper branches read through their direct ancestor.
 */
async function pinForBranches(ctx: StorageContext, threadId: string, messageIds: string[]): Promise<string[]> {
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

/** Role and content only: a repair never moves a message in time or to another thread, so no cutoff changes. */
async function rewriteOwn(ctx: StorageContext, threadId: string, messages: StoredMessage[]): Promise<void> {
  if (messages.length === 0) return
  await ctx.db.$executeRaw`
    UPDATE messages m SET role = r.role, content = r.content
    FROM json_to_recordset(${asRows(messages)}::json) AS r(id text, role text, content jsonb)
    WHERE m.id = r.id AND m.thread_id = ${threadId}`
}

export async function saveRepairedMessages(
  ctx: StorageContext,
  input: { threadId: string; messages: StoredMessage[]; outside?: RepairOutsideThread },
): Promise<SavedRepairs> {
  const { threadId } = input
  return atomically(ctx, async (tx) => {
    const [thread] = await tx.db.$queryRaw<{ id: string }[]>`SELECT id FROM threads WHERE id = ${threadId} FOR UPDATE`
    if (thread === undefined) throw new ThreadNotFoundError(threadId)
    const ids = input.messages.map((message) => message.id)
    const found = new Map((await classify(tx, threadId, ids)).map((row) => [row.id, row.inherited]))
    const outside = ids.findIndex((id) => !found.has(id))
    if (outside >= 0 && input.outside !== 'skip') {
      throw new InvalidInputError(`messages[${outside}].id`, `message "${ids[outside]}" is neither a message of thread "${threadId}" nor one it inherits`)
    }
    // skipped: another thread's message (a resource-wide recall hit) is never written from here
    const messages = input.messages.filter((message) => found.has(message.id))
    const inherited = messages.filter((message) => found.get(message.id) === true)
    const own = messages.filter((message) => found.get(message.id) === false)
    await saveOverrides(tx, threadId, inherited)
    const pinned = await pinForBranches(
      tx,
      threadId,
      own.map((message) => message.id),
    )
    await rewriteOwn(tx, threadId, own)
    return {
      rewrittenMessageIds: own.map((message) => message.id),
      overriddenMessageIds: inherited.map((message) => message.id),
      pinnedBranchThreadIds: pinned,
    }
  })
}
