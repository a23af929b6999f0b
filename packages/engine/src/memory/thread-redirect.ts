import type { StoredThread, StoredThreadRedirect, ThreadRedirectReason } from '../storage/types.ts'

/** How an id that names no thread any more led to the thread returned (a promoted branch's id leads to its source). */
export type ThreadRedirect = {
  /** the id asked for */
  threadId: string
  /** its thread's title when it moved (the row is gone) */
  title: string
  reason: ThreadRedirectReason
  at: Date
}

/** A thread found by id, directly or through a redirect. */
export type ResolvedThread = {
  thread: StoredThread
  /** null when the id named the thread itself */
  redirectedFrom: ThreadRedirect | null
}

export function threadRedirectOf(stored: StoredThreadRedirect): ThreadRedirect {
  return { threadId: stored.fromThreadId, title: stored.fromTitle, reason: stored.reason, at: stored.createdAt }
}
