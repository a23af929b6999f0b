import type { ScopedMemory, StoredThread } from '@threadline/engine'

/** A branch as the timeline's fork markers need it: which thread, cut where, when. */
export function branchSummary(thread: StoredThread) {
  return {
    id: thread.id,
    title: thread.title,
    resourceId: thread.resourceId,
    createdAt: thread.createdAt,
    branchPointMessageId: thread.branch?.branchPointMessageId ?? null,
    branchPointThreadId: thread.branch?.branchPointThreadId ?? null,
  }
}

/** Where a branch was cut: its parent (null when out of the caller's scope) and its branch point. Null for a thread that is no branch. */
export async function branchOf(memory: ScopedMemory, thread: StoredThread) {
  if (thread.branch === null) return null
  const visibleParent = await memory.getThreadById({ threadId: thread.branch.parentThreadId })
  return {
    parentThreadId: visibleParent?.id ?? null,
    parentTitle: visibleParent?.title ?? null,
    branchPointMessageId: thread.branch.branchPointMessageId,
    branchPointThreadId: thread.branch.branchPointThreadId,
    branchedAt: thread.createdAt,
  }
}
