// The public API of @threadline/engine. Names follow the spec.
export * from './messages/types.ts'
export { messagePartSchema, storedMessageSchema, storedMessagesSchema, parseStoredMessages } from './messages/schema.ts'
export * from './storage/types.ts'
export * from './errors/index.ts'
export * from './processors/types.ts'
export * from './errors/inspect.ts'
export * from './processors/stream-error-retry/index.ts'
export * from './models/index.ts'
export * from './processors/provider-history-compat/index.ts'
export * from './messages/to-prompt.ts'
export * from './messages/from-response.ts'
export { messageSnippet } from './messages/message-snippet.ts'
export * from './processors/run.ts'
export * from './agent/index.ts'
export * from './memory/index.ts'
export * from './embedders/index.ts'
export * from './rules-sandbox/index.ts'
// validation stream: the one way input is validated, and the domain schemas routers and forms derive from
export {
  fieldIssues,
  fieldPath,
  parseInput,
  toInputError,
  type InputErrorFactory,
  type InputRoot,
  type ParseInputOptions,
} from './validation/parse-input.ts'
export {
  createThreadInputSchema,
  dateInputSchema,
  idSchema,
  listMessagesInputSchema,
  listThreadsInputSchema,
  memoryScopeInputSchema,
  memoryScopeSchema,
  metadataSchema,
  recallInputSchema,
  threadIdInputSchema,
  titleSchema,
  updateWorkingMemoryInputSchema,
} from './memory/input-schemas.ts'
export { cloneOptionsSchema, cloneThreadArgsSchema, messageFilterSchema, messageLimitSchema } from './memory/clone-options.ts'
