// The public API of @threadline/engine: names follow the spec, and each one is
// listed with a line in ../README.md. Everything else in src/ is internal.
// Subpaths: '@threadline/engine/sandbox' (QuickJS rules sandbox, optional
// dependency) and '@threadline/engine/testing' (fake provider, presets, fixtures).

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
export { collectCallTraces, type CallAttempt, type CallTraceCollector, type CallTraceEvent, type LLMCallTrace } from './calls/call-trace.ts'
export type { LLMCallLog, LLMCallPage, LLMCallQuery, LLMCallSummary } from './calls/call-log.ts'
export { listLLMCallsInputSchema, llmCallOutcomeSchema, type ListLLMCallsInput } from './calls/call-query-schema.ts'
export { openTelemetryCallListener, THREADLINE_TRACER_NAME } from './calls/otel-spans.ts'

// Embedders: what Memory embeds text with (no default: pass one for semantic recall)
export type { Embedder, EmbeddingModelInput } from './embedders/types.ts'
export { resolveEmbeddingModel } from './embedders/resolve-embedding-model.ts'
export { resolveEmbedder } from './embedders/resolve-embedder.ts'
export { EmbeddingError } from './embedders/embed-in-batches.ts'

// Background indexing: the job store port and the worker that embeds jobs' messages
export {
  IndexJobLeaseLostError,
  indexJobReasonSchema,
  indexJobStateSchema,
  type EnqueueIndexJob,
  type IndexBatchResult,
  type IndexJob,
  type IndexJobPage,
  type IndexJobQuery,
  type IndexJobReason,
  type IndexJobState,
  type IndexJobStore,
  type IndexScope,
} from './indexing/types.ts'
export { createIndexWorker, retryDelayMs, type IndexWorker, type IndexWorkerOptions } from './indexing/index-worker.ts'
export { indexJobProgress, type IndexJobProgress } from './indexing/job-progress.ts'

