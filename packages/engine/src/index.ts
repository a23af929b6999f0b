// The public API of @threadline/engine: names follow the spec, and each one is
// listed with a line in ../README.md. Everything else in src/ is internal.
// Subpaths: '@threadline/engine/sandbox' (QuickJS rules sandbox, optional
// dependency), '@threadline/engine/storage' (the ports a storage implements),
// '@threadline/engine/loopback-provider' (a local server answering like the
// providers), '@threadline/engine/provider-error-presets' (their real errors, pure
// data) and '@threadline/engine/testing' (test fixtures; re-exports the two before).

// Agent: model resolution ('provider/model'), generate/stream, memory wiring
export { Agent } from './agent/agent.ts'
export { EventChannel } from './agent/event-channel.ts'
export type { AgentModel } from './agent/resolve-model.ts'
export type {
  AgentCallOptions,
  AgentConfig,
  AgentInput,
  AgentInputMessage,
  AgentMemory,
  AgentResult,
  AgentStream,
  AgentStreamEvent,
  AgentUsage,
} from './agent/types.ts'

// A memory-aware turn's context (built by the Agent: previewContext, result.context): last messages, recall, working and observational memory, fitted to the window
export type { ContextSection, LeftOutMessage, SectionKind, SectionMessage, TurnContext } from './context/turn-context.ts'
export { approximateTokens, countPrompt, type TokenCounter } from './context/token-count.ts'
export { UPDATE_WORKING_MEMORY_TOOL } from './context/working-memory.ts'

// LLM calls as data: the typed events of each provider call (onEvent), folded into traces, and the port that stores them
export type {
  CallError,
  CallUsage,
  LLMCallEvent,
  LLMCallEventListener,
  LLMCallStart,
  MessageRepair,
  ProcessorEvent,
  ProcessorEventSink,
  PromptChange,
} from './calls/call-events.ts'
export { collectCallTraces, type CallTraceEvent, type LLMCallTrace } from './calls/call-trace.ts'
export { capCallBody, MAX_CALL_BODY_CHARS, truncationMarker, type CallBody, type CallParameters, type CallReply, type CallToolCall } from './calls/call-body.ts'
export { estimateCallCost, type CostEstimate } from './calls/cost-estimate.ts'
export { MODEL_PRICES, type ModelPrice } from './calls/model-prices.ts'
export type { LLMCallLog, LLMCallPage, LLMCallQuery, LLMCallSummary } from './calls/call-log.ts'
export { listLLMCallsInputSchema } from './calls/call-query-schema.ts'
export { openTelemetryCallListener } from './calls/otel-spans.ts'

// Embedders: what Memory embeds text with (no default: pass one for semantic recall)
export type { Embedder, EmbeddingModelInput } from './embedders/types.ts'
export { resolveEmbeddingModel } from './embedders/resolve-embedding-model.ts'
export { resolveEmbedder } from './embedders/resolve-embedder.ts'
export { EmbeddingError } from './embedders/embed-in-batches.ts'
export { EmbeddingTimeoutError } from './embedders/embed-timeout.ts'

// Background indexing: the job store port and the worker that embeds jobs' messages
export {
  IndexJobLeaseLostError,
  indexJobReasonSchema,
  indexJobStateSchema,
  indexMessageFailureSchema,
  type EnqueueIndexJob,
  type IndexBatchResult,
  type IndexJob,
  type IndexJobPage,
  type IndexJobQuery,
  type IndexJobReason,
  type IndexJobState,
  type IndexJobStore,
  type IndexMessageFailure,
  type IndexScope,
} from './indexing/types.ts'
export { createIndexWorker, DEFAULT_EMBED_TIMEOUT_MS, type IndexWorker } from './indexing/index-worker.ts'
export { indexJobProgress, type IndexJobProgress } from './indexing/job-progress.ts'

// Errors: one typed error per failure kind, with a stable `code`
export {
  ContextWindowExceededError,
  InvalidCloneOptionsError,
  InvalidInputError,
  InvalidStreamErrorRetryOptionsError,
  InheritedMessageError,
  MessageAlreadyExistsError,
  MessageSharedByBranchesError,
  MessageNotFoundError,
  MessageVersionConflictError,
  NotABranchError,
  ModelResolutionError,
  ProviderStreamError,
  ResourceOutOfScopeError,
  StorageError,
  ThreadAlreadyExistsError,
  ThreadHasBranchesError,
  ThreadlineError,
  ThreadNotFoundError,
  VectorExtensionMissingError,
  type FieldIssue,
  type ThreadlineErrorCode,
} from './errors/index.ts'
export { EmbedderRequiredError } from './errors/embedder-errors.ts'
export { errorTexts, messageOf } from './errors/inspect.ts'

