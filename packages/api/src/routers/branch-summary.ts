import type { StoredThread } from '@threadline/engine'

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
