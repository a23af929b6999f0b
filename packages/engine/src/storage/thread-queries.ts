import type { MessageTextPage, MessageTextQuery } from './message-text-search.ts'
import type { ListThreadsInput, StoredThread } from './types.ts'

// The admin UI's read model of threads: a listing with filters and per-thread
// figures computed in bulk, and the resources that own threads. A separate
// port from MemoryStorage (which a Memory needs to work) so storage
// implementations and the engine are not shaped by one UI's needs;
// packages/db implements both.

export type ThreadListQuery = ListThreadsInput & {
  /** true: only clones (lineage column set, or `metadata.clone.sourceThreadId` a non-empty string); false: only originals */
  isClone?: boolean | undefined
  /** true: only branches (branch link set); false: only threads that are not branches */
  isBranch?: boolean | undefined
  /** true / false: only threads that have / have no observational memory (see ThreadListItem) */
  hasObservationalMemory?: boolean | undefined
  /** true / false: only threads that have / have no working memory (see ThreadListItem) */
  hasWorkingMemory?: boolean | undefined
  /**
   * `cloneDepth` walks only through sources in these resources (a caller's
   * scope): a source elsewhere ends the walk like a deleted one, its link
   * counted, so nothing is learned about another tenant's lineage. Default: all.
   */
  lineageResourceIds?: string[] | undefined
}

/** A thread of the explorer's listing: everything below `lastMessageAt` is computed in bulk SQL for the whole page. */
export type ThreadListItem = StoredThread & {
  /** the thread's effective history: a branch's inherited messages count too */
  messageCount: number
  /** the messages a branch reads from its ancestors (0 for a thread that is not a branch) */
  inheritedMessageCount: number
  lastMessageAt: Date | null
  /** working memory an agent on this thread sees, in either scope: the thread's own or its resource's (not blank) */
  hasWorkingMemory: boolean
  /** observational memory in either scope: a generation for the thread, or for its resource */
  hasObservationalMemory: boolean
  /**
   * Providers whose output the thread holds, sorted: each message's
   * `content.metadata.provider` (the turn's model) plus the keys of its
   * `content.providerMetadata` and of its parts' `providerMetadata` (e.g. an
   * imported Anthropic signature). AI SDK provider ids are cut at the first dot,
   * so 'openai.responses' and a providerMetadata key 'openai' are both 'openai'.
   * Read from the thread's latest 200 messages, so listing stays cheap for long threads.
   */
  providersSeen: string[]
  /**
   * Lineage links from the thread back to its root along the lineage column:
   * 0 for an original, 1 for a clone, 2 for a clone of a clone. A link to a
   * deleted source counts; round a cycle each link counts once.
   */
  cloneDepth: number
}

export type ThreadListPage = { threads: ThreadListItem[]; total: number }

/** A resource that owns threads. */
export type ResourceSummary = { id: string; threadCount: number }

export interface ThreadQueries {
  /** ONE query for a page of threads and the total of the filtered listing. */
  listThreads(query: ThreadListQuery): Promise<ThreadListPage>
  /** Resources that own threads, by id, with their thread counts (one grouped query); only `resourceIds` when given. */
  listResources(input?: { resourceIds?: string[] }): Promise<ResourceSummary[]>
  /** ONE query for a page of message search hits (full-text, highlighted snippets, thread titles) and the total. */
  searchMessages(query: MessageTextQuery): Promise<MessageTextPage>
}
