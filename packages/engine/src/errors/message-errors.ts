import { hasErrorMarker, ThreadlineError } from './threadline-error.ts'

const alreadyExists = Symbol.for('threadline.error.MessageAlreadyExistsError')
const notFound = Symbol.for('threadline.error.MessageNotFoundError')

export class MessageAlreadyExistsError extends ThreadlineError {
  private readonly [alreadyExists] = true
  readonly messageIds: string[]
  /** `inAnotherThread`: the ids exist in a thread other than the one they were saved to */
  constructor(messageIds: string[], options?: { inAnotherThread?: boolean }) {
    const where = options?.inAnotherThread ? ' in another thread' : ''
    super('MESSAGE_ALREADY_EXISTS', `Message id(s) already exist${where}: ${messageIds.slice(0, 5).join(', ')}`, { field: 'id' })
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
    super('MESSAGE_NOT_FOUND', `Message id(s) not found: ${messageIds.slice(0, 5).join(', ')}`, { field: options?.field ?? 'messageIds' })
    this.messageIds = messageIds
  }

  static override isInstance(value: unknown): value is MessageNotFoundError {
    return hasErrorMarker(value, notFound)
  }
}
