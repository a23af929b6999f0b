import { embedInBatches } from '../embedders/embed-in-batches.ts'
import type { Embedder } from '../embedders/types.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { MemoryStorage, StoredThread, VectorMatch, VectorStore } from '../storage/types.ts'
import type { SemanticRecallConfig } from './memory-options.ts'

export type RecallResult = {
  /** last messages + semantic matches with their neighbours, de-duplicated, in (createdAt, id) order */
  messages: StoredMessage[]
  /** the semantic matches with their scores (best first) */
  matches: VectorMatch[]
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

/** The semantic half of recall: nearest vectors of the query, in the thread or across its resource. */
export async function semanticMatches(args: {
  storage: MemoryStorage
  vector: VectorStore
  embedder: Embedder
  config: SemanticRecallConfig
  thread: StoredThread
  resourceId: string
  query: string
  topK: number
}): Promise<RecallResult> {
  const { embeddings } = await embedInBatches(args.embedder, [args.query], 1)
  const matches = await args.vector.queryVectors({
    embedding: embeddings[0]!,
    model: args.embedder.id,
    topK: args.topK,
    ...(args.config.scope === 'thread' ? { threadId: args.thread.id } : { resourceId: args.resourceId }),
  })
  const messages =
    matches.length === 0
      ? []
      : await args.storage.listMessagesAround({
          // neighbours in the thread's effective history (a branch: never past its cutoff nor from a sibling)
          threadId: args.thread.id,
          messageIds: matches.map((match) => match.messageId),
          before: args.config.messageRange.before,
          after: args.config.messageRange.after,
        })
  return { messages, matches }
}
