import type { MessageRole, StoredMessage, ToolInvocation } from '../messages/types.ts'
import type { BranchOperationsStorage } from './branch-operations.ts'

// The interfaces the engine needs from a database. packages/db implements them
// (PGlite and PostgreSQL through Prisma); the engine never imports a driver.

export type StoredThread = {
  id: string
  resourceId: string
  /** '' when none */
  title: string
  metadata: Record<string, unknown>
  /** lineage column: the thread this one was cloned from (indexed) */
  sourceThreadId: string | null
  /** branch lineage (columns): set on a branch (Memory.branchThread), null on a root or a clone */
  branch: ThreadBranchLink | null
  createdAt: Date
  updatedAt: Date
}

/**
 * Where a branch reads its history from: its parent's effective history up to
 * and including the cutoff message, whose key is (branchPointCreatedAt,
 * branchPointMessageId). Immutable once written; the database guarantees that
 * the parent and the cutoff message exist (foreign keys, ON DELETE RESTRICT).
 */
export type ThreadBranchLink = {
  /** the thread the branch was made from (its source) */
  parentThreadId: string
  /** the inclusive cutoff message */
  branchPointMessageId: string
  /** the thread that OWNS the cutoff message: the parent, or one of the parent's ancestors when the cutoff was inherited */
  branchPointThreadId: string
  /** the cutoff message's createdAt */
  branchPointCreatedAt: Date
}

/** MemoryStorage.createBranch: ONE thread row, whatever the size of the source. */
export type CreateBranchInput = {
  id: string
  sourceThreadId: string
  /** inclusive cutoff, a message of the source's effective history; null: the source's last one, chosen in the same statement as the INSERT */
  branchPointMessageId: string | null
  /** null: `Branch of ${source.title}`, or '' when the source is untitled */
  title: string | null
  /**
   * Merged (shallowly) over the source's metadata. The source's and these
   * `clone` / `branch` keys are dropped: the storage writes
   * `metadata.branch = { sourceThreadId, branchPointMessageId, branchedAt }` itself.
   */
  metadata: Record<string, unknown>
  /** `metadata.branch.branchedAt`, and the thread's createdAt / updatedAt */
  branchedAt: Date
}

export type CreateBranchResult = {
  thread: StoredThread
  /** messages of the branch's effective history at creation (all inherited) */
  inheritedMessageCount: number
}

/**
 * A branch-descendant of a thread T that inherits some of T's OWN messages:
 * exactly those with (createdAt, id) <= (cut.createdAt, cut.messageId).
 */
export type InheritingBranch = {
  branchThreadId: string
  /** its direct parent (T for a direct branch) */
  parentThreadId: string
  /** 1 for a direct branch of T, 2 for a branch of one of those, ... */
  depth: number
  /** the branch's cut at T's level: the last of T's messages it sees */
  cut: { messageId: string; createdAt: Date }
}

/** MemoryStorage.deleteThread: what to do with the thread's branches ('materialize' is Memory's: it calls materializeBranchesOf first). */
export type DeleteThreadOptions = {
  /** absent: a thread with branches is not deleted (ThreadHasBranchesError); 'delete': the whole branch subtree goes, in one transaction */
  branches?: 'delete'
}

/** The spec's name for the thread type returned by cloneThread. */
export type StorageThreadType = StoredThread

export type CreateThreadInput = {
  id: string
  resourceId: string
  title?: string
  metadata?: Record<string, unknown>
  sourceThreadId?: string | null
  createdAt?: Date
  updatedAt?: Date
}

export type ThreadListOrder = 'updatedAt' | 'createdAt'

/** A plain listing of threads (Memory.listThreads); the admin explorer's read model is ThreadQueries (thread-queries.ts). */
export type ListThreadsInput = {
  resourceId?: string | undefined
  /** case-insensitive substring of the title */
  titleContains?: string | undefined
  limit?: number | undefined
  offset?: number | undefined
  orderBy?: ThreadListOrder | undefined
}

export type ListThreadsResult = { threads: StoredThread[]; total: number }

export type ListDescendantsInput = {
  threadId: string
  /**
   * Walk only through clones in these resources (a caller's scope): a clone
   * elsewhere is left out with its whole subtree. Default: all.
   */
  resourceIds?: string[]
  /** at most this many descendants (nearest generations first) */
  limit?: number
}

