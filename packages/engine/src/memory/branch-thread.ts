import { randomUUID } from 'node:crypto'
import { InvalidInputError, ThreadNotFoundError } from '../errors/index.ts'
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
 * Creates a branch in the caller's transaction (spec: branch-thread.md): ONE
 * thread row whose cutoff the storage picks in the same statement (no message
 * or vector copied), then its thread-scoped working / observational memory derived from the source's.
 */
export async function branchThread(tx: { storage: MemoryStorage }, args: ParsedBranchThreadArgs, now: Date): Promise<BranchThreadResult> {
  const { storage } = tx
  const source = await storage.getThreadById(args.sourceThreadId)
  if (source === null) throw new ThreadNotFoundError(args.sourceThreadId)
  if (args.resourceId !== undefined && args.resourceId !== source.resourceId) {
    throw new InvalidInputError(
      'resourceId',
      `must be "${source.resourceId}", the resource of thread "${source.id}": a branch shares its source's resource (clone the thread for another resource)`,
    )
  }
  const { thread, inheritedMessageCount } = await storage.createBranch({
    id: args.newThreadId ?? randomUUID(),
    sourceThreadId: source.id,
    branchPointMessageId: args.branchPointMessageId ?? null,
    title: args.title ?? null,
    metadata: args.metadata ?? {},
    branchedAt: now,
  })
  await deriveThreadMemory(tx, {
    sourceThreadId: source.id,
    targetThreadId: thread.id,
    resourceId: thread.resourceId,
    mode: args.derivedMemory,
    asOf: thread.branch?.branchPointCreatedAt ?? null,
    visibleMessageIds: async (ids) =>
      ids.length === 0 ? new Set() : new Set((await storage.listMessageIds({ threadId: thread.id, messageIds: ids })).map((row) => row.id)),
  })
  return { thread: withLineageDates(thread), inheritedMessageCount }
}