// Errors: one typed error per failure kind, with a stable `code`
export {
  InvalidCloneOptionsError,
  InvalidInputError,
  InvalidStreamErrorRetryOptionsError,
  InheritedMessageError,
  MessageAlreadyExistsError,
  MessageSharedByBranchesError,
  MessageNotFoundError,
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
export { recallModeSchema, type MemoryOptions, type RecallMode, type ResolvedMemoryOptions, type SemanticRecallConfig } from './memory/memory-options.ts'
export type { RankedMatch, RecallResult } from './memory/recall.ts'
export type { HitCopy, RecallHit } from './memory/recall-hits.ts'
export { DEFAULT_ARM_WEIGHTS, fuseByReciprocalRank, RRF_K, type FusionArm } from './memory/fusion.ts'
export {
  cloneOptionsSchema,
  cloneThreadArgsSchema,
  messageLimitSchema,
  type CloneBoundary,
  type CloneCallOptions,
  type ClonePreviewPageInput,
  type CloneThreadArgs,
} from './memory/clone-options.ts'
export type { CloneThreadResult } from './memory/clone-thread.ts'
export type { ClonePreview } from './memory/clone-preview.ts'
export type { CloneWarning, CloneWarningCode } from './memory/clone-boundary.ts'
export { getCloneMetadata, isClone, type CloneMetadata } from './memory/clone-metadata.ts'
export type { ForkPoint, LineageTree, LineageTreeNode, LineageTreeOptions } from './memory/lineage-tree.ts'
export { createThreadInputSchema, idSchema, memoryScopeSchema, messageCursorSchema, updateThreadInputSchema } from './memory/input-schemas.ts'
export { deriveThreadMemory, type DeriveThreadMemoryArgs } from './memory/derived-memory.ts'
export { getBranchMetadata, isBranch, type BranchMetadata } from './memory/branch-metadata.ts'
export type { BranchThreadArgs, DeleteMessagesInput, DeleteThreadCallOptions, DerivedMemoryMode } from './memory/branch-options.ts'
export type { BranchThreadResult } from './memory/branch-thread.ts'
export type { ForkKind, LineageEntry, LineageForkPoint } from './memory/lineage.ts'
export { diffHistories, type DiffEntry, type HistoryDiff } from './memory/branches/history-diff.ts'
export type { ThreadDiff } from './memory/branches/diff-threads.ts'
export type { DiffThreadsOptions } from './memory/branches/branch-operation-schemas.ts'
export type { MaterializeBranchResult } from './memory/branches/materialize-branch.ts'
export type { PromoteBranchArgs, PromoteBranchResult } from './memory/branches/promote-branch.ts'
export { hashThreadId } from './memory/thread-id-hash.ts'
export { splitObservationRange } from './memory/remap-observational-memory.ts'
export { messageEmbeddingText } from './memory/embedding-text.ts'
export { EMPTY_OBSERVATIONAL_MEMORY_CONTENT } from './memory/observational-memory.ts'

// Messages: the stored message format, its schema and its conversion to the model prompt
export type {
  FilePart,
  MastraDBMessage,
  MessageContent,
  MessagePart,
  MessageRole,
  ProviderMetadata,
  ReasoningDetail,
  ReasoningPart,
  StepStartPart,
  StoredMessage,
  TextPart,
  ToolInvocation,
  ToolInvocationPart,
} from './messages/types.ts'
export { messageBatchSchema, storedMessageSchema, storedMessagesSchema, toolInvocationStateSchema, type ParsedStoredMessages } from './messages/schema.ts'
export { toPrompt, type ToPromptOptions } from './messages/to-prompt.ts'
export { messageSnippet } from './messages/message-snippet.ts'
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
export { DEFAULT_MAX_PROCESSOR_RETRIES, type Logger } from './processors/run.ts'
// the JSON shape of a language-model prompt (the playground's and the sandbox's input)
export { languageModelPromptSchema } from './rules-sandbox/prompt-json.ts'

// ProviderHistoryCompat: proactive prompt rewrites and reactive repair, built-in and custom CompatRules
export { ProviderHistoryCompat, type ProviderHistoryCompatOptions } from './processors/provider-history-compat/provider-history-compat.ts'
export type { CompatRule, ProactiveRuleOutcome, ReactiveRuleMatch, ReactiveRuleOutcome } from './processors/provider-history-compat/types.ts'
export { builtInCompatRules } from './processors/provider-history-compat/built-in-rules.ts'
export type { CompatExplainArgs, CompatVerdict, ProactiveVerdict, ReactiveVerdict, ReactiveVerdictReason } from './processors/provider-history-compat/index.ts'
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
export { decideRetry, type RetryDecision, type RetryDecisionReason, type RetryMatchKind } from './processors/stream-error-retry/retry-decision.ts'
export { retryMatcherDataSchema, streamErrorRetryOptionsDataSchema, type StreamErrorRetryOptionsData } from './processors/stream-error-retry/options-data.ts'

// Storage: the interfaces packages/db implements (MemoryStorage, VectorStore, ThreadQueries) and their records
export type {
  BufferedObservationChunk,
  CreateBranchInput,
  CreateBranchResult,
  CreateThreadInput,
  ListDescendantsInput,
  DeleteThreadOptions,
  InheritingBranch,
  ListThreadsInput,
  ListThreadsResult,
  MemoryStorage,
  MessageCopyResult,
  MessageSelection,
  MessageStructure,
  MessageVector,
  NewObservationalMemoryRecord,
  ObservationalMemoryKey,
  ObservationalMemoryPatch,
  ObservationalMemoryRecord,
  ObservationalMemoryScope,
  StorageThreadType,
  StoredThread,
  TextMatch,
  TextQuery,
  ThreadBranchLink,
  ThreadListOrder,
  TransactionOptions,
  UpsertMessagesOptions,
  WholeThreadCloneArgs,
  WholeThreadCloneResult,
  VectorMatch,
  VectorQuery,
  VectorStore,
  WorkingMemoryKey,
  WorkingMemoryScope,
  WorkingMemoryVersion,
} from './storage/types.ts'
export type { ResourceSummary, ThreadListItem, ThreadListPage, ThreadListQuery, ThreadQueries } from './storage/thread-queries.ts'
export {
  messageTextSearchInputSchema,
  snippetSegments,
  SNIPPET_MARK,
  type MessageTextHit,
  type MessageTextPage,
  type MessageTextQuery,
  type SnippetSegment,
} from './storage/message-text-search.ts'

// Validation: the one way input is validated (routers and forms derive their schemas from the ones above)
export { fieldIssues, parseInput, toInputError, type InputErrorFactory, type InputRoot, type ParseInputOptions } from './validation/parse-input.ts'
export { assertSafeInput, unsafeTextReason, DEFAULT_INPUT_BOUNDS, type InputBounds } from './validation/safe-input.ts'
export { givenFields, type GivenFields } from './validation/given-fields.ts'
export { branchThreadArgsSchema, deleteThreadOptionsSchema } from './memory/branch-options.ts'
export type {
  BranchOperationsStorage,
  DiffThreadHistoriesInput,
  MaterializeBranchesInput,
  MaterializedBranch,
  PromoteBranchInput,
  PromotedBranch,
  RepairOutsideThread,
  SavedRepairs,
  StoredThreadDiff,
} from './storage/branch-operations.ts'
