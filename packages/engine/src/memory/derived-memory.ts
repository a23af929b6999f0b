import type { MemoryStorage, NewObservationalMemoryRecord, ObservationalMemoryRecord } from '../storage/types.ts'
import { type DerivedMemoryMode, derivedMemoryModeSchema } from './branch-options.ts'
import { cutObservationalMemory, type MessagePositions, type VisibleMessageIds } from './observational-memory-cutoff.ts'
import { retagThread } from './remap-observational-memory.ts'

// Derived memory (issue 12): the thread-scoped working and observational
// memory a fork starts with. Resource-scoped memory is shared by every thread
// of the resource and is never touched here.

// The modes (branch-options.ts owns the schema: branchThread's and cloneThread's option):
// - 'as-of-branch-point': working memory as it was at the cutoff (every version
//   up to it, dates kept) and the OM generation current then, cut to what the
//   fork sees;
// - 'current': today's working memory versions and OM generation, as they are;
// - 'empty': the fork starts without thread-scoped memory.
export type { DerivedMemoryMode }

export type DeriveThreadMemoryArgs = {
  sourceThreadId: string
  targetThreadId: string
  resourceId: string
  mode: DerivedMemoryMode
  /** the cutoff of 'as-of-branch-point' (the branch point message's createdAt); null: no cutoff, as 'current' */
  asOf: Date | null
  /**
   * Which of the given message ids the target sees (a branch: its effective
   * history). null: the messages created at or before `asOf`, in any thread.
   */
  visibleMessageIds: VisibleMessageIds | null
}

function positionsFrom(storage: MemoryStorage): MessagePositions {
  return async (ids) => new Map((await storage.getMessagesByIds(ids)).map((message) => [message.id, { id: message.id, createdAt: message.createdAt }]))
}

function createdBy(storage: MemoryStorage, asOf: Date): VisibleMessageIds {
  return async (ids) =>
    new Set((await storage.getMessagesByIds(ids)).filter((message) => message.createdAt.getTime() <= asOf.getTime()).map((message) => message.id))
}

/** The target's first generation: the source's content, thread tags pointing at the target, transient flags cleared. */
function derivedRecord(record: ObservationalMemoryRecord, args: DeriveThreadMemoryArgs): NewObservationalMemoryRecord {
  const { id, generation, createdAt: _createdAt, updatedAt: _updatedAt, ...content } = record
  return {
    ...content,
    resourceId: args.resourceId,
    threadId: args.targetThreadId,
    activeObservations: retagThread(content.activeObservations, args.sourceThreadId, args.targetThreadId),
    bufferedObservationChunks: content.bufferedObservationChunks.map((chunk) => ({
      ...chunk,
      observations: retagThread(chunk.observations, args.sourceThreadId, args.targetThreadId),
    })),
    isObserving: false,
    isReflecting: false,
    isBufferingObservation: false,
    isBufferingReflection: false,
    metadata: {
      ...content.metadata,
      derivedFrom: { observationalMemoryId: id, generation, threadId: args.sourceThreadId, mode: args.mode, asOf: args.asOf?.toISOString() ?? null },
    },
  }
}

/**
 * Gives `targetThreadId` (an existing, new fork of `sourceThreadId`) its
 * thread-scoped working and observational memory, through the caller's
 * transaction: the working-memory versions in ONE INSERT ... SELECT, the OM
 * generation as one record. Nothing of the source changes.
 */
export async function deriveThreadMemory(tx: { storage: MemoryStorage }, args: DeriveThreadMemoryArgs): Promise<void> {
  const mode = derivedMemoryModeSchema.parse(args.mode)
  if (mode === 'empty') return
  const { storage } = tx
  const asOf = mode === 'as-of-branch-point' ? args.asOf : null
  await storage.copyThreadWorkingMemory({ sourceThreadId: args.sourceThreadId, targetThreadId: args.targetThreadId, targetResourceId: args.resourceId, asOf })

  const key = { scope: 'thread', threadId: args.sourceThreadId } as const
  const record = asOf === null ? await storage.getObservationalMemory(key) : await storage.getObservationalMemoryAsOf(key, asOf)
  if (record === null) return
  const seen = asOf === null ? record : await cutObservationalMemory(record, args.visibleMessageIds ?? createdBy(storage, asOf), positionsFrom(storage), asOf)
  await storage.insertObservationalMemory(derivedRecord(seen, { ...args, asOf }))
}
