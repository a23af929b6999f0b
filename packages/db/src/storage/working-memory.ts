// Working memory in both scopes, versioned (working_memory_versions): every
// update appends a row, the current text of a key is its latest row by
// (created_at, id). Resource rows are created lazily, the first time a
// resource's working memory is written (threads do not need them).
import { ThreadNotFoundError } from '@threadline/engine'
import type { WorkingMemoryKey, WorkingMemoryVersion } from '@threadline/engine/storage'
import { atomically, type StorageContext } from './context.ts'
import { isForeignKeyViolation } from './database-errors.ts'

export function workingMemoryLookupKey(key: WorkingMemoryKey): string {
  return key.scope === 'thread' ? `thread:${key.threadId}` : `resource:${key.resourceId}`
}

const latestFirst = [{ createdAt: 'desc' as const }, { id: 'desc' as const }]

export async function getWorkingMemory(ctx: StorageContext, key: WorkingMemoryKey): Promise<string | null> {
  const row = await ctx.db.workingMemoryVersion.findFirst({ where: { lookupKey: workingMemoryLookupKey(key) }, orderBy: latestFirst, select: { text: true } })
  return row?.text ?? null
}

/** The version current at `at`: the latest created at or before it. */
export async function getWorkingMemoryAsOf(ctx: StorageContext, key: WorkingMemoryKey, at: Date): Promise<string | null> {
  const row = await ctx.db.workingMemoryVersion.findFirst({
    where: { lookupKey: workingMemoryLookupKey(key), createdAt: { lte: at } },
    orderBy: latestFirst,
    select: { text: true },
  })
  return row?.text ?? null
}

export async function listWorkingMemoryVersions(ctx: StorageContext, key: WorkingMemoryKey): Promise<WorkingMemoryVersion[]> {
  const rows = await ctx.db.workingMemoryVersion.findMany({
    where: { lookupKey: workingMemoryLookupKey(key) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, text: true, createdAt: true },
  })
  return rows.map((row) => ({ id: row.id.toString(), text: row.text, createdAt: row.createdAt }))
}

/** Appends a version. Thread scope needs an existing thread (its resource is taken from the thread unless given). */
export async function setWorkingMemory(ctx: StorageContext, key: WorkingMemoryKey & { resourceId?: string }, value: string): Promise<void> {
  // the application's clock, like messages' createdAt: "as of a message" compares the two
  const createdAt = new Date()
  const lookupKey = workingMemoryLookupKey(key)
  if (key.scope === 'resource') {
    await atomically(ctx, async (tx) => {
      await tx.db.resource.upsert({ where: { id: key.resourceId }, create: { id: key.resourceId }, update: {} })
      await tx.db.workingMemoryVersion.create({ data: { lookupKey, scope: 'resource', resourceId: key.resourceId, threadId: null, text: value, createdAt } })
    })
    return
  }
  await atomically(ctx, async (tx) => {
    const thread = await tx.db.thread.findUnique({ where: { id: key.threadId }, select: { resourceId: true } })
    if (!thread) throw new ThreadNotFoundError(key.threadId)
    await tx.db.workingMemoryVersion.create({
      data: { lookupKey, scope: 'thread', resourceId: key.resourceId ?? thread.resourceId, threadId: key.threadId, text: value, createdAt },
    })
  })
}

/**
 * INSERT ... SELECT of a thread's versions up to `asOf` (all when null), dates
 * kept, to another thread: ONE statement (branchThread runs it on every branch).
 * An unknown target is caught by the foreign key when there is something to copy.
 */
export async function copyThreadWorkingMemory(
  ctx: StorageContext,
  args: { sourceThreadId: string; targetThreadId: string; targetResourceId: string; asOf: Date | null },
): Promise<number> {
  try {
    return await ctx.db.$executeRaw`
      INSERT INTO working_memory_versions (lookup_key, scope, resource_id, thread_id, text, created_at)
      SELECT ${`thread:${args.targetThreadId}`}, 'thread', ${args.targetResourceId}, ${args.targetThreadId}, text, created_at
      FROM working_memory_versions
      WHERE lookup_key = ${`thread:${args.sourceThreadId}`}
        AND (${args.asOf}::timestamptz IS NULL OR created_at <= ${args.asOf}::timestamptz)
      ORDER BY created_at, id`
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new ThreadNotFoundError(args.targetThreadId)
    throw error
  }
}
