import { randomUUID } from 'node:crypto'
import { InvalidInputError, ThreadAlreadyExistsError } from '../errors/index.ts'
import type { MemoryStorage, StoredThread } from '../storage/types.ts'
import { withLineageDates } from './branch-metadata.ts'
import type { ParsedBranchThreadArgs } from './branch-options.ts'
import { deriveThreadMemory } from './derived-memory.ts'

export type BranchThreadResult = {
  /** the branch; `thread.metadata.branch = { sourceThreadId, branchPointMessageId, branchedAt }` */
  thread: StoredThread
  /** how many messages it inherits (its whole history at creation) */
  inheritedMessageCount: number
}

/**
 * Creates a branch in the caller's transaction, which must roll back on a throw (docs/spec/branch-thread.md): ONE
 * thread row whose cutoff the storage picks in the same statement (no message
 * or vector copied), then its thread-scoped working / observational memory derived from the source's.
 */
export async function branchThread(tx: { storage: MemoryStorage }, args: ParsedBranchThreadArgs, now: Date): Promise<BranchThreadResult> {
  const { storage } = tx
  // the source's own id is taken like any other (the table's self-reference check would fail as a storage error)
  if (args.newThreadId !== undefined && args.newThreadId === args.sourceThreadId) throw new ThreadAlreadyExistsError(args.newThreadId)
  // the storage reports an unknown source (ThreadNotFoundError); the resource is checked on the row it
  // wrote, which the caller's transaction then rolls back: one round trip fewer than reading the source first
  const { thread, inheritedMessageCount } = await storage.createBranch({
    id: args.newThreadId ?? randomUUID(),
    sourceThreadId: args.sourceThreadId,
    branchPointMessageId: args.branchPointMessageId ?? null,
    title: args.title ?? null,
    metadata: args.metadata ?? {},
    branchedAt: now,
  })
  if (args.resourceId !== undefined && args.resourceId !== thread.resourceId) {
    throw new InvalidInputError(
      'resourceId',
      `must be "${thread.resourceId}", the resource of thread "${args.sourceThreadId}": a branch shares its source's resource (clone the thread for another resource)`,
    )
  }
  await deriveThreadMemory(tx, {
    sourceThreadId: args.sourceThreadId,
    targetThreadId: thread.id,
    resourceId: thread.resourceId,
    mode: args.derivedMemory,
    asOf: thread.branch?.branchPointCreatedAt ?? null,
    visibleMessageIds: async (ids) =>
      ids.length === 0 ? new Set() : new Set((await storage.listMessageIds({ threadId: thread.id, messageIds: ids })).map((row) => row.id)),
  })
  return { thread: withLineageDates(thread), inheritedMessageCount }
}
