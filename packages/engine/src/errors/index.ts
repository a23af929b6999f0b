// The engine's error classes, one file per family. Check them with
// `XError.isInstance(value)`, which holds across copies of the engine.
export type { ThreadlineErrorCode } from './error-codes.ts'
export { ThreadlineError } from './threadline-error.ts'
export { ThreadAlreadyExistsError, ThreadNotFoundError } from './thread-errors.ts'
export { MessageAlreadyExistsError, MessageNotFoundError, MessageVersionConflictError } from './message-errors.ts'
export { InheritedMessageError, MessageSharedByBranchesError, ThreadHasBranchesError } from './branch-errors.ts'
export { InvalidCloneOptionsError, InvalidInputError, InvalidStreamErrorRetryOptionsError, type FieldIssue } from './input-errors.ts'
export { StorageError, VectorExtensionMissingError } from './storage-errors.ts'
export { ContextWindowExceededError, ModelResolutionError, ProviderStreamError } from './provider-errors.ts'
export { NotABranchError } from './branch-operation-errors.ts'
export { ResourceOutOfScopeError } from './scope-errors.ts'