// Memory: threads, messages, recall, working and observational memory, cloneThread
export {
  Memory,
  type EmbeddingStatus,
  type IndexQueue,
  type ListThreadsPage,
  type MemoryConfig,
  type MessageSearch,
  type ObservationalMemoryHistory,
  type ParsedMemory,
  type SaveMessagesCallOptions,
  type WorkingMemoryEntry,
} from './memory/memory.ts'
export { ScopedMemory } from './memory/scoped-memory.ts'
export { resourceScope, type ResourceScope, type ResourceScopeInput } from './memory/resource-scope.ts'
export { exactlyOneOf, type ExactlyOneOf } from './validation/exactly-one-of.ts'
export type { MemoryKey, MemoryTarget } from './memory/memory-key.ts'
export { recallModeSchema, type MemoryOptions, type RecallMode, type ResolvedMemoryOptions } from './memory/memory-options.ts'
export type { RankedMatch, RecallResult } from './memory/recall.ts'
export type { RecallHit } from './memory/recall-hits.ts'
export { DEFAULT_ARM_WEIGHTS, fuseByReciprocalRank, RRF_K, type FusionArm } from './memory/fusion.ts'
export {
  cloneOptionsSchema,
  cloneThreadArgsSchema,
  messageLimitSchema,
  type CloneCallOptions,
  type CloneOptions,
  type MessageFilter,
  type ClonePreviewPageInput,
  type CloneThreadArgs,
} from './memory/clone-options.ts'
export type { CloneThreadResult } from './memory/clone-thread.ts'
export type { ClonePreview } from './memory/clone-preview.ts'
export type { CloneWarningCode } from './memory/clone-boundary.ts'
export { getCloneMetadata, isClone, type CloneMetadata } from './memory/clone-metadata.ts'
export type { LineageTree, LineageTreeNode, LineageTreeOptions } from './memory/lineage-tree.ts'
export { createThreadInputSchema, idSchema, memoryScopeSchema, messageCursorSchema, updateThreadInputSchema } from './memory/input-schemas.ts'
export { deriveThreadMemory } from './memory/derived-memory.ts'
export { getBranchMetadata, isBranch } from './memory/branch-metadata.ts'
export type { BranchCallOptions } from './memory/audit-record.ts'
export type { BranchThreadArgs, DeleteMessagesInput, DeleteThreadCallOptions, DerivedMemoryMode } from './memory/branch-options.ts'
export { updateMessageInputSchema, type UpdateMessageInput, type VersionedMessage } from './memory/message-edit.ts'
export type { BranchThreadResult } from './memory/branch-thread.ts'
export type { ForkKind, LineageEntry } from './memory/lineage.ts'
export { diffHistories } from './memory/branches/history-diff.ts'
export type { ThreadDiff } from './memory/branches/diff-threads.ts'
export type { ResolvedThread, ThreadRedirect } from './memory/thread-redirect.ts'
export type { DiffThreadsOptions } from './memory/branches/branch-operation-schemas.ts'
export type { MaterializeBranchResult } from './memory/branches/materialize-branch.ts'
export type { PromoteBranchArgs, PromoteBranchResult } from './memory/branches/promote-branch.ts'
export { hashThreadId } from './memory/thread-id-hash.ts'
export { splitObservationRange } from './memory/remap-observational-memory.ts'
export { messageEmbeddingText } from './memory/embedding-text.ts'

// Messages: the stored message format, its schema and its conversion to the model prompt
export type {
  FilePart,
  MastraDBMessage,
  MessageContent,
  MessagePart,
  MessageRole,
  ProviderMetadata,
  ReasoningPart,
  StoredMessage,
  TextPart,
  ToolInvocation,
  ToolInvocationPart,
} from './messages/types.ts'
export { messageBatchSchema, storedMessageSchema, storedMessagesSchema, toolInvocationStateSchema, type ParsedStoredMessages } from './messages/schema.ts'
export { toPrompt } from './messages/to-prompt.ts'
export { messageSnippet } from './messages/message-snippet.ts'
export { plural } from './text/plural.ts'
export { messageParts, toolInvocationsOf } from './messages/tool-invocations.ts'

