// Threads: CRUD over Prisma, the plain listing and the lineage queries. The
// explorer's listing is ../queries/thread-list.ts.
import { ThreadAlreadyExistsError, ThreadHasBranchesError, ThreadNotFoundError, type StoredThread } from '@threadline/engine'
import type { CreateThreadInput, DeleteThreadOptions, ListDescendantsInput, ListThreadsInput, ListThreadsResult } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import { atomically, type StorageContext } from './context.ts'
import { maxBranchDepth } from './effective-history.ts'
import { isUniqueViolation } from './database-errors.ts'
import { threadRowColumns, toThread, type ThreadRow } from './rows.ts'
import { threadFilterConditions, threadOrderSql, whereSql } from './thread-filter.ts'
import { deleteRedirectsOf } from './thread-redirects.ts'

const threadColumns = Prisma.raw(threadRowColumns('t'))

const byCreation = [{ createdAt: 'asc' }, { id: 'asc' }] satisfies Prisma.ThreadOrderByWithRelationInput[]

export async function createThread(ctx: StorageContext, input: CreateThreadInput): Promise<StoredThread> {
  const thread = input
  try {
    // The primary key decides between concurrent creates: exactly one wins.
    const row = await ctx.db.thread.create({
      data: {
        id: thread.id,
        resourceId: thread.resourceId,
        title: thread.title ?? '',
        metadata: (thread.metadata ?? {}) as Prisma.InputJsonObject,
        sourceThreadId: thread.sourceThreadId ?? null,
        ...(thread.createdAt === undefined ? {} : { createdAt: thread.createdAt }),
        ...(thread.updatedAt === undefined ? {} : { updatedAt: thread.updatedAt }),
      },
    })
    return toThread(row)
  } catch (error) {
    if (isUniqueViolation(error)) throw new ThreadAlreadyExistsError(thread.id)
    throw error
  }
}

export async function getThreadById(ctx: StorageContext, id: string): Promise<StoredThread | null> {
  const row = await ctx.db.thread.findUnique({ where: { id: id } })
  return row && toThread(row)
}

/** Known threads in the order of `ids`; unknown ids are left out. */
export async function getThreadsByIds(ctx: StorageContext, ids: string[]): Promise<StoredThread[]> {
  const wanted = ids
  if (wanted.length === 0) return []
  const rows = await ctx.db.thread.findMany({ where: { id: { in: wanted } } })
  const byId = new Map(rows.map((row) => [row.id, toThread(row)]))
  return wanted.flatMap((id) => byId.get(id) ?? [])
}

/** A page of threads and the total of the filtered listing, in ONE query (the count row survives an empty page). */
export async function listThreads(ctx: StorageContext, input: ListThreadsInput): Promise<ListThreadsResult> {
  const parsed = input
  const order = threadOrderSql(parsed.orderBy)
  // an empty page still gives one row: the total, with null thread columns
  const rows = await ctx.db.$queryRaw<((ThreadRow | { id: null }) & { total: number })[]>`
    WITH matching AS (SELECT ${threadColumns} FROM threads t ${whereSql(threadFilterConditions(parsed))})
    SELECT counted.total, page.*
    FROM (SELECT count(*)::int AS total FROM matching) counted
    LEFT JOIN LATERAL (SELECT * FROM matching ORDER BY ${order} LIMIT ${parsed.limit ?? null} OFFSET ${parsed.offset ?? 0}) page ON true
    ORDER BY ${order}`
  return { total: rows[0]?.total ?? 0, threads: rows.filter((row): row is ThreadRow & { total: number } => row.id !== null).map(toThread) }
}

/**
 * metadata is replaced, not merged (callers merge when they mean to), except
 * the lineage keys `clone` and `branch`: they stay as they are, whatever the patch says.
 */
export async function updateThread(ctx: StorageContext, id: string, patch: { title?: string; metadata?: Record<string, unknown> }): Promise<StoredThread> {
  const { title, metadata } = patch
  const replaced =
    metadata === undefined
      ? Prisma.raw('t.metadata')
      : Prisma.sql`(${JSON.stringify(metadata)}::jsonb - 'clone' - 'branch')
          || (SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(t.metadata) WHERE key IN ('clone', 'branch'))`
  const [row] = await ctx.db.$queryRaw<ThreadRow[]>`
    UPDATE threads t SET title = coalesce(${title ?? null}::text, t.title), metadata = ${replaced}, updated_at = now()
    WHERE t.id = ${id}
    RETURNING ${threadColumns}`
  if (row === undefined) throw new ThreadNotFoundError(id)
  return toThread(row)
}

/**
 * Messages, their vectors, thread-scoped WM and OM go with it (foreign keys
 * cascade). The thread is locked FOR UPDATE first, so a branch being created
 * from it (which holds FOR KEY SHARE) is either seen here or fails after.
 * A thread with branches: ThreadHasBranchesError, or with `branches: 'delete'`
 * the whole branch subtree goes too (its links are cleared, then ONE DELETE).
 * Redirects to the deleted ids (promoted branches that lived on in them) go in
 * the same transaction: an old id answers "not found", not a dangling redirect.
 */
