// Shared-history branches: creation, message deletion with its guards, and the
// inheritance query. Effective-history reads are effective-history.ts + messages.ts.
import {
  InheritedMessageError,
  InvalidInputError,
  MessageNotFoundError,
  ThreadAlreadyExistsError,
  ThreadNotFoundError,
  type CreateBranchInput,
  type CreateBranchResult,
  type InheritingBranch,
} from '@threadline/engine'
import { Prisma } from '../generated/prisma/client.ts'
import { branchesInheriting as inheritingQuery } from './branch-inheritance.ts'
import { atomically, type Db, type StorageContext } from './context.ts'
import { effectiveLevelsSql, maxBranchDepth, withinLevelSql } from './effective-history.ts'
import { lockThreadsForWrite, rejectShared } from './message-guards.ts'
import { threadRowColumns, toThread, type ThreadRow } from './rows.ts'

/**
 * Locks the source and its ancestors FOR KEY SHARE (what the foreign key takes
 * too), root first (deleteThread locks a thread, then its subtree: no deadlock). Writers lock a thread FOR UPDATE before touching its messages, so a
 * writer that got there first has committed before the next statement's
 * snapshot is taken (READ COMMITTED), and one that comes later waits for the
 * branch: the cutoff chosen next can never be overtaken.
 */
async function lockChain(db: Db, sourceThreadId: string): Promise<void> {
  await db.$queryRaw`
    WITH RECURSIVE chain AS (
      SELECT id, branch_parent_id, 0 AS depth FROM threads WHERE id = ${sourceThreadId}
      UNION ALL
      SELECT p.id, p.branch_parent_id, c.depth + 1 FROM chain c JOIN threads p ON p.id = c.branch_parent_id WHERE c.depth < ${maxBranchDepth}
    )
    SELECT t.id FROM threads t JOIN chain c ON c.id = t.id ORDER BY c.depth DESC FOR KEY SHARE OF t`
}

type CreatedRow = ThreadRow & { inheritedMessageCount: number }

/**
 * ONE INSERT ... SELECT: the cutoff (the named message, if it is in the
 * source's effective history, else the last one of it) is chosen in the same
 * statement that writes the row; the inherited count is read per level by
 * index range scans. Nothing else is written.
 */
async function insertBranchRow(db: Db, input: CreateBranchInput): Promise<CreatedRow | undefined> {
  const { id, sourceThreadId, branchPointMessageId, title, metadata, branchedAt } = input
  const named = Prisma.sql`
    SELECT m.id, m.thread_id, m.created_at, l.depth FROM levels l
    JOIN messages m ON m.thread_id = l.id AND ${withinLevelSql('m', 'l')}
    WHERE m.id = ${branchPointMessageId}`
  const last = Prisma.sql`
    SELECT m.id, m.thread_id, m.created_at, l.depth FROM levels l CROSS JOIN LATERAL (
      SELECT m.id, m.thread_id, m.created_at FROM messages m WHERE m.thread_id = l.id AND ${withinLevelSql('m', 'l')}
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1
    ) m ORDER BY l.depth LIMIT 1`
  const [row] = await db.$queryRaw<CreatedRow[]>`
    WITH RECURSIVE ${effectiveLevelsSql(sourceThreadId)},
    cut AS (${branchPointMessageId === null ? last : named}),
    inherited AS (
      SELECT coalesce(sum(per_level.n), 0)::int AS n FROM cut c CROSS JOIN levels l CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM messages m
        WHERE m.thread_id = l.id AND ${withinLevelSql('m', 'l')} AND (l.depth > c.depth OR (m.created_at, m.id) <= (c.created_at, c.id))
      ) per_level
      WHERE l.depth >= c.depth
    ),
    inserted AS (
      INSERT INTO threads (id, resource_id, title, metadata, branch_parent_id, branch_point_message_id, branch_point_thread_id,
                           branch_point_created_at, created_at, updated_at)
      SELECT ${id}, s.resource_id,
             coalesce(${title}::text, CASE WHEN s.title = '' THEN '' ELSE 'Branch of ' || s.title END),
             (s.metadata - 'clone' - 'branch') || (${JSON.stringify(metadata)}::jsonb - 'clone' - 'branch')
               || jsonb_build_object('branch', jsonb_build_object(
                    'sourceThreadId', s.id, 'branchPointMessageId', c.id, 'branchedAt', ${branchedAt.toISOString()}::text)),
             s.id, c.id, c.thread_id, c.created_at, ${branchedAt}, ${branchedAt}
      FROM threads s CROSS JOIN cut c
      WHERE s.id = ${sourceThreadId}
      ON CONFLICT (id) DO NOTHING
      RETURNING *
    )
    SELECT ${Prisma.raw(threadRowColumns('t'))}, inherited.n AS "inheritedMessageCount" FROM inserted t CROSS JOIN inherited`
  return row
}

