// Threads: CRUD over Prisma, the plain listing and the lineage queries. The
// explorer's listing is ../queries/thread-list.ts.
import {
  ThreadAlreadyExistsError,
  ThreadNotFoundError,
  type CreateThreadInput,
  type DeleteThreadOptions,
  type ListDescendantsInput,
  type ListThreadsInput,
  type ListThreadsResult,
  type StoredThread,
} from '@threadline/engine'
import { Prisma } from '../generated/prisma/client.ts'
import type { StorageContext } from './context.ts'
import { isRecordNotFound, isUniqueViolation } from './database-errors.ts'
import { threadRowColumns, toThread, type ThreadRow } from './rows.ts'
import { threadFilterConditions, threadOrderSql, whereSql } from './thread-filter.ts'

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
        createdAt: thread.createdAt,
        updatedAt: thread.updatedAt,
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
  const rows = await ctx.db.$queryRaw<(ThreadRow & { total: number })[]>`
    WITH matching AS (SELECT ${threadColumns} FROM threads t ${whereSql(threadFilterConditions(parsed))})
    SELECT counted.total, page.*
    FROM (SELECT count(*)::int AS total FROM matching) counted
    LEFT JOIN LATERAL (SELECT * FROM matching ORDER BY ${order} LIMIT ${parsed.limit ?? null} OFFSET ${parsed.offset ?? 0}) page ON true
    ORDER BY ${order}`
  return { total: rows[0]?.total ?? 0, threads: rows.filter((row) => row.id !== null).map(toThread) }
}

export async function updateThread(ctx: StorageContext, id: string, patch: { title?: string; metadata?: Record<string, unknown> }): Promise<StoredThread> {
  const threadId = id
  const { title, metadata } = patch
  try {
    // metadata is replaced, not merged: callers merge when they mean to
    const row = await ctx.db.thread.update({
      where: { id: threadId },
      data: { title, metadata: metadata as Prisma.InputJsonObject | undefined },
    })
    return toThread(row)
  } catch (error) {
    if (isRecordNotFound(error)) throw new ThreadNotFoundError(threadId)
    throw error
  }
}

/** Messages, their vectors, thread-scoped WM and OM go with it (foreign keys cascade). */
export async function deleteThread(ctx: StorageContext, id: string, _options: DeleteThreadOptions = {}): Promise<void> {
  const threadId = id
  try {
    await ctx.db.thread.delete({ where: { id: threadId } })
  } catch (error) {
    if (isRecordNotFound(error)) throw new ThreadNotFoundError(threadId)
    throw error
  }
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
 * The clones and branches of a thread, theirs, ... in one recursive query,
 * nearest generations first; only through `resourceIds` when given. A
 * thread's parent is its branch parent, else its clone source: each thread has
 * one, so only a cycle through the start can revisit a thread: the walk never
 * steps back onto it.
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
