// @threadline/engine/storage: the ports a storage implements (packages/db does:
// MemoryStorage, VectorStore, ThreadQueries) with their records and inputs.
// An application needs none of it: it hands Memory a storage and reads the
// records Memory returns (StoredThread, StoredMessage...) from the root entry.
export type {
  AuditRecord,
  BufferedObservationChunk,
  CreateBranchInput,
  CreateBranchResult,
  CreateThreadInput,
  DeleteThreadOptions,
  InheritingBranch,
  ListDescendantsInput,
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
  ObservationalMemoryScope,
  TextMatch,
  TextQuery,
  ThreadBranchLink,
  ThreadListOrder,
  StoredThreadRedirect,
  ThreadRedirectReason,
  TransactionOptions,
  UpsertMessagesOptions,
  VectorMatch,
  VectorQuery,
  VectorStore,
  WholeThreadCloneArgs,
  WholeThreadCloneResult,
  WorkingMemoryKey,
  WorkingMemoryScope,
  WorkingMemoryVersion,
} from './types.ts'
export type {
  BranchOperationsStorage,
  CommonMessage,
  DiffThreadHistoriesInput,
  MaterializeBranchesInput,
  MaterializedBranch,
  PromoteBranchInput,
  PromotedBranch,
  SavedRepairs,
  StoredThreadDiff,
} from './branch-operations.ts'
// thread export and import as JSON Lines: a port the REST handler holds beside ThreadQueries
export type { ThreadExportInput, ThreadImportInput, ThreadImportResult, ThreadTransfer } from './thread-transfer.ts'
// the admin explorer's read port: the one storage port the API's routers hold (besides Memory)
export type { ResourceSummary, ThreadListItem, ThreadListPage, ThreadListQuery, ThreadQueries } from './thread-queries.ts'
export {
  messageTextSearchInputSchema,
  snippetSegments,
  SNIPPET_MARK,
  type MessageTextCopy,
  type MessageTextHit,
  type MessageTextPage,
  type MessageTextQuery,
  type SnippetSegment,
} from './message-text-search.ts'
