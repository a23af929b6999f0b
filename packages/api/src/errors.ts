import { TRPCError } from '@trpc/server'
import { ResourceOutOfScopeError, ThreadAlreadyExistsError, type ThreadlineError, type ThreadlineErrorCode } from '@threadline/engine'

type TRPCCode = TRPCError['code']

// Engine error code -> transport code: every code, so a new one without a
// mapping (or a misspelt one) does not compile.
const codeByEngineError: Record<ThreadlineErrorCode, TRPCCode> = {
  THREAD_NOT_FOUND: 'NOT_FOUND',
  // a resource the caller named outside its scope: its own scope is no secret to it
  RESOURCE_OUT_OF_SCOPE: 'FORBIDDEN',
  MESSAGE_NOT_FOUND: 'NOT_FOUND',
  THREAD_ALREADY_EXISTS: 'CONFLICT',
  MESSAGE_ALREADY_EXISTS: 'CONFLICT',
  // an edit against a stale version (expectedVersion / If-Match): never a silent overwrite
  MESSAGE_VERSION_CONFLICT: 'CONFLICT',
  // branch guards: the request conflicts with the lineage as it stands (the message says how to resolve it)
  INHERITED_MESSAGE: 'CONFLICT',
  MESSAGE_SHARED_BY_BRANCHES: 'CONFLICT',
  THREAD_HAS_BRANCHES: 'CONFLICT',
  INVALID_CLONE_OPTIONS: 'BAD_REQUEST',
  INVALID_INPUT: 'BAD_REQUEST',
  INVALID_PROCESSOR_OPTIONS: 'BAD_REQUEST',
  MODEL_RESOLUTION_FAILED: 'BAD_REQUEST',
  SANDBOXED_RULE_FAILED: 'BAD_REQUEST',
  NOT_A_BRANCH: 'BAD_REQUEST',
  CONTEXT_WINDOW_EXCEEDED: 'BAD_REQUEST',
  VECTOR_EXTENSION_MISSING: 'PRECONDITION_FAILED',
  // failures of the server or its provider, not of the caller's input
  PROVIDER_STREAM_ERROR: 'INTERNAL_SERVER_ERROR',
  EMBEDDING_ERROR: 'INTERNAL_SERVER_ERROR',
  STORAGE_ERROR: 'INTERNAL_SERVER_ERROR',
  // vectors asked for (mode 'vector' or 'hybrid') from a server configured without an embedding model
  EMBEDDER_REQUIRED: 'PRECONDITION_FAILED',
}

// The engine's words for these speak to a developer building a Memory; an API
// caller can only change its request (the server's configuration is the operator's).
const VECTORS_UNAVAILABLE =
  "Vector recall is not available on this server (see GET /api/v1/health, recall): ask for mode 'text', or leave mode out for the server's default"
const callerMessageByEngineError: Partial<Record<ThreadlineErrorCode, string>> = {
  EMBEDDER_REQUIRED: VECTORS_UNAVAILABLE,
  VECTOR_EXTENSION_MISSING: VECTORS_UNAVAILABLE,
}

/** The TRPCError for an engine error: its code mapped, its message kept (it names the input at fault) unless it is advice for the engine's user. */
export function engineErrorToTRPCError(error: ThreadlineError): TRPCError {
  return new TRPCError({
    code: codeByEngineError[error.code],
    // the API's scoped callers are tokens (an operator's scope is every resource)
    message: ResourceOutOfScopeError.isInstance(error)
      ? `This API token is not scoped to resource "${error.resourceId}"`
      : (callerMessageByEngineError[error.code] ?? error.message),
    cause: error,
  })
}

export function writeForbidden(): TRPCError {
  return new TRPCError({ code: 'FORBIDDEN', message: 'This API token is read-only' })
}

/**
 * A thread id that is taken: one answer whoever owns the thread (this tenant,
 * another one, a deleted-and-reused id), in create, preview, clone and branch
 * alike, so the answer tells nothing about another tenant. `field` is the
 * input that named it: a create's `threadId`, a clone's or branch's `newThreadId`.
 */
export function threadIdUnavailable(error: ThreadAlreadyExistsError, field: 'threadId' | 'newThreadId' = 'newThreadId'): TRPCError {
  return new TRPCError({
    code: 'CONFLICT',
    message: `${field} "${error.threadId}" is not available`,
    cause: new ThreadAlreadyExistsError(error.threadId, field),
  })
}
