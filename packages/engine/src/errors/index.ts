// One typed error per failure kind. `code` is stable (the API maps it to a
// transport error); `field` names the offending input where there is one.

export class ThreadlineError extends Error {
  readonly code: string
  readonly field?: string
  constructor(code: string, message: string, options?: { field?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.code = code
    if (options?.field !== undefined) this.field = options.field
  }
}

export class ThreadNotFoundError extends ThreadlineError {
  readonly threadId: string
  constructor(threadId: string) {
    super('THREAD_NOT_FOUND', `Thread "${threadId}" was not found`, { field: 'threadId' })
    this.threadId = threadId
  }
}

export class ThreadAlreadyExistsError extends ThreadlineError {
  readonly threadId: string
  constructor(threadId: string) {
    super('THREAD_ALREADY_EXISTS', `A thread with id "${threadId}" already exists`, { field: 'newThreadId' })
    this.threadId = threadId
  }
}

export class MessageAlreadyExistsError extends ThreadlineError {
  readonly messageIds: string[]
  constructor(messageIds: string[]) {
    super('MESSAGE_ALREADY_EXISTS', `Message id(s) already exist: ${messageIds.slice(0, 5).join(', ')}`, { field: 'id' })
    this.messageIds = messageIds
  }
}

export class MessageNotFoundError extends ThreadlineError {
  readonly messageIds: string[]
  constructor(messageIds: string[]) {
    super('MESSAGE_NOT_FOUND', `Message id(s) not found: ${messageIds.slice(0, 5).join(', ')}`, { field: 'messageIds' })
    this.messageIds = messageIds
  }
}

export class InvalidCloneOptionsError extends ThreadlineError {
  constructor(field: string, message: string) {
    super('INVALID_CLONE_OPTIONS', `Invalid clone option "${field}": ${message}`, { field })
  }
}

export class InvalidInputError extends ThreadlineError {
  constructor(field: string, message: string) {
    super('INVALID_INPUT', `Invalid "${field}": ${message}`, { field })
  }
}

/** pgvector (or another vector capability) is missing where semantic recall needs it. */
export class VectorExtensionMissingError extends ThreadlineError {
  constructor(detail: string) {
    super(
      'VECTOR_EXTENSION_MISSING',
      `Semantic recall needs the PostgreSQL "vector" extension (pgvector), which this database does not have: ${detail}`,
    )
  }
}

export class StorageError extends ThreadlineError {
  constructor(message: string, cause?: unknown) {
    super('STORAGE_ERROR', message, { cause })
  }
}

/** A 'provider/model' string the agent cannot turn into a model (malformed, or an unknown provider without a base URL). */
export class ModelResolutionError extends ThreadlineError {
  readonly model: string
  constructor(model: string, message: string) {
    super('MODEL_RESOLUTION_FAILED', `Cannot resolve model "${model}": ${message}`, { field: 'model' })
    this.model = model
  }
}

/**
 * An error the provider sent INSIDE a response stream (an SSE `error` event, a
 * `response.failed` chunk) after output had started. The provider's payload
 * (code, type, message, raw chunk) is the `cause`, where error matchers find it.
 */
export class ProviderStreamError extends ThreadlineError {
  constructor(message: string, payload: unknown) {
    super('PROVIDER_STREAM_ERROR', message, { cause: payload })
  }
}