export async function deleteThread(ctx: StorageContext, id: string, options: DeleteThreadOptions = {}): Promise<void> {
  await atomically(ctx, async (tx) => {
    const locked = await tx.db.$queryRaw<{ id: string }[]>`SELECT id FROM threads WHERE id = ${id} FOR UPDATE`
    if (locked.length === 0) throw new ThreadNotFoundError(id)
    const branches = await tx.db.thread.findMany({ where: { branchParentId: id }, select: { id: true }, orderBy: byCreation })
    if (branches.length === 0) {
      await deleteThreadRows(tx, [id])
      return
    }
    if (options.branches !== 'delete')
      throw new ThreadHasBranchesError(
        id,
        branches.map((branch) => branch.id),
      )
    const subtree = await tx.db.$queryRaw<{ id: string }[]>`
      WITH RECURSIVE down AS (
        SELECT ${id}::text AS id, 0 AS depth
        UNION ALL
        SELECT b.id, d.depth + 1 FROM down d JOIN threads b ON b.branch_parent_id = d.id WHERE d.depth < ${maxBranchDepth}
      )
      SELECT t.id FROM threads t WHERE t.id IN (SELECT id FROM down) ORDER BY t.id FOR UPDATE OF t`
    const ids = subtree.map((row) => row.id)
    // the links point inside the subtree only (a thread whose cutoff is in T descends from T): clear them, then delete at once
    await tx.db.$executeRaw`
      UPDATE threads SET branch_parent_id = NULL, branch_point_message_id = NULL, branch_point_thread_id = NULL, branch_point_created_at = NULL
      WHERE id = ANY(${ids}::text[])`
    await deleteThreadRows(tx, ids)
  })
}

/** The threads' rows (their messages, vectors and memory cascade) and the redirects to or from their ids, in the caller's transaction. */
async function deleteThreadRows(tx: StorageContext, ids: string[]): Promise<void> {
  await deleteRedirectsOf(tx, ids)
  await tx.db.$executeRaw`DELETE FROM threads WHERE id = ANY(${ids}::text[])`
}

export async function listClones(ctx: StorageContext, sourceThreadId: string): Promise<StoredThread[]> {
  const rows = await ctx.db.thread.findMany({
    where: { sourceThreadId: sourceThreadId },
    orderBy: byCreation,
  })
  return rows.map(toThread)
}

/**
 * The thread and its ancestors along the lineage column, root first, in one
 * recursive query; stops at a deleted ancestor and at a cycle.
 */
export async function getThreadAncestry(ctx: StorageContext, threadId: string): Promise<StoredThread[]> {
  const id = threadId
  const rows = await ctx.db.$queryRaw<ThreadRow[]>`
    WITH RECURSIVE chain AS (
      SELECT t.*, 0 AS depth, ARRAY[t.id] AS visited FROM threads t WHERE t.id = ${id}
      UNION ALL
      SELECT parent.*, chain.depth + 1, chain.visited || parent.id
      FROM chain JOIN threads parent ON parent.id = chain.source_thread_id
      WHERE NOT parent.id = ANY(chain.visited)
    )
    SELECT ${threadColumns} FROM chain t ORDER BY depth DESC`
  return rows.map(toThread)
}

/**
 * The forks of a thread (its clones and its branches), their forks, ... in one
 * recursive query over COALESCE(branch_parent_id, source_thread_id), nearest
 * generations first; only through `resourceIds` when given. Each thread has
 * one parent, so only a cycle through the start can revisit a thread: the
 * walk never steps back onto it.
 */
export async function listThreadDescendants(ctx: StorageContext, input: ListDescendantsInput): Promise<StoredThread[]> {
  const { threadId, resourceIds, limit } = input
  const walkable = resourceIds === undefined ? Prisma.empty : Prisma.sql`AND child.resource_id = ANY(${resourceIds}::text[])`
  const rows = await ctx.db.$queryRaw<ThreadRow[]>`
    WITH RECURSIVE tree AS (
      SELECT child.*, 1 AS depth FROM threads child
      WHERE (child.branch_parent_id = ${threadId} OR (child.branch_parent_id IS NULL AND child.source_thread_id = ${threadId}))
        AND child.id <> ${threadId} ${walkable}
      UNION ALL
      SELECT child.*, tree.depth + 1
      FROM tree JOIN threads child ON child.branch_parent_id = tree.id OR (child.branch_parent_id IS NULL AND child.source_thread_id = tree.id)
      WHERE child.id <> ${threadId} ${walkable}
    )
    SELECT ${threadColumns} FROM tree t ORDER BY depth, t.created_at, t.id LIMIT ${limit ?? null}`
  return rows.map(toThread)
}

/** Throws ThreadNotFoundError for the first of `ids` that does not exist. */
export async function assertThreadsExist(ctx: StorageContext, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)]
  const found = await ctx.db.thread.findMany({ where: { id: { in: unique } }, select: { id: true } })
  const known = new Set(found.map((t) => t.id))
  const missing = unique.find((id) => !known.has(id))
  if (missing !== undefined) throw new ThreadNotFoundError(missing)
}

/** The direct branches of a thread (indexed branch_parent_id), oldest first. */
export async function listBranches(ctx: StorageContext, threadId: string): Promise<StoredThread[]> {
  const rows = await ctx.db.thread.findMany({ where: { branchParentId: threadId }, orderBy: byCreation })
  return rows.map(toThread)
}

/**
 * The thread and its ancestors in the one lineage model: a branch's parent
 * (branch_parent_id) or else a clone's source (source_thread_id), root first,
 * in one recursive query; stops at a deleted clone source and at a cycle.
 */
export async function getLineage(ctx: StorageContext, threadId: string): Promise<StoredThread[]> {
  const rows = await ctx.db.$queryRaw<ThreadRow[]>`
    WITH RECURSIVE chain AS (
      SELECT t.*, 0 AS depth, ARRAY[t.id] AS visited FROM threads t WHERE t.id = ${threadId}
      UNION ALL
      SELECT parent.*, chain.depth + 1, chain.visited || parent.id
      FROM chain JOIN threads parent ON parent.id = COALESCE(chain.branch_parent_id, chain.source_thread_id)
      WHERE NOT parent.id = ANY(chain.visited)
    )
    SELECT ${threadColumns} FROM chain t ORDER BY depth DESC`
  return rows.map(toThread)
}