/** Why no row was inserted, as the typed error (only on that path: one or two lookups). */
async function refusal(db: Db, input: CreateBranchInput): Promise<Error> {
  const [source, taken] = await Promise.all([
    db.thread.findUnique({ where: { id: input.sourceThreadId }, select: { id: true } }),
    db.thread.findUnique({ where: { id: input.id }, select: { id: true } }),
  ])
  if (source === null) return new ThreadNotFoundError(input.sourceThreadId)
  if (taken !== null) return new ThreadAlreadyExistsError(input.id)
  if (input.branchPointMessageId === null) {
    return new InvalidInputError('sourceThreadId', `thread "${input.sourceThreadId}" has no messages to branch from: create a thread instead`)
  }
  const message = await db.message.findUnique({ where: { id: input.branchPointMessageId }, select: { id: true } })
  if (message === null) return new MessageNotFoundError([input.branchPointMessageId], { field: 'branchPointMessageId' })
  return new InvalidInputError(
    'branchPointMessageId',
    `message "${input.branchPointMessageId}" is not in the history of thread "${input.sourceThreadId}" (a later message of an ancestor or one of a sibling branch)`,
  )
}

export async function createBranch(ctx: StorageContext, input: CreateBranchInput): Promise<CreateBranchResult> {
  return atomically(ctx, async (tx) => {
    await lockChain(tx.db, input.sourceThreadId)
    const row = await insertBranchRow(tx.db, input)
    if (row === undefined) throw await refusal(tx.db, input)
    return { thread: toThread(row), inheritedMessageCount: row.inheritedMessageCount }
  })
}

export async function branchesInheriting(ctx: StorageContext, args: { threadId: string; messageIds?: string[] }): Promise<InheritingBranch[]> {
  return inheritingQuery(ctx.db, args)
}

/** The operations stream's bulk materialization of every direct branch (materialize-branches.ts). */
export { materializeBranchesOf } from './materialize-branches.ts'

/**
 * Deletes messages with their guards, in one transaction: the owners are
 * locked FOR UPDATE, then unknown ids, ids outside / inherited by `threadId`
 * and messages branches inherit are refused; one DELETE (vectors and
 * overrides cascade).
 */
export async function deleteMessages(ctx: StorageContext, args: { messageIds: string[]; threadId?: string }): Promise<number> {
  const ids = [...new Set(args.messageIds)]
  if (ids.length === 0) return 0
  return atomically(ctx, async (tx) => {
    const found = await tx.db.message.findMany({ where: { id: { in: ids } }, select: { id: true, threadId: true } })
    const known = new Set(found.map((row) => row.id))
    const missing = ids.filter((id) => !known.has(id))
    if (missing.length > 0) throw new MessageNotFoundError(missing)
    await lockThreadsForWrite(
      tx.db,
      found.map((row) => row.threadId),
    )
    if (args.threadId !== undefined) await requireOwnedBy(tx.db, args.threadId, found)
    await rejectShared(tx.db, found)
    return tx.db.$executeRaw`DELETE FROM messages WHERE id = ANY(${ids}::text[])`
  })
}

/** Every message is the thread's own: inherited -> InheritedMessageError, outside its history -> MessageNotFoundError. */
async function requireOwnedBy(db: Db, threadId: string, messages: { id: string; threadId: string }[]): Promise<void> {
  const foreign = messages.filter((message) => message.threadId !== threadId)
  if (foreign.length === 0) return
  const visible = await db.$queryRaw<{ id: string; threadId: string }[]>`
    WITH RECURSIVE ${effectiveLevelsSql(threadId)}
    SELECT m.id, m.thread_id AS "threadId" FROM levels l JOIN messages m ON m.thread_id = l.id AND ${withinLevelSql('m', 'l')}
    WHERE m.id = ANY(${foreign.map((message) => message.id)}::text[])
    ORDER BY m.created_at, m.id`
  const inherited = visible[0]
  if (inherited !== undefined) throw new InheritedMessageError(inherited.id, inherited.threadId)
  throw new MessageNotFoundError(foreign.map((message) => message.id))
}
