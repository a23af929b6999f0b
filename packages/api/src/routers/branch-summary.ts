import type { StoredThread } from '@threadline/engine'
import { canAccessResource, type Caller } from '../auth/caller.ts'
import type { Services } from '../services.ts'

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
export async function branchOf(services: Services, caller: Caller, thread: StoredThread) {
  if (thread.branch === null) return null
  const parent = await services.memory.getThreadById({ threadId: thread.branch.parentThreadId })
  const visibleParent = parent !== null && canAccessResource(caller, parent.resourceId) ? parent : null
  return {
    parentThreadId: visibleParent?.id ?? null,
    parentTitle: visibleParent?.title ?? null,
    branchPointMessageId: thread.branch.branchPointMessageId,
    branchPointThreadId: thread.branch.branchPointThreadId,
    branchedAt: thread.createdAt,
  }
}
