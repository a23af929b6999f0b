import type { StoredMessage } from '../messages/types.ts'

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
  createdAt: Date
  updatedAt: Date
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
  resourceId?: string
  /** case-insensitive substring of the title */
  titleContains?: string
  limit?: number
  offset?: number
  orderBy?: ThreadListOrder
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

/** Selection of a thread's messages, always returned in (createdAt, id) order. */
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
  threadId?: string
  resourceId?: string
}

export type VectorMatch = { messageId: string; threadId: string; score: number }

/**
 * Options of `MemoryStorage.transaction`. 'RepeatableRead' makes every statement
 * of the transaction see ONE snapshot (PostgreSQL REPEATABLE READ): cloneThread
 * uses it so its selection, `lastMessageId` and the copy agree while other
 * sessions append to the source. Default: the database's (READ COMMITTED).
 */
export type TransactionOptions = { isolationLevel?: 'ReadCommitted' | 'RepeatableRead' }

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
   * has and how many of them have a vector from `model`, in ONE query. An
   * unknown thread has none of either.
   */
  countThreadVectors(args: { threadId: string; model: string }): Promise<{ messages: number; withVector: number }>
}

export interface MemoryStorage {
  createThread(input: CreateThreadInput): Promise<StoredThread>
  getThreadById(id: string): Promise<StoredThread | null>
  getThreadsByIds(ids: string[]): Promise<StoredThread[]>
  listThreads(input: ListThreadsInput): Promise<ListThreadsResult>
  updateThread(id: string, patch: { title?: string; metadata?: Record<string, unknown> }): Promise<StoredThread>
  /** Deletes the thread with its messages, vectors, thread-scoped WM and OM. */
  deleteThread(id: string): Promise<void>
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
   * The clones of a thread, their clones, ... along the lineage column, ONE
   * query (recursive CTE), without the thread itself, ordered by generation
   * then (createdAt, id); cycle-safe (each thread at most once). Each thread's
   * `sourceThreadId` names its parent in the tree. [] for an unknown thread.
   */
  listThreadDescendants(input: ListDescendantsInput): Promise<StoredThread[]>

  /** Bulk insert (a few statements whatever the count). Duplicate ids -> MessageAlreadyExistsError. */
  insertMessages(messages: StoredMessage[]): Promise<void>
  /** Insert or replace by id (used to persist repaired history). */
  upsertMessages(messages: StoredMessage[]): Promise<void>
  listMessages(selection: MessageSelection): Promise<StoredMessage[]>
  getMessagesByIds(ids: string[]): Promise<StoredMessage[]>
  /**
   * Added for semantic recall: the given messages plus up to `before` messages
   * preceding and `after` following each of them IN ITS OWN THREAD, by (createdAt, id),
   * de-duplicated, in (createdAt, id) order. ONE query (e.g. LATERAL subqueries
   * over the (thread_id, created_at, id) index); unknown ids are ignored.
   */
  listMessagesAround(args: { messageIds: string[]; before: number; after: number }): Promise<StoredMessage[]>
  countMessages(threadId: string): Promise<number>
  /** ids of the selection only, (createdAt, id) order: cheap planning for clones */
  listMessageIds(selection: MessageSelection): Promise<{ id: string; createdAt: Date; role: StoredMessage['role'] }[]>
  /** INSERT ... SELECT of the given source messages into another thread with new ids generated in SQL. */
  copyMessages(args: { sourceThreadId: string; messageIds: string[]; targetThreadId: string; targetResourceId: string }): Promise<MessageCopyResult>
  /**
   * Added for cloneThread's fast path (a full clone, issue 5's 100k-message fork):
   * copyMessages of EVERY message of the source thread, selected in SQL, so no id
   * list travels to the database and back (one INSERT ... SELECT, new ids
   * generated in SQL, the old -> new map returned in (createdAt, id) order).
   */
  copyThreadMessages(args: { sourceThreadId: string; targetThreadId: string; targetResourceId: string }): Promise<MessageCopyResult>

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
   * source's), in ONE INSERT ... SELECT. Returns how many were copied.
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