/**
 * Selection of a thread's EFFECTIVE history: for a root or a clone its own
 * messages; for a branch its ancestors' messages up to its cutoff (root level
 * first), then its own. Returned in effective order: level by level from the
 * root, (createdAt, id) within a level; for a thread that is not a branch
 * that is plain (createdAt, id) order. Filters apply to the effective history.
 */
export type MessageSelection = {
  threadId: string
  startDate?: Date
  endDate?: Date
  messageIds?: string[]
  /** keep only the LAST n of what the other filters select (applied when > 0) */
  last?: number
  /** keep only the FIRST n (pagination); ignored when `last` is set */
  limit?: number
  offset?: number
  /** only messages after this (createdAt, id) position (keyset pagination) */
  after?: { createdAt: Date; id: string }
  /** only messages before this (createdAt, id) position (keyset pagination newest first, with `last`) */
  before?: { createdAt: Date; id: string }
}

/** A message's place, role and tool invocations (each reduced to what pairs a call with its result): what clone boundaries analyse. */
export type MessageStructure = {
  id: string
  createdAt: Date
  role: MessageRole
  toolInvocations: Pick<ToolInvocation, 'toolCallId' | 'toolName' | 'state'>[]
}

export type WorkingMemoryScope = 'thread' | 'resource'

export type WorkingMemoryKey = { scope: 'thread'; threadId: string } | { scope: 'resource'; resourceId: string }

/** One version of a key's working memory: every update appends one; the current text is the latest. */
export type WorkingMemoryVersion = {
  /** increases with every version written (ties of createdAt are broken by it) */
  id: string
  text: string
  createdAt: Date
}

export type ObservationalMemoryScope = 'thread' | 'resource'

export type BufferedObservationChunk = {
  id: string
  observations: string
  messageIds: string[]
  tokenCount: number
  createdAt: Date
}

export type ObservationalMemoryRecord = {
  id: string
  scope: ObservationalMemoryScope
  resourceId: string
  /** null for resource scope */
  threadId: string | null
  generation: number
  originType: 'initial' | 'reflection'
  activeObservations: string
  observedMessageIds: string[]
  bufferedObservationChunks: BufferedObservationChunk[]
  lastObservedAt: Date | null
  totalTokensObserved: number
  observationTokenCount: number
  pendingMessageTokens: number
  isObserving: boolean
  isReflecting: boolean
  isBufferingObservation: boolean
  isBufferingReflection: boolean
  config: Record<string, unknown>
  metadata: Record<string, unknown>
  createdAt: Date
  updatedAt: Date
}

export type ObservationalMemoryKey = { scope: 'thread'; threadId: string } | { scope: 'resource'; resourceId: string }

export type NewObservationalMemoryRecord = Omit<ObservationalMemoryRecord, 'id' | 'generation' | 'createdAt' | 'updatedAt'> & {
  id?: string
  createdAt?: Date
  updatedAt?: Date
}

/** The fields of an OM record that can be rewritten in place (identity, scope and generation cannot). */
export type ObservationalMemoryPatch = Partial<
  Omit<ObservationalMemoryRecord, 'id' | 'scope' | 'resourceId' | 'threadId' | 'generation' | 'originType' | 'createdAt' | 'updatedAt'>
>

export type MessageVector = {
  messageId: string
  threadId: string
  resourceId: string
  embedding: number[]
  /** the embedding model that produced it, e.g. 'openai/text-embedding-3-small' or 'threadline/hash-384' */
  model: string
  dimensions: number
}

export type VectorQuery = {
  embedding: number[]
  model: string
  topK: number
  /** the thread's EFFECTIVE history: a branch's inherited messages (up to its cutoff) and its own */
  threadId?: string
  resourceId?: string
}

export type VectorMatch = { messageId: string; threadId: string; score: number }

/**
 * A full-text query (the database's own full-text search). `query` is in web
 * search syntax: words, "quoted phrases", -excluded; OR is implied between
 * plain words, and a message holding more of them ranks higher.
 */
export type TextQuery = {
  query: string
  topK: number
  /** the thread's EFFECTIVE history, as for VectorQuery */
  threadId?: string
  resourceId?: string
}

/** A full-text match; `score` is the database's rank (higher is better, not comparable across queries). */
export type TextMatch = { messageId: string; threadId: string; score: number }

/**
 * Options of `MemoryStorage.transaction`. 'RepeatableRead' makes every statement
 * of the transaction see ONE snapshot (PostgreSQL REPEATABLE READ): cloneThread
 * uses it so its selection, `lastMessageId` and the copy agree while other
 * sessions append to the source. Default: the database's (READ COMMITTED).
 */
