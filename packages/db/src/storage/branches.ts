// Shared-history branches: creation, message deletion with its guards, and the
// inheritance query. Effective-history reads are effective-history.ts + messages.ts.
import { InheritedMessageError, InvalidInputError, MessageNotFoundError, ThreadAlreadyExistsError, ThreadNotFoundError } from '@threadline/engine'
import type { CreateBranchInput, CreateBranchResult, InheritingBranch } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import { branchesInheriting as inheritingQuery } from './branch-inheritance.ts'
import { atomically, type Db, type StorageContext } from './context.ts'
import { effectiveLevelsSql, withinLevelSql } from './effective-history.ts'
import { lockThreadsForWrite, rejectShared } from './message-guards.ts'
import { threadRowColumns, toThread, type ThreadRow } from './rows.ts'

/**
 * Locks the source FOR KEY SHARE (what the foreign key takes too) in a
 * statement of its own. Writers lock a thread FOR UPDATE before touching its
 * messages, so a writer that got there first has committed before the insert's
 * snapshot is taken (READ COMMITTED: even a backdated message is then seen or
 * refused), and one that comes later waits for the branch: the cutoff chosen
 * next can never be overtaken. The ancestors need no lock: a cutoff in them is
 * at or before the source's own, which guards already protect.
 */
async function lockSource(db: Db, sourceThreadId: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM threads WHERE id = ${sourceThreadId} FOR KEY SHARE`
  return rows.length > 0
}

type CreatedRow = ThreadRow & { inheritedMessageCount: number }

/**
 * The cutoff `cut(id, thread_id, created_at, n)`, n = the messages of the
 * branch's history up to it, read from the owner's counters
 * (threads.inherited_message_count + message_count, minus the owner's rows
 * after the cutoff: none for the default, the source's last message).
 */
function cutSql(sourceThreadId: string, branchPointMessageId: string | null): Prisma.Sql {
  if (branchPointMessageId === null) {
    // the source's last own message, else (a branch without own messages) its own cutoff
    return Prisma.sql`
      SELECT c.id, c.thread_id, c.created_at, c.n FROM (
        SELECT m.id, m.thread_id, m.created_at, s.inherited_message_count + s.message_count AS n, 0 AS rank
        FROM threads s CROSS JOIN LATERAL (
          SELECT m.id, m.thread_id, m.created_at FROM messages m WHERE m.thread_id = s.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1
        ) m WHERE s.id = ${sourceThreadId}
        UNION ALL
        SELECT s.branch_point_message_id, s.branch_point_thread_id, s.branch_point_created_at, s.inherited_message_count, 1
        FROM threads s WHERE s.id = ${sourceThreadId} AND s.branch_parent_id IS NOT NULL
      ) c ORDER BY c.rank LIMIT 1`
  }
  return Prisma.sql`
    WITH RECURSIVE ${effectiveLevelsSql(sourceThreadId)}
    SELECT m.id, m.thread_id, m.created_at,
           o.inherited_message_count + o.message_count - (
             SELECT count(*)::int FROM messages later
             WHERE later.thread_id = o.id AND (later.created_at, later.id) > (m.created_at, m.id)
           ) AS n
    FROM levels l JOIN messages m ON m.thread_id = l.id AND ${withinLevelSql('m', 'l')}
    JOIN threads o ON o.id = m.thread_id
    WHERE m.id = ${branchPointMessageId}`
}

/**
 * ONE INSERT ... SELECT: the cutoff (the named message, if it is in the
 * source's effective history, else the last one of it) is chosen in the same
 * statement that writes the row, and the inherited count comes from the
 * counters (no count of the inherited rows). Nothing else is written.
 */
async function insertBranchRow(db: Db, input: CreateBranchInput): Promise<CreatedRow | undefined> {
  const { id, sourceThreadId, branchPointMessageId, title, metadata, branchedAt } = input
  const [row] = await db.$queryRaw<CreatedRow[]>`
    WITH cut AS (${cutSql(sourceThreadId, branchPointMessageId)}),
    inserted AS (
      INSERT INTO threads (id, resource_id, title, metadata, branch_parent_id, branch_point_message_id, branch_point_thread_id,
                           branch_point_created_at, inherited_message_count, created_at, updated_at)
      SELECT ${id}, s.resource_id,
             coalesce(${title}::text, CASE WHEN s.title = '' THEN '' ELSE 'Branch of ' || s.title END),
             (s.metadata - 'clone' - 'branch') || (${JSON.stringify(metadata)}::jsonb - 'clone' - 'branch')
               || jsonb_build_object('branch', jsonb_build_object(
                    'sourceThreadId', s.id, 'branchPointMessageId', c.id, 'branchedAt', ${branchedAt.toISOString()}::text)),
             s.id, c.id, c.thread_id, c.created_at, c.n, ${branchedAt}, ${branchedAt}
      FROM threads s CROSS JOIN cut c
      WHERE s.id = ${sourceThreadId}
      ON CONFLICT (id) DO NOTHING
      RETURNING *
    )
    SELECT ${Prisma.raw(threadRowColumns('t'))}, t.inherited_message_count AS "inheritedMessageCount" FROM inserted t`
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
    if (!(await lockSource(tx.db, input.sourceThreadId))) throw new ThreadNotFoundError(input.sourceThreadId)
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

/** Every message is the thread's own: inherited -> InheritedMessageError, outside its history -> MessageNotFoundError (naming `field`). */
export async function requireOwnedBy(db: Db, threadId: string, messages: { id: string; threadId: string }[], field?: string): Promise<void> {
  const foreign = messages.filter((message) => message.threadId !== threadId)
  if (foreign.length === 0) return
  const visible = await db.$queryRaw<{ id: string; threadId: string }[]>`
    WITH RECURSIVE ${effectiveLevelsSql(threadId)}
    SELECT m.id, m.thread_id AS "threadId" FROM levels l JOIN messages m ON m.thread_id = l.id AND ${withinLevelSql('m', 'l')}
    WHERE m.id = ANY(${foreign.map((message) => message.id)}::text[])
    ORDER BY m.created_at, m.id`
  const inherited = visible[0]
  if (inherited !== undefined) throw new InheritedMessageError(inherited.id, inherited.threadId)
  throw new MessageNotFoundError(
    foreign.map((message) => message.id),
    field === undefined ? undefined : { field },
  )
}
