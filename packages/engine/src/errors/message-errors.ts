import { hasErrorMarker, ThreadlineError } from './threadline-error.ts'
import { plural } from '../text/plural.ts'

const alreadyExists = Symbol.for('threadline.error.MessageAlreadyExistsError')
const notFound = Symbol.for('threadline.error.MessageNotFoundError')
const versionConflict = Symbol.for('threadline.error.MessageVersionConflictError')

export class MessageAlreadyExistsError extends ThreadlineError {
  private readonly [alreadyExists] = true
  readonly messageIds: string[]
  /** `inAnotherThread`: the ids exist in a thread other than the one they were saved to */
  constructor(messageIds: string[], options?: { inAnotherThread?: boolean }) {
    const where = options?.inAnotherThread ? ' in another thread' : ''
    const subject = messageIds.length === 1 ? 'Message id already exists' : `${plural(messageIds.length, 'message id')} already exist`
    super('MESSAGE_ALREADY_EXISTS', `${subject}${where}: ${messageIds.slice(0, 5).join(', ')}`, { field: 'id' })
    this.messageIds = messageIds
  }

  static override isInstance(value: unknown): value is MessageAlreadyExistsError {
    return hasErrorMarker(value, alreadyExists)
  }
}

export class MessageNotFoundError extends ThreadlineError {
  private readonly [notFound] = true
  readonly messageIds: string[]
  /** `field`: the input that named them (default 'messageIds') */
  constructor(messageIds: string[], options?: { field?: string }) {
    super(
      'MESSAGE_NOT_FOUND',
      `${messageIds.length === 1 ? 'Message id' : plural(messageIds.length, 'message id')} not found: ${messageIds.slice(0, 5).join(', ')}`,
      { field: options?.field ?? 'messageIds' },
    )
    this.messageIds = messageIds
  }

  static override isInstance(value: unknown): value is MessageNotFoundError {
    return hasErrorMarker(value, notFound)
  }
}

/** An edit made against a version of the message that is no longer its current one: nothing was written (optimistic concurrency). */
export class MessageVersionConflictError extends ThreadlineError {
  private readonly [versionConflict] = true
  readonly messageId: string
  readonly expectedVersion: number
  readonly currentVersion: number
  constructor(messageId: string, expectedVersion: number, currentVersion: number) {
    super(
      'MESSAGE_VERSION_CONFLICT',
      `Message "${messageId}" is at version ${currentVersion}, not ${expectedVersion}: it changed since it was read; read it again and redo the edit`,
      { field: 'expectedVersion' },
    )
    this.messageId = messageId
    this.expectedVersion = expectedVersion
    this.currentVersion = currentVersion
  }

  static override isInstance(value: unknown): value is MessageVersionConflictError {
    return hasErrorMarker(value, versionConflict)
  }
}