export type TransactionOptions = {
  isolationLevel?: 'ReadCommitted' | 'RepeatableRead'
  /**
   * `fn` only reads. Where ONE session serves every request (the embedded
   * database), the storage then runs its statements outside a transaction,
   * its long reads in pages, so other requests' statements run between them
   * (issue 33): `fn` gives up the single snapshot there, and a write landing
   * meanwhile may show in part of what it reads. Elsewhere: a transaction as asked.
   */
  readOnly?: boolean
}

/**
 * A caller's audit entry of a write (who did it, from where), committed WITH
 * the write (issue 33): the storage inserts it in the write's own transaction
 * or statement, so after the commit both are stored and after a failure
 * neither. Stored as given (the caller bounds its texts); a write that makes a
 * thread sets `threadId`, `resourceId` and its count in `details` (Memory does).
 */
export type AuditRecord = {
  actorKind: string
  actorId: string
  actorName: string
  action: string
  resourceId: string | null
  threadId: string | null
  targetId: string | null
  clientAddress: string
  forwardedFor: string | null
  details: Record<string, string | number | boolean | null>
}

/**
 * `MemoryStorage.cloneWholeThread`: a clone of a whole thread that carries no
 * derived memory, written by ONE statement (Memory.cloneThread's path for the
 * common clone; see clone-at-once.ts in the engine).
 */
export type WholeThreadCloneArgs = {
  sourceThreadId: string
  /** a source in another resource is not found (null: any resource) */
  sourceResourceIds: string[] | null
  newThreadId: string
  /** null: the source's resource */
  resourceId: string | null
  /** null: `titlePrefix` + the source's title ('' stays '') */
  title: string | null
  titlePrefix: string
  /** merged over the source's metadata (top-level keys), then `branch` is dropped and `clone` set */
  metadata: Record<string, unknown>
  clonedAt: Date
  /**
   * Memory of these scopes that a clone would carry over: when the source has
   * any (resource scope: only when cloned into another resource, as the same
   * resource shares it), nothing is written and the answer is 'needs-plan'.
   */
  carriedMemory: { workingMemory: 'thread' | 'resource' | null; observationalMemory: 'thread' | 'resource' | null }
  /** false: `clonedMessages` is [] */
  returnMessages: boolean
  /** false: `messageIdMap` is {} (`messageCount` still counts the copies) */
  returnMessageIdMap: boolean
  /** inserted by the same statement, with the clone's `threadId`, `resourceId` and `details.messages` (the count), when it clones */
  audit: AuditRecord | null
}

export type WholeThreadCloneResult =
  | { status: 'cloned'; thread: StoredThread; clonedMessages: StoredMessage[]; messageIdMap: Record<string, string>; messageCount: number }
  | { status: 'source-not-found' | 'taken' | 'needs-plan' }

/** Result of copying messages in bulk: old id -> new id, in (createdAt, id) order of the source. */
export type MessageCopyResult = { messageIdMap: Record<string, string>; count: number }

export interface VectorStore {
  /** Insert or replace vectors (one statement per batch). */
  upsertVectors(vectors: MessageVector[]): Promise<void>
  /** Nearest neighbours by cosine similarity (score = 1 - cosine distance). */
  queryVectors(query: VectorQuery): Promise<VectorMatch[]>
  /** message ids (of the given ones) that have a vector from `model` */
  listVectorMessageIds(messageIds: string[], model: string): Promise<string[]>
  /** Copy the vectors of `model` for the mapped messages, in SQL, to the new ids / thread / resource. Returns how many were copied. */
  copyVectors(args: { messageIdMap: Record<string, string>; model: string; threadId: string; resourceId: string }): Promise<number>
  deleteVectorsForThread(threadId: string): Promise<void>
  /**
   * Added for the thread page's embeddings status: how many messages the thread
   * has (its effective history: a branch's inherited ones too) and how many of
   * them have a vector from `model`, in ONE query. An
   * unknown thread has none of either.
   */
  countThreadVectors(args: { threadId: string; model: string }): Promise<{ messages: number; withVector: number }>
}

/** Why an id moved: promoteBranch deletes the promoted branch, its history continues in the source. */
export type ThreadRedirectReason = 'promoted'

