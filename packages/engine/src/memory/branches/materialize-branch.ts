import { ThreadNotFoundError } from '../../errors/index.ts'
import type { StoredThread } from '../../storage/types.ts'
import { withLineageDates } from '../branch-metadata.ts'
import { type BranchOperationContext, reembedMessages } from './operation-context.ts'
import { observationMessageIds, renameCopiedMessages } from './thread-memory.ts'

/** What `Memory.materializeBranch` returns. */
export type MaterializeBranchResult = {
  /** the thread, now independent (no branch columns, `metadata.materializedBranch` set) */
  thread: StoredThread
  /** inherited messages it now owns as copies (new ids) */
  copiedMessageCount: number
  /** vectors copied with them (all models) */
  copiedVectorCount: number
  /** branches below it whose cutoff lay in what it inherited, now pointing at its copies */
  repointedBranchThreadIds: string[]
}

function requireThread(threads: ReadonlyMap<string, StoredThread>, threadId: string): StoredThread {
  const thread = threads.get(threadId)
  if (thread === undefined) throw new ThreadNotFoundError(threadId)
  return thread
}

/**
 * Materializes branches in the caller's transaction: bulk copies in the
 * storage, then (semantic recall on) embeds the copies made from an override,
 * whose original vector describes the original text. Each thread keeps its
 * working and observational memory; the OM names the copies (thread-memory.ts).
 */
export async function materializeBranchesInTransaction(context: BranchOperationContext, threadIds: string[], now: Date): Promise<MaterializeBranchResult[]> {
  // the thread keeps its own working / observational memory; the ids its OM names come back mapped to the copies
  const memory = new Map(
    await Promise.all(
      threadIds.map(async (threadId) => [threadId, await context.storage.listObservationalMemoryGenerations({ scope: 'thread', threadId })] as const),
    ),
  )
  const referencedMessageIds = Object.fromEntries([...memory].map(([threadId, generations]) => [threadId, observationMessageIds(generations)]))
  const done = await context.storage.materializeBranches({ threadIds, materializedAt: now, referencedMessageIds })
  for (const branch of done) {
    await renameCopiedMessages(context.storage, memory.get(branch.threadId) ?? [], new Map(Object.entries(branch.referencedCopies)))
  }
  await reembedMessages(
    context,
    done.flatMap((branch) => Object.values(branch.overriddenCopies)),
  )
  const threads = new Map((await context.storage.getThreadsByIds(threadIds)).map((thread) => [thread.id, withLineageDates(thread)]))
  return done.map((branch) => ({
    thread: requireThread(threads, branch.threadId),
    copiedMessageCount: branch.copiedMessageCount,
    copiedVectorCount: branch.copiedVectorCount,
    repointedBranchThreadIds: branch.repointedBranchThreadIds,
  }))
}
