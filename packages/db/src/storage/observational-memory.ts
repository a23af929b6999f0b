// Observational memory: one row per generation; the current record of a lookup
// key is its highest generation.
import { randomUUID } from 'node:crypto'
import { InvalidInputError, StorageError, ThreadNotFoundError, type ObservationalMemoryRecord } from '@threadline/engine'
import type { BufferedObservationChunk, NewObservationalMemoryRecord, ObservationalMemoryKey, ObservationalMemoryPatch } from '@threadline/engine/storage'
import type { Prisma } from '../generated/prisma/client.ts'
import { atomically, type StorageContext } from './context.ts'
import { isForeignKeyViolation, isRecordNotFound, isUniqueViolation } from './database-errors.ts'
import { toObservationalMemory } from './rows.ts'

// JSON has no dates: chunks keep theirs as ISO strings (rows.ts turns them back).
function storedChunks(chunks: BufferedObservationChunk[]): Prisma.InputJsonArray {
  return chunks.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() }))
}

function lookupKeyOf(key: ObservationalMemoryKey): string {
  return key.scope === 'thread' ? `thread:${key.threadId}` : `resource:${key.resourceId}`
}

export async function getObservationalMemory(ctx: StorageContext, key: ObservationalMemoryKey): Promise<ObservationalMemoryRecord | null> {
  const row = await ctx.db.observationalMemory.findFirst({ where: { lookupKey: lookupKeyOf(key) }, orderBy: { generation: 'desc' } })
  return row && toObservationalMemory(row)
}

/** The generation current at `at`: the highest one created at or before it. */
export async function getObservationalMemoryAsOf(ctx: StorageContext, key: ObservationalMemoryKey, at: Date): Promise<ObservationalMemoryRecord | null> {
  const row = await ctx.db.observationalMemory.findFirst({ where: { lookupKey: lookupKeyOf(key), createdAt: { lte: at } }, orderBy: { generation: 'desc' } })
  return row && toObservationalMemory(row)
}

/** Every generation of a key, oldest first. */
export async function listObservationalMemoryGenerations(ctx: StorageContext, key: ObservationalMemoryKey): Promise<ObservationalMemoryRecord[]> {
  const rows = await ctx.db.observationalMemory.findMany({ where: { lookupKey: lookupKeyOf(key) }, orderBy: { generation: 'asc' } })
  return rows.map(toObservationalMemory)
}

export async function insertObservationalMemory(ctx: StorageContext, record: NewObservationalMemoryRecord): Promise<ObservationalMemoryRecord> {
  // a thread-scoped record has its threadId (the engine builds it from the thread)
  const threadId = record.scope === 'thread' ? (record.threadId ?? '') : null
  const lookupKey = lookupKeyOf(threadId === null ? { scope: 'resource', resourceId: record.resourceId } : { scope: 'thread', threadId })
  const id = record.id ?? randomUUID()
  try {
    return await atomically(ctx, async (tx) => {
      // Serialises writers of the same key so max + 1 cannot be taken twice.
      await tx.db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${lookupKey}))`
      const { _max } = await tx.db.observationalMemory.aggregate({ where: { lookupKey }, _max: { generation: true } })
      const row = await tx.db.observationalMemory.create({
        data: {
          ...record,
          id,
          lookupKey,
          generation: (_max.generation ?? -1) + 1,
          bufferedObservationChunks: storedChunks(record.bufferedObservationChunks),
          config: record.config as Prisma.InputJsonObject,
          metadata: record.metadata as Prisma.InputJsonObject,
        },
      })
      return toObservationalMemory(row)
    })
  } catch (error) {
    if (isForeignKeyViolation(error) && record.threadId !== null) throw new ThreadNotFoundError(record.threadId)
    if (isUniqueViolation(error)) throw new InvalidInputError('observationalMemory.id', `a record with id "${id}" already exists`)
    throw error
  }
}

/** Rewrites fields of one record (a generation) in place; updatedAt moves on. */
export async function updateObservationalMemory(ctx: StorageContext, recordId: string, patch: ObservationalMemoryPatch): Promise<ObservationalMemoryRecord> {
  const { bufferedObservationChunks, config, metadata, ...fields } = patch
  try {
    const row = await ctx.db.observationalMemory.update({
      where: { id: recordId },
      data: {
        ...fields,
        ...(bufferedObservationChunks === undefined ? {} : { bufferedObservationChunks: storedChunks(bufferedObservationChunks) }),
        ...(config === undefined ? {} : { config: config as Prisma.InputJsonObject }),
        ...(metadata === undefined ? {} : { metadata: metadata as Prisma.InputJsonObject }),
      },
    })
    return toObservationalMemory(row)
  } catch (error) {
    if (isRecordNotFound(error)) throw new StorageError(`Observational memory record "${recordId}" was not found`, error)
    throw error
  }
}