export type StoredThreadRedirect = {
  fromThreadId: string
  /** the old thread's title (its row is gone) */
  fromTitle: string
  toThreadId: string
  reason: ThreadRedirectReason
  createdAt: Date
}

export type UpsertMessagesOptions = {
  sameThreadOnly?: boolean
  checkThreads?: (threads: StoredThread[]) => void
}

export interface MemoryStorage extends BranchOperationsStorage {
  createThread(input: CreateThreadInput): Promise<StoredThread>
  getThreadById(id: string): Promise<StoredThread | null>
  getThreadsByIds(ids: string[]): Promise<StoredThread[]>
  /** Where an id whose thread is gone now lives (a promoted branch's id: its source), or null. */
  getThreadRedirect(fromThreadId: string): Promise<StoredThreadRedirect | null>
  listThreads(input: ListThreadsInput): Promise<ListThreadsResult>
  updateThread(id: string, patch: { title?: string; metadata?: Record<string, unknown> }): Promise<StoredThread>
  /**
   * Deletes the thread with its messages, vectors, thread-scoped WM and OM, in
   * one transaction. A thread with branches: ThreadHasBranchesError, unless
   * `{ branches: 'delete' }`, which deletes the whole branch subtree too (bulk SQL).
   * Unknown thread: ThreadNotFoundError.
   */
  deleteThread(id: string, options?: DeleteThreadOptions): Promise<void>
  /** Threads whose lineage column points at `sourceThreadId`, across resources. */
  listClones(sourceThreadId: string): Promise<StoredThread[]>
  /**
   * Added for Memory.getCloneHistory: the thread and its ancestors along the
   * lineage column, ONE query (recursive CTE over the indexed column), ROOT FIRST,
   * ending with the thread itself. Stops at a missing (deleted) ancestor and at a
   * cycle (each thread at most once). [] when the thread does not exist.
   */
  getThreadAncestry(threadId: string): Promise<StoredThread[]>
  /**
   * The forks of a thread (clones AND branches), their forks, ... along
   * COALESCE(branch_parent_id, source_thread_id), ONE query (recursive CTE),
   * without the thread itself, ordered by generation then (createdAt, id);
   * cycle-safe (each thread at most once). Each thread's parent in the tree is
   * `branch.parentThreadId` for a branch, else its `sourceThreadId`. [] for an unknown thread.
   */
  listThreadDescendants(input: ListDescendantsInput): Promise<StoredThread[]>

  // ---- branches (docs/spec/branch-thread.md)

  /**
   * Creates a branch: ONE thread row inserted by INSERT ... SELECT that picks
   * the cutoff in the same statement (after locking the source's chain FOR KEY
   * SHARE, so message writers, which lock the thread FOR UPDATE, serialize with
   * it); no message or vector is copied. The branch's resource is the source's.
   * Errors: unknown source -> ThreadNotFoundError; `id` taken ->
   * ThreadAlreadyExistsError; cutoff unknown -> MessageNotFoundError; cutoff not
   * in the source's effective history, or a source with no messages ->
   * InvalidInputError (field 'branchPointMessageId' / 'sourceThreadId').
   */
  createBranch(input: CreateBranchInput): Promise<CreateBranchResult>
  /** The direct branches of a thread (branch_parent_id), oldest first ((createdAt, id)); [] for an unknown thread. */
  listBranches(threadId: string): Promise<StoredThread[]>
  /**
   * The thread and its ancestors along COALESCE(branch_parent_id,
   * source_thread_id) (a branch's parent, a clone's source), ROOT FIRST, ending
   * with the thread: ONE recursive query, cycle-safe, stops at a deleted clone
   * source. [] for an unknown thread. (getThreadAncestry stays clone-only.)
   */
  getLineage(threadId: string): Promise<StoredThread[]>
  /**
   * The branch-descendants of `threadId` (any depth) that inherit some of its
   * OWN messages, each with its cut at its level, in ONE query; with
   * `messageIds`, only those inheriting at least one of them (ids not owned by
   * the thread are ignored). Ordered by depth, then (createdAt, id) of the branch.
   */
  branchesInheriting(args: { threadId: string; messageIds?: string[] }): Promise<InheritingBranch[]>
  /**
   * Makes every direct branch of `threadId` independent of it (materializeBranch
   * for each: the branch gets its own copies of its inherited messages and their
   * vectors, same branch thread id), in the caller's transaction; returns their
   * ids. Used by Memory.deleteThread(id, { branches: 'materialize' }).
   */
  materializeBranchesOf(threadId: string): Promise<string[]>

