import { hasErrorMarker, ThreadlineError } from './threadline-error.ts'

const notABranch = Symbol.for('threadline.error.NotABranchError')

/**
 * materializeBranch / promoteBranch were given a thread that is not a branch
 * (a root or a clone, or a branch that was already materialized or promoted).
 */
export class NotABranchError extends ThreadlineError {
  private readonly [notABranch] = true
  readonly threadId: string
  constructor(threadId: string, field = 'threadId') {
    super('NOT_A_BRANCH', `Thread "${threadId}" is not a branch (it has no branch parent)`, { field })
    this.threadId = threadId
  }

  static override isInstance(value: unknown): value is NotABranchError {
    return hasErrorMarker(value, notABranch)
  }
}
