import { hasErrorMarker, ThreadlineError } from './threadline-error.ts'

const notFound = Symbol.for('threadline.error.ThreadNotFoundError')
const alreadyExists = Symbol.for('threadline.error.ThreadAlreadyExistsError')

export class ThreadNotFoundError extends ThreadlineError {
  private readonly [notFound] = true
  readonly threadId: string
  constructor(threadId: string) {
    super('THREAD_NOT_FOUND', `Thread "${threadId}" was not found`, { field: 'threadId' })
    this.threadId = threadId
  }

  static override isInstance(value: unknown): value is ThreadNotFoundError {
    return hasErrorMarker(value, notFound)
  }
}

export class ThreadAlreadyExistsError extends ThreadlineError {
  private readonly [alreadyExists] = true
  readonly threadId: string
  /** `field`: the input that named the id (a create's `threadId`; a clone's or branch's `newThreadId`) */
  constructor(threadId: string, field: 'threadId' | 'newThreadId' = 'newThreadId') {
    super('THREAD_ALREADY_EXISTS', `A thread with id "${threadId}" already exists`, { field })
    this.threadId = threadId
  }

  static override isInstance(value: unknown): value is ThreadAlreadyExistsError {
    return hasErrorMarker(value, alreadyExists)
  }
}
