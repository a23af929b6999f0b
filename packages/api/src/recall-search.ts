import type { Memory, StoredMessage } from '@threadline/engine'

export type RecallSearchResult = {
  results: { score: number; message: StoredMessage }[]
  context: StoredMessage[]
}

/**
 * Semantic search across every thread of a resource. Memory.recall is
 * anchored on a thread; a resource-wide search needs none, so this embeds the
 * query with the same embedder and asks the same vector store Memory uses.
 */
export async function searchResource(memory: Memory, resourceId: string, query: string, topK: number): Promise<RecallSearchResult> {
  const { vector, embedder } = memory
  if (vector === null || embedder === null) return { results: [], context: [] }
  const [embedding] = await embedder.embed([query])
  const matches = await vector.queryVectors({ embedding: embedding!, model: embedder.id, topK, resourceId })
  const messages = matches.length === 0 ? [] : await memory.storage.getMessagesByIds(matches.map((match) => match.messageId))
  const byId = new Map(messages.map((message) => [message.id, message]))
  const results = matches.flatMap((match) => {
    const message = byId.get(match.messageId)
    return message ? [{ score: match.score, message }] : []
  })
  return { results, context: results.map((result) => result.message) }
}