  /**
   * Bulk insert (a few statements whatever the count). Duplicate ids -> MessageAlreadyExistsError.
   * Branch guards (after locking each target thread FOR UPDATE): a message
   * placed at or before the cutoff of a branch that inherits from its thread
   * -> MessageSharedByBranchesError.
   */
  insertMessages(messages: StoredMessage[]): Promise<void>
  /**
   * Insert or replace by id (used to persist repaired history); rewriting a
   * row with identical values is no change. Branch guards (each thread involved
   * locked FOR UPDATE first): changing a message that the target thread
   * inherits -> InheritedMessageError; changing or moving a message that some
   * branch inherits, or placing a new one at or before such a cutoff ->
   * MessageSharedByBranchesError. `sameThreadOnly`: an id that already
   * belongs to another thread -> MessageAlreadyExistsError (inAnotherThread),
   * nothing written, instead of moving the message. `checkThreads`: called
   * with the target threads once they are locked, before anything is written;
   * what it throws refuses the batch.
   */
  upsertMessages(messages: StoredMessage[], options?: UpsertMessagesOptions): Promise<void>
  /**
   * Deletes messages (their vectors and overrides go with them) in one
   * transaction, returning how many were deleted; unknown ids ->
   * MessageNotFoundError. With `threadId`, every id must be in that thread's
   * effective history (else MessageNotFoundError) and owned by it (else
   * InheritedMessageError). A message some branch inherits ->
   * MessageSharedByBranchesError. Owner threads are locked FOR UPDATE first.
   */
  deleteMessages(args: { messageIds: string[]; threadId?: string }): Promise<number>
  /**
   * Replaces the content of one message `threadId` owns when its version is
   * `expectedVersion`, adding 1 to the version; returns the message and its new
   * version. The owner is locked FOR UPDATE first. Unknown or outside the
   * thread's history -> MessageNotFoundError (field messageId); inherited ->
   * InheritedMessageError; inherited by a branch -> MessageSharedByBranchesError;
   * another version -> MessageVersionConflictError. Nothing is written on any of them.
   */
  updateMessageContent(args: { threadId: string; messageId: string; content: StoredMessage['content']; expectedVersion: number }): Promise<{
    message: StoredMessage
    version: number
  }>
  /** The current versions of these messages (1 when saved, +1 on every change); unknown ids are left out. */
  getMessageVersions(ids: string[]): Promise<{ id: string; version: number }[]>
  listMessages(selection: MessageSelection): Promise<StoredMessage[]>
  /** By id, whatever thread owns them, in (createdAt, id) order; unknown ids are left out. */
  getMessagesByIds(ids: string[]): Promise<StoredMessage[]>
  /**
   * Added for semantic recall: the given messages plus up to `before` messages
   * preceding and `after` following each of them, de-duplicated, in
   * (createdAt, id) order. With `threadId`, an anchor in that thread's EFFECTIVE history gets its
   * neighbours there (a branch: across the inherited levels, never past the
   * cutoff); any other anchor gets them in its own thread's rows, by (createdAt, id).
   * ONE query (LATERAL subqueries over the (thread_id, created_at, id) index);
   * unknown ids are ignored.
   */
  listMessagesAround(args: { messageIds: string[]; before: number; after: number; threadId?: string }): Promise<StoredMessage[]>
  /**
   * Full-text search over the messages' text (no extension needed), best
   * first, in the thread's effective history or across a resource.
   */
  searchText(query: TextQuery): Promise<TextMatch[]>
  /** Messages of the thread's effective history (0 for an unknown thread). */
  countMessages(threadId: string): Promise<number>
  /**
   * Added for the long-thread timeline (issue 31): the 1-based place of each
   * given message in the thread's EFFECTIVE history (ids not in it are left
   * out). Each is a count over the index up to the message, never a read of the thread.
   */
  messagePositions(args: { threadId: string; messageIds: string[] }): Promise<Map<string, number>>
  /** ids of the selection only, (createdAt, id) order: cheap planning for clones */
  listMessageIds(selection: MessageSelection): Promise<{ id: string; createdAt: Date; role: StoredMessage['role'] }[]>
  /**
   * Added for clone boundaries (issue 17): the selection's structure without
   * its content, in the order listMessages returns it (the effective history,
   * overrides applied). The tool invocations are those `toolInvocationsOf`
   * finds, extracted where the content lives, so a 50k-message thread's
   * content never travels to be analysed.
   */
  listMessageStructure(selection: MessageSelection): Promise<MessageStructure[]>
  /** INSERT ... SELECT of the given messages of the source's EFFECTIVE history into another thread with new ids generated in SQL. */
  copyMessages(args: { sourceThreadId: string; messageIds: string[]; targetThreadId: string; targetResourceId: string }): Promise<MessageCopyResult>
  /**
   * Added for cloneThread's fast path (a full clone, issue 5's 100k-message fork):
   * copyMessages of EVERY message of the source's effective history (a branch's
   * inherited messages too), selected in SQL, so no id
   * list travels to the database and back (one INSERT ... SELECT, new ids
   * generated in SQL, the old -> new map returned in (createdAt, id) order).
   */
  copyThreadMessages(args: { sourceThreadId: string; targetThreadId: string; targetResourceId: string }): Promise<MessageCopyResult>
  /**
   * Added for clone throughput (issue 17): creates the clone thread (its
   * `metadata.clone` records the source, `clonedAt` and the source's last
   * message) and copies every message of the source's effective history with
   * new ids, in ONE statement, so atomic on its own; see WholeThreadCloneArgs.
   * 'taken': `newThreadId` exists (a concurrent clone with it: exactly one wins).
   */
  cloneWholeThread(args: WholeThreadCloneArgs): Promise<WholeThreadCloneResult>
  /** Added for audit entries that commit with their write (issue 33): the records in ONE statement, in order. */
  insertAuditRecords(records: AuditRecord[]): Promise<void>

