import { hasErrorMarker, ThreadlineError } from './threadline-error.ts'

// The guards of shared-history branches (docs/spec/branch-thread.md, "Writes and
// their guards"): a branch reads its ancestors' rows, so those rows cannot be
// changed through it, nor changed at their owner while a branch inherits them.

const inherited = Symbol.for('threadline.error.InheritedMessageError')
const shared = Symbol.for('threadline.error.MessageSharedByBranchesError')
const hasBranches = Symbol.for('threadline.error.ThreadHasBranchesError')

const listed = (ids: string[]): string => ids.slice(0, 5).join(', ') + (ids.length > 5 ? `, ... (${ids.length})` : '')

/** A write or delete through a branch of a message the branch inherits from an ancestor. */
export class InheritedMessageError extends ThreadlineError {
  private readonly [inherited] = true
  readonly messageId: string
  /** the ancestor thread that owns the message */
  readonly ownerThreadId: string
  constructor(messageId: string, ownerThreadId: string) {
    super(
      'INHERITED_MESSAGE',
      `Message "${messageId}" is inherited from thread "${ownerThreadId}" and cannot be changed or deleted through a branch; ` +
        'to edit it, branch from the message before it and write the new version there',
      { field: 'messageId' },
    )
    this.messageId = messageId
    this.ownerThreadId = ownerThreadId
  }

  static override isInstance(value: unknown): value is InheritedMessageError {
    return hasErrorMarker(value, inherited)
  }
}

/** A change or delete of messages that branches inherit (or a new message placed at or before such a branch's cutoff). */
export class MessageSharedByBranchesError extends ThreadlineError {
  private readonly [shared] = true
  readonly messageIds: string[]
  /** the branches that inherit them (materializeBranch them first to free the messages) */
  readonly branchThreadIds: string[]
  constructor(messageIds: string[], branchThreadIds: string[]) {
    const [messages, are, them] = messageIds.length === 1 ? ['Message', 'is', 'it'] : ['Messages', 'are', 'them']
    const [branches, inherit, those] = branchThreadIds.length === 1 ? ['branch', 'inherits', 'that branch'] : ['branches', 'inherit', 'those branches']
    super(
      'MESSAGE_SHARED_BY_BRANCHES',
      `${messages} ${listed(messageIds)} ${are} shared with ${branches} ${listed(branchThreadIds)}, which ${inherit} ${them}; materialize ${those} first to change ${them}`,
      { field: 'messageIds' },
    )
    this.messageIds = messageIds
    this.branchThreadIds = branchThreadIds
  }

  static override isInstance(value: unknown): value is MessageSharedByBranchesError {
    return hasErrorMarker(value, shared)
  }
}

/** deleteThread on a thread that has branches, without saying what becomes of them. */
export class ThreadHasBranchesError extends ThreadlineError {
  private readonly [hasBranches] = true
  readonly threadId: string
  /** its direct branches */
  readonly branchThreadIds: string[]
  constructor(threadId: string, branchThreadIds: string[]) {
    super(
      'THREAD_HAS_BRANCHES',
      `Thread "${threadId}" has branches (${listed(branchThreadIds)}); pass { branches: 'materialize' } to make them independent ` +
        "first or { branches: 'delete' } to delete them too",
      { field: 'threadId' },
    )
    this.threadId = threadId
    this.branchThreadIds = branchThreadIds
  }

  static override isInstance(value: unknown): value is ThreadHasBranchesError {
    return hasErrorMarker(value, hasBranches)
  }
}
