// The branch guards of message writes (docs/spec/branch-thread.md, "Writes and
// their guards"). Every writer first locks the threads it touches FOR UPDATE;
// branch creation locks its source's chain FOR KEY SHARE before choosing its
// cutoff, so the two serialize: a branch never sees its history change.
import { InheritedMessageError, MessageSharedByBranchesError, ThreadNotFoundError, type StoredMessage, type StoredThread } from '@threadline/engine'
import { Prisma } from '../generated/prisma/client.ts'
import { messagesSharedByBranches } from './branch-inheritance.ts'
import type { Db } from './context.ts'
import { effectiveLevelsSql, withinLevelSql } from './effective-history.ts'
import { threadRowColumns, toThread, type ThreadRow } from './rows.ts'

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}

/** Locks the threads FOR UPDATE, in id order (so two writers cannot deadlock on them), and returns them; an unknown one -> ThreadNotFoundError. */
export async function lockThreadsForWrite(db: Db, threadIds: string[]): Promise<StoredThread[]> {
  const ids = [...new Set(threadIds)].sort()
  if (ids.length === 0) return []
  const locked = await db.$queryRaw<ThreadRow[]>`
    SELECT ${Prisma.raw(threadRowColumns('t'))} FROM threads t WHERE t.id = ANY(${ids}::text[]) ORDER BY t.id FOR UPDATE`
  const found = new Set(locked.map((row) => row.id))
  const missing = ids.find((id) => !found.has(id))
  if (missing !== undefined) throw new ThreadNotFoundError(missing)
  return locked.map(toThread)
}

type Placed = Pick<StoredMessage, 'id' | 'threadId' | 'createdAt'>

/**
 * Rows placed at or before the cutoff of a branch whose cut lies in the row's
 * thread (ONE query on the indexed branch_point_thread_id): they would change
 * that branch's (and its descendants') history.
 */
export async function rejectPlacementBeforeCuts(db: Db, rows: Placed[]): Promise<void> {
  if (rows.length === 0) return
  const placed = JSON.stringify(rows.map((row) => ({ id: row.id, threadId: row.threadId, createdAt: row.createdAt })))
  const [hit] = await db.$queryRaw<{ messageIds: string[] | null; branchThreadIds: string[] | null }[]>`
    SELECT array_agg(DISTINCT r.id) AS "messageIds", array_agg(DISTINCT b.id) AS "branchThreadIds"
    FROM json_to_recordset(${placed}::json) AS r(id text, "threadId" text, "createdAt" timestamptz)
    JOIN threads b ON b.branch_point_thread_id = r."threadId"
      AND (r."createdAt", r.id) <= (b.branch_point_created_at, b.branch_point_message_id)`
  if (hit?.messageIds) throw new MessageSharedByBranchesError(hit.messageIds, hit.branchThreadIds ?? [])
}

/** Existing messages that `thread`'s effective history reaches through an ancestor (it inherits them): InheritedMessageError for the first. */
export async function rejectInherited(db: Db, threadId: string, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return
  const [inherited] = await db.$queryRaw<{ id: string; threadId: string }[]>`
    WITH RECURSIVE ${effectiveLevelsSql(threadId)}
    SELECT m.id, m.thread_id AS "threadId" FROM levels l
    JOIN messages m ON m.thread_id = l.id AND ${withinLevelSql('m', 'l')}
    WHERE l.depth > 0 AND m.id = ANY(${messageIds}::text[])
    ORDER BY m.created_at, m.id LIMIT 1`
  if (inherited) throw new InheritedMessageError(inherited.id, inherited.threadId)
}

/** Messages of their owner threads that branches inherit: MessageSharedByBranchesError (one query per owner thread). */
export async function rejectShared(db: Db, owned: { id: string; threadId: string }[]): Promise<void> {
  const byOwner = groupBy(owned, (message) => message.threadId)
  for (const [ownerId, messages] of byOwner) {
    const shared = await messagesSharedByBranches(
      db,
      ownerId,
      messages.map((message) => message.id),
    )
    if (shared.messageIds.length > 0) throw new MessageSharedByBranchesError(shared.messageIds, shared.branchThreadIds)
  }
}

type ExistingRow = { id: string; ownerThreadId: string; changed: boolean }

/** Which of the messages exist, their owner thread, and whether writing them would change the row. ONE query. */
async function existingRows(db: Db, messages: StoredMessage[]): Promise<ExistingRow[]> {
  const rows = JSON.stringify(messages.map((m) => ({ ...m, type: m.type ?? 'v2' })))
  return db.$queryRaw<ExistingRow[]>`
    SELECT e.id, e.thread_id AS "ownerThreadId",
      (e.thread_id, e.resource_id, e.role, e.type, e.content, e.created_at)
        IS DISTINCT FROM (r."threadId", r."resourceId", r.role, r.type, r.content, r."createdAt"::timestamptz(3)) AS changed
    FROM json_to_recordset(${rows}::json)
      AS r(id text, "threadId" text, "resourceId" text, role text, type text, content jsonb, "createdAt" timestamptz)
    JOIN messages e ON e.id = r.id`
}

/**
 * The guards of an upsert (in its transaction): locks the target threads and
 * the owners of the rows it changes, then rejects a change through a branch to
 * an inherited message, a change to a message branches inherit, and a new or
 * moved message placed at or before a branch's cutoff. Returns the messages
 * that change something (unchanged rewrites are no-ops and are skipped).
 */
export async function guardUpsert(db: Db, messages: StoredMessage[]): Promise<StoredMessage[]> {
  await lockThreadsForWrite(
    db,
    messages.map((m) => m.threadId),
  )
  const existing = new Map((await existingRows(db, messages)).map((row) => [row.id, row]))
  const writes = messages.filter((m) => existing.get(m.id)?.changed !== false)
  const changed = writes.flatMap((m) => {
    const row = existing.get(m.id)
    return row ? [{ message: m, ownerThreadId: row.ownerThreadId }] : []
  })
  const elsewhere = groupBy(
    changed.filter(({ message, ownerThreadId }) => ownerThreadId !== message.threadId),
    ({ message }) => message.threadId,
  )
  for (const [threadId, rows] of elsewhere) {
    await rejectInherited(
      db,
      threadId,
      rows.map(({ message }) => message.id),
    )
  }
  await lockThreadsForWrite(
    db,
    changed.map((row) => row.ownerThreadId),
  )
  await rejectShared(
    db,
    changed.map(({ message, ownerThreadId }) => ({ id: message.id, threadId: ownerThreadId })),
  )
  await rejectPlacementBeforeCuts(db, writes)
  return writes
}
