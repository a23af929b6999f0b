/**
 * Every `code` a ThreadlineError can carry. A union, so a consumer's map from
 * code to transport error (`Record<ThreadlineErrorCode, ...>`) fails to compile
 * when a code is misspelt or a new one has no mapping.
 */
export type ThreadlineErrorCode =
  | 'THREAD_NOT_FOUND'
  | 'RESOURCE_OUT_OF_SCOPE'
  | 'THREAD_ALREADY_EXISTS'
  | 'MESSAGE_NOT_FOUND'
  | 'MESSAGE_ALREADY_EXISTS'
  | 'MESSAGE_VERSION_CONFLICT'
  | 'INHERITED_MESSAGE'
  | 'MESSAGE_SHARED_BY_BRANCHES'
  | 'THREAD_HAS_BRANCHES'
  | 'INVALID_INPUT'
  | 'INVALID_CLONE_OPTIONS'
  | 'INVALID_PROCESSOR_OPTIONS'
  | 'MODEL_RESOLUTION_FAILED'
  | 'PROVIDER_STREAM_ERROR'
  | 'SANDBOXED_RULE_FAILED'
  | 'VECTOR_EXTENSION_MISSING'
  | 'EMBEDDING_ERROR'
  | 'STORAGE_ERROR'
  | 'EMBEDDER_REQUIRED'
  | 'NOT_A_BRANCH'
  | 'CONTEXT_WINDOW_EXCEEDED'
