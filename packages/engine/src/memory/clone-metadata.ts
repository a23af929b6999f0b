import { z } from 'zod'
import type { StoredThread } from '../storage/types.ts'

/** `thread.metadata.clone`, set on every clone (the spec's "Clone metadata"). */
export type CloneMetadata = {
  sourceThreadId: string
  clonedAt: Date
  /** the source's last message at clone time, by (createdAt, id); absent when it had none */
  lastMessageId?: string
  /**
   * Beyond the spec: the SOURCE id of the last message the clone copied, by
   * (createdAt, id): the fork point. Absent when nothing was copied.
   */
  lastClonedMessageId?: string
}

// Stored as JSON, so `clonedAt` comes back as an ISO string.
const storedCloneMetadataSchema = z.object({
  sourceThreadId: z.string().min(1),
  clonedAt: z.union([z.date(), z.string()]).transform((value) => new Date(value)),
  lastMessageId: z.string().min(1).optional(),
  lastClonedMessageId: z.string().min(1).optional(),
})

/** The clone metadata of a thread, or null when it is not a clone (or the metadata is malformed). */
export function getCloneMetadata(thread: Pick<StoredThread, 'metadata'>): CloneMetadata | null {
  const parsed = storedCloneMetadataSchema.safeParse(thread.metadata.clone)
  if (!parsed.success || Number.isNaN(parsed.data.clonedAt.getTime())) return null
  const { sourceThreadId, clonedAt, lastMessageId, lastClonedMessageId } = parsed.data
  return {
    sourceThreadId,
    clonedAt,
    ...(lastMessageId === undefined ? {} : { lastMessageId }),
    ...(lastClonedMessageId === undefined ? {} : { lastClonedMessageId }),
  }
}

/** True when the thread was made by cloneThread (lineage column or clone metadata); false for null / undefined. */
export function isClone(thread: Pick<StoredThread, 'metadata' | 'sourceThreadId'> | null | undefined): boolean {
  if (thread === null || thread === undefined) return false
  return thread.sourceThreadId !== null || getCloneMetadata(thread) !== null
}

/**
 * The thread as Memory returns it: `metadata.clone.clonedAt` as a Date, as the
 * spec types it (storage keeps JSON, where it is a string).
 */
export function withCloneDates<Thread extends StoredThread>(thread: Thread): Thread {
  const clone = getCloneMetadata(thread)
  if (clone === null) return thread
  return { ...thread, metadata: { ...thread.metadata, clone } }
}
