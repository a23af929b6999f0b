import type { StoredThread } from '../storage/types.ts'
import { getCloneMetadata } from './clone-metadata.ts'

/** How a thread came to be: an original, a copy (cloneThread) or a shared-history fork (branchThread). */
export type ForkKind = 'root' | 'clone' | 'branch'

/** Where a clone or a branch left its parent. */
export type LineageForkPoint = {
  /** the branch's source or the clone's source (which may have been deleted since) */
  parentThreadId: string
  /**
   * a branch: its inclusive cutoff message; a clone: the SOURCE id of the last
   * message it copied (null when it copied none or did not record it)
   */
  messageId: string | null
}

export type LineageEntry = {
  thread: StoredThread
  forkKind: ForkKind
  /** null for a root */
  forkPoint: LineageForkPoint | null
}

/** What kind of fork a thread is: the branch columns first, then the clone column / metadata. */
export function forkKindOf(thread: StoredThread): ForkKind {
  if (thread.branch !== null) return 'branch'
  return thread.sourceThreadId !== null || getCloneMetadata(thread) !== null ? 'clone' : 'root'
}

/** The thread's parent in the one lineage model (a branch's source, else a clone's source), or null. */
export function lineageParentOf(thread: StoredThread): string | null {
  return thread.branch?.parentThreadId ?? thread.sourceThreadId ?? getCloneMetadata(thread)?.sourceThreadId ?? null
}

/** A lineage entry for a thread read from storage. */
export function toLineageEntry(thread: StoredThread): LineageEntry {
  if (thread.branch !== null) {
    return { thread, forkKind: 'branch', forkPoint: { parentThreadId: thread.branch.parentThreadId, messageId: thread.branch.branchPointMessageId } }
  }
  const parentThreadId = lineageParentOf(thread)
  const forkKind = forkKindOf(thread)
  if (forkKind === 'root' || parentThreadId === null) return { thread, forkKind, forkPoint: null }
  return { thread, forkKind, forkPoint: { parentThreadId, messageId: getCloneMetadata(thread)?.lastClonedMessageId ?? null } }
}
