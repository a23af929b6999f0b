import { embedOne } from '../embedders/embed-in-batches.ts'
import type { Embedder } from '../embedders/types.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { MemoryStorage, StoredThread, VectorStore } from '../storage/types.ts'
import { requireEmbedder, requireVectorStore } from './clone-plan.ts'
import { DEFAULT_ARM_WEIGHTS, fuseByReciprocalRank, type RankedMatch } from './fusion.ts'
import type { RecallMode, SemanticRecallConfig } from './memory-options.ts'
import { rerankTextMatches } from './text-rerank.ts'

export type { RankedMatch } from './fusion.ts'

export type RecallResult = {
  /** last messages + matches with their neighbours, de-duplicated, in (createdAt, id) order */
  messages: StoredMessage[]
  /** the matches with their scores, best first (hybrid: the fused reciprocal-rank score; text: BM25, re-ranked (text-rerank.ts); vector: cosine similarity) */
  matches: RankedMatch[]
  /** how the matches were found; null when no search ran (no search string, or recall off) */
  mode: RecallMode | null
}

/** Candidates each arm contributes to a hybrid fusion: deeper than topK, so agreement below an arm's top can count. */
export function hybridCandidates(topK: number): number {
  return Math.min(1000, Math.max(topK * 4, 20))
}

export type MatchSearch = {
  storage: MemoryStorage
  vector: VectorStore | null
  embedder: Embedder | null
  mode: RecallMode
  query: string
  topK: number
  /** the thread's effective history, or every thread of a resource */
  scope: { threadId: string } | { resourceId: string }
}

async function vectorArm(search: MatchSearch, topK: number): Promise<RankedMatch[]> {
  const embedder = requireEmbedder(search)
  return requireVectorStore(search).queryVectors({ embedding: await embedOne(embedder, search.query), model: embedder.id, topK, ...search.scope })
}

/**
 * The full-text arm: storage.searchText's best `searched`, re-ranked with the
 * messages' days and conversation neighbours (text-rerank.ts; one more read: the
 * matches with one neighbour each side), best `kept` first.
 */
async function textArm(search: MatchSearch, searched: number, kept: number): Promise<RankedMatch[]> {
  const matches = await search.storage.searchText({ query: search.query, topK: searched, ...search.scope })
  if (matches.length === 0) return matches
  const threadId = 'threadId' in search.scope ? search.scope.threadId : undefined
  const around = await search.storage.listMessagesAround({
    messageIds: matches.map((match) => match.messageId),
    before: 1,
    after: 1,
    ...(threadId === undefined ? {} : { threadId }),
  })
  // a thread's effective history is one sequence (a branch's inherited levels included); a resource's threads are separate ones
  const sameSequence = threadId !== undefined ? () => true : (a: StoredMessage, b: StoredMessage) => a.threadId === b.threadId
  return rerankTextMatches(search.query, matches, around, sameSequence).slice(0, kept)
}

/**
 * The best matches of `query`: the full-text arm (storage.searchText), the
 * vector arm (the embedder's nearest vectors) or both fused by reciprocal rank.
 * Vector and hybrid need an embedder (EmbedderRequiredError) and pgvector
 * (VectorExtensionMissingError from the vector store).
 */
export async function findMatches(search: MatchSearch): Promise<RankedMatch[]> {
  const { mode, topK } = search
  if (mode === 'text') return textArm(search, hybridCandidates(topK), topK)
  if (mode === 'vector') return vectorArm(search, topK)
  const candidates = hybridCandidates(topK)
  const [vector, text] = await Promise.all([vectorArm(search, candidates), textArm(search, candidates, candidates)])
  return fuseByReciprocalRank([
    { weight: DEFAULT_ARM_WEIGHTS.text, matches: text },
    { weight: DEFAULT_ARM_WEIGHTS.vector, matches: vector },
  ]).slice(0, topK)
}

function byCreatedAtThenId(a: StoredMessage, b: StoredMessage): number {
  const byTime = a.createdAt.getTime() - b.createdAt.getTime()
  if (byTime !== 0) return byTime
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** Messages of several lists, each id once, in (createdAt, id) order. */
export function mergeMessages(...lists: StoredMessage[][]): StoredMessage[] {
  const byId = new Map<string, StoredMessage>()
  for (const message of lists.flat()) if (!byId.has(message.id)) byId.set(message.id, message)
  return [...byId.values()].sort(byCreatedAtThenId)
}

/** The search half of recall: matches in the thread or across its resource, with their conversation neighbours. */
export async function recallMatches(args: {
  storage: MemoryStorage
  vector: VectorStore | null
  embedder: Embedder | null
  config: SemanticRecallConfig
  mode: RecallMode
  thread: StoredThread
  resourceId: string
  query: string
  topK: number
}): Promise<RecallResult> {
  const { storage, config, thread, mode } = args
  const matches = await findMatches({
    storage,
    vector: args.vector,
    embedder: args.embedder,
    mode,
    query: args.query,
    topK: args.topK,
    scope: config.scope === 'thread' ? { threadId: thread.id } : { resourceId: args.resourceId },
  })
  const messages =
    matches.length === 0
      ? []
      : await storage.listMessagesAround({
          // neighbours in the thread's effective history (a branch: never past its cutoff nor from a sibling);
          // a match in another thread of the resource: its neighbours in its own thread
          threadId: thread.id,
          messageIds: matches.map((match) => match.messageId),
          before: config.messageRange.before,
          after: config.messageRange.after,
        })
  return { messages, matches, mode }
}
