import { randomUUID } from 'node:crypto'
import { NotABranchError } from '../../errors/branch-operation-errors.ts'
import { ThreadNotFoundError } from '../../errors/index.ts'
import type { StoredThread } from '../../storage/types.ts'
import { withLineageDates } from '../branch-metadata.ts'
import { type BranchOperationContext, reembedMessages } from './operation-context.ts'
import { retagThreadMemory } from './thread-memory.ts'

export type PromoteBranchArgs = { branchThreadId: string }

/** What `Memory.promoteBranch` returns. */
export type PromoteBranchResult = {
  /** the source thread, now continuing along the promoted branch */
  thread: StoredThread
  /** the NEW branch of the source holding its former continuation (nothing is lost) */
  newBranchThread: StoredThread
  /** the promoted branch's id: its row is gone, its messages are the source's */
  promotedBranchThreadId: string
  movedToNewBranchCount: number
  movedToSourceCount: number
  /** branches of the source (after the cutoff) now under the new branch */
  reparentedToNewBranch: string[]
  /** branches of the promoted branch now under the source */
  reparentedToSource: string[]
}

/** Lineage keys a new branch never inherits from its source's metadata. */
const LINEAGE_KEYS = new Set(['branch', 'clone', 'materializedBranch', 'promotedBranch'])

/** Runs in the caller's transaction (the storage locks both threads before it changes anything). */
export async function promoteBranchInTransaction(context: BranchOperationContext, branchThreadId: string, now: Date): Promise<PromoteBranchResult> {
  const branch = await context.storage.getThreadById(branchThreadId)
  if (branch === null) throw new ThreadNotFoundError(branchThreadId)
  if (branch.branch === null) throw new NotABranchError(branchThreadId, 'branchThreadId')
  const { parentThreadId } = branch.branch
  const source = await context.storage.getThreadById(parentThreadId)
  if (source === null) throw new ThreadNotFoundError(parentThreadId)
  // the new branch holds the source's former line: titled and described like a branchThread default
  const promoted = await context.storage.promoteBranch({
    branchThreadId,
    newBranchThreadId: randomUUID(),
    newBranchTitle: source.title === '' ? '' : `Branch of ${source.title}`,
    newBranchMetadata: Object.fromEntries(Object.entries(source.metadata).filter(([key]) => !LINEAGE_KEYS.has(key))),
    promotedAt: now,
  })
  await reembedMessages(context, promoted.rewrittenMessageIds)
  // the storage moved the thread-scoped memory along the lines (S's to the new branch, the branch's to S)
  await retagThreadMemory(context.storage, promoted.newBranchThread.id, source.id)
  await retagThreadMemory(context.storage, source.id, branchThreadId)
  return {
    thread: withLineageDates(promoted.thread),
    newBranchThread: withLineageDates(promoted.newBranchThread),
    promotedBranchThreadId: branchThreadId,
    movedToNewBranchCount: promoted.movedToNewBranchCount,
    movedToSourceCount: promoted.movedToSourceCount,
    reparentedToNewBranch: promoted.reparentedToNewBranch,
    reparentedToSource: promoted.reparentedToSource,
  }
}
