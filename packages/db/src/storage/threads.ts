// Threads: CRUD over Prisma and the lineage queries. The explorer's listing
// is thread-list.ts.
import {
  ThreadAlreadyExistsError,
  ThreadNotFoundError,
  type CreateThreadInput,
  type StoredThread,
} from '@threadline/engine'
import { Prisma } from '../generated/prisma/client.ts'
import type { StorageContext } from './context.ts'
import { isRecordNotFound, isUniqueViolation } from './database-errors.ts'
import { toThread, type ThreadRow } from './rows.ts'

const byCreation = [{ createdAt: 'asc' }, { id: 'asc' }] satisfies Prisma.ThreadOrderByWithRelationInput[]

export async function createThread(ctx: StorageContext, thread: CreateThreadInput): Promise<StoredThread> {
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
  const row = await ctx.db.thread.findUnique({ where: { id } })
  return row && toThread(row)
}

/** Known threads in the order of `ids`; unknown ids are left out. */
export async function getThreadsByIds(ctx: StorageContext, wanted: string[]): Promise<StoredThread[]> {
  if (wanted.length === 0) return []
  const rows = await ctx.db.thread.findMany({ where: { id: { in: wanted } } })
  const byId = new Map(rows.map((row) => [row.id, toThread(row)]))
  return wanted.flatMap((id) => byId.get(id) ?? [])
}

export async function updateThread(
  ctx: StorageContext,
  threadId: string,
  patch: { title?: string; metadata?: Record<string, unknown> },
): Promise<StoredThread> {
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
export async function deleteThread(ctx: StorageContext, threadId: string): Promise<void> {
  try {
    await ctx.db.thread.delete({ where: { id: threadId } })
  } catch (error) {
    if (isRecordNotFound(error)) throw new ThreadNotFoundError(threadId)
    throw error
  }
}

export async function listClones(ctx: StorageContext, sourceThreadId: string): Promise<StoredThread[]> {
  const rows = await ctx.db.thread.findMany({
    where: { sourceThreadId },
    orderBy: byCreation,
  })
  return rows.map(toThread)
}

/**
 * The thread and its ancestors along the lineage column, root first, in one
 * recursive query; stops at a deleted ancestor and at a cycle.
 */
export async function getThreadAncestry(ctx: StorageContext, id: string): Promise<StoredThread[]> {
  const rows = await ctx.db.$queryRaw<ThreadRow[]>`
    WITH RECURSIVE chain AS (
      SELECT t.*, 0 AS depth, ARRAY[t.id] AS visited FROM threads t WHERE t.id = ${id}
      UNION ALL
      SELECT parent.*, chain.depth + 1, chain.visited || parent.id
      FROM chain JOIN threads parent ON parent.id = chain.source_thread_id
      WHERE NOT parent.id = ANY(chain.visited)
    )
    SELECT id, resource_id AS "resourceId", title, metadata, source_thread_id AS "sourceThreadId",
           created_at AS "createdAt", updated_at AS "updatedAt"
    FROM chain ORDER BY depth DESC`
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