// Processors: the interface input and error processors implement, and the retry cap
export type {
  LanguageModelPrompt,
  LanguageModelV2Prompt,
  ModelRef,
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
  Processor,
  ProcessorState,
} from './processors/types.ts'
export type { Logger } from './processors/run.ts'
// the JSON shape of a language-model prompt (the playground's and the sandbox's input)
export { languageModelPromptSchema } from './rules-sandbox/prompt-json.ts'

// ProviderHistoryCompat: proactive prompt rewrites and reactive repair, built-in and custom CompatRules
export { ProviderHistoryCompat, type ProviderHistoryCompatOptions } from './processors/provider-history-compat/provider-history-compat.ts'
export type { CompatRule, ProactiveRuleOutcome, ReactiveRuleMatch, ReactiveRuleOutcome } from './processors/provider-history-compat/types.ts'
export { builtInCompatRules } from './processors/provider-history-compat/built-in-rules.ts'
export type { CompatExplainArgs, CompatVerdict, ReactiveVerdictReason } from './processors/provider-history-compat/index.ts'
export type { ProactiveVerdict } from './processors/provider-history-compat/explain.ts'
export { ToolPairingBrokenError } from './processors/provider-history-compat/compiler/tool-pairing-error.ts'
// the compiler's capability profiles: what each provider family accepts, and which family a model is
export { capabilityProfiles } from './processors/provider-history-compat/profiles/profiles.ts'
export type {
  CapabilityProfile,
  ForeignReasoning,
  ProviderFamily,
  ToolCallIdRewrite,
} from './processors/provider-history-compat/profiles/capability-profile.ts'
export { modelFamilies, type ModelFamily } from './models/model-family.ts'
// the same compiler and retries for plain AI SDK apps (wrapLanguageModel, generateText / streamText)
export { providerHistoryCompatMiddleware, type ProviderHistoryCompatMiddlewareOptions } from './ai-sdk/provider-history-compat-middleware.ts'
export { compileHistory, type CompileHistoryOptions } from './ai-sdk/compile-history.ts'
export { streamErrorRetryMiddleware } from './ai-sdk/stream-error-retry-middleware.ts'
// a custom rule's fields (compiled by '@threadline/engine/sandbox'; zod only here)
export { errorPatternSourcesSchema, ruleNameSchema, ruleSourceSchema } from './rules-sandbox/rule-schemas.ts'

// StreamErrorRetryProcessor: bounded retries of transient errors, matchers, Retry-After
export { StreamErrorRetryProcessor } from './processors/stream-error-retry/processor.ts'
export {
  resolveStreamErrorRetryOptions,
  type OnStreamErrorRetry,
  type ResolvedStreamErrorRetryOptions,
  type RetryDelay,
  type RetryPolicy,
  type StreamErrorRetryEvent,
  type StreamErrorRetryMatcher,
  type StreamErrorRetryMatcherEntry,
  type StreamErrorRetryMatchFunction,
  type StreamErrorRetryProcessorOptions,
} from './processors/stream-error-retry/options.ts'
export { isRetryableOpenAIResponsesStreamError } from './processors/stream-error-retry/openai-responses-matcher.ts'
export { isBadRequestError } from './processors/stream-error-retry/bad-request-matcher.ts'
export { decideRetry, type RetryDecision, type RetryMatchKind } from './processors/stream-error-retry/retry-decision.ts'
export { streamErrorRetryOptionsDataSchema, type StreamErrorRetryOptionsData } from './processors/stream-error-retry/options-data.ts'

// Storage: the records Memory returns (the ports a storage implements are in '@threadline/engine/storage')
export type { ObservationalMemoryRecord, StorageThreadType, StoredThread } from './storage/types.ts'
export type { RepairOutsideThread } from './storage/branch-operations.ts'

// Validation: the one way input is validated (routers and forms derive their schemas from the ones above)
export { fieldIssues, parseInput, toInputError } from './validation/parse-input.ts'
export { assertSafeInput, DEFAULT_INPUT_BOUNDS, unsafeTextReason } from './validation/safe-input.ts'
export { givenFields } from './validation/given-fields.ts'
export { branchThreadArgsSchema, deleteThreadOptionsSchema } from './memory/branch-options.ts'
