// Observational memory: one row per generation; the current record of a lookup
// key is its highest generation.
import { randomUUID } from 'node:crypto'
import {
  InvalidInputError,
  ThreadNotFoundError,
  type NewObservationalMemoryRecord,
  type ObservationalMemoryKey,
  type ObservationalMemoryRecord,
} from '@threadline/engine'
import type { Prisma } from '../generated/prisma/client.ts'
import { atomically, type StorageContext } from './context.ts'
import { isForeignKeyViolation, isUniqueViolation } from './database-errors.ts'
import { newObservationalMemorySchema, observationalMemoryKeySchema, parseInput } from './input-schemas.ts'
import { toObservationalMemory } from './rows.ts'

function lookupKeyOf(input: ObservationalMemoryKey): string {
  const key = parseInput(observationalMemoryKeySchema, input, 'observationalMemoryKey')
  return key.scope === 'thread' ? `thread:${key.threadId}` : `resource:${key.resourceId}`
}

export async function getObservationalMemory(ctx: StorageContext, key: ObservationalMemoryKey): Promise<ObservationalMemoryRecord | null> {
  const row = await ctx.db.observationalMemory.findFirst({ where: { lookupKey: lookupKeyOf(key) }, orderBy: { generation: 'desc' } })
  return row && toObservationalMemory(row)
}

/** Every generation of a key, oldest first. */
export async function listObservationalMemoryGenerations(
  ctx: StorageContext,
  key: ObservationalMemoryKey,
): Promise<ObservationalMemoryRecord[]> {
  const rows = await ctx.db.observationalMemory.findMany({ where: { lookupKey: lookupKeyOf(key) }, orderBy: { generation: 'asc' } })
  return rows.map(toObservationalMemory)
}

export async function insertObservationalMemory(
  ctx: StorageContext,
  input: NewObservationalMemoryRecord,
): Promise<ObservationalMemoryRecord> {
  const record = parseInput(newObservationalMemorySchema, input, 'observationalMemory')
  const lookupKey = lookupKeyOf(
    record.scope === 'thread' ? { scope: 'thread', threadId: record.threadId! } : { scope: 'resource', resourceId: record.resourceId },
  )
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
          observedMessageIds: record.observedMessageIds,
          bufferedObservationChunks: record.bufferedObservationChunks.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
          config: record.config as Prisma.InputJsonObject,
          metadata: record.metadata as Prisma.InputJsonObject,
        },
      })
      return toObservationalMemory(row)
    })
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new ThreadNotFoundError(record.threadId!)
    if (isUniqueViolation(error)) throw new InvalidInputError('observationalMemory.id', `a record with id "${id}" already exists`)
    throw error
  }
}