  /** The current text: the latest version by (createdAt, id); null when the key has none. */
  getWorkingMemory(key: WorkingMemoryKey): Promise<string | null>
  /** Appends a version (createdAt = now); earlier versions are kept. Thread scope needs an existing thread. */
  setWorkingMemory(key: WorkingMemoryKey & { resourceId?: string }, text: string): Promise<void>
  /**
   * Added for derived memory (branches, issue 12): the text that was current at
   * `at`, i.e. the latest version with createdAt <= at; null when there was none yet.
   */
  getWorkingMemoryAsOf(key: WorkingMemoryKey, at: Date): Promise<string | null>
  /** Every version of a key, oldest first (by createdAt, id). */
  listWorkingMemoryVersions(key: WorkingMemoryKey): Promise<WorkingMemoryVersion[]>
  /**
   * Added for derived memory: copies a thread's working-memory versions created
   * at or before `asOf` (all of them when null) to another thread, keeping their
   * text and createdAt (so the target's history up to the fork point is the
   * source's), in ONE INSERT ... SELECT. Returns how many were copied. An
   * unknown target -> ThreadNotFoundError when there is something to copy.
   */
  copyThreadWorkingMemory(args: { sourceThreadId: string; targetThreadId: string; targetResourceId: string; asOf: Date | null }): Promise<number>

  /** Current generation (highest) for a key, or null. */
  getObservationalMemory(key: ObservationalMemoryKey): Promise<ObservationalMemoryRecord | null>
  listObservationalMemoryGenerations(key: ObservationalMemoryKey): Promise<ObservationalMemoryRecord[]>
  /**
   * Added for derived memory: the generation current at `at`, i.e. the highest
   * generation with createdAt <= at (as stored now: a generation is rewritten in
   * place until the next one), or null. One query on the (lookup_key, generation) index.
   */
  getObservationalMemoryAsOf(key: ObservationalMemoryKey, at: Date): Promise<ObservationalMemoryRecord | null>
  /** Adds a record as the next generation of its key (generation = current + 1, 0 when first). */
  insertObservationalMemory(record: NewObservationalMemoryRecord): Promise<ObservationalMemoryRecord>
  /**
   * Added for Memory.saveObservationalMemory: rewrites fields of ONE record (the
   * current generation) in place and bumps updatedAt; a new generation is only
   * made on reflection (insertObservationalMemory). Unknown id -> StorageError.
   */
  updateObservationalMemory(id: string, patch: ObservationalMemoryPatch): Promise<ObservationalMemoryRecord>

  /**
   * Runs `fn` in ONE database transaction: everything it does through `tx`
   * (storage and vectors) commits together or not at all.
   */
  transaction<T>(fn: (tx: { storage: MemoryStorage; vector: VectorStore | null }) => Promise<T>, options?: TransactionOptions): Promise<T>
}
