import { embedBatches } from '../embedders/embed-in-batches.ts'
import type { Embedder } from '../embedders/types.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { VectorStore } from '../storage/types.ts'
import { messageEmbeddingText } from './embedding-text.ts'

/** A message to embed: the ids its vector is stored under, and its text. */
export type EmbeddingTarget = { messageId: string; threadId: string; resourceId: string; text: string }

export function embeddingTargetOf(message: StoredMessage): EmbeddingTarget {
  return {
    messageId: message.id,
    threadId: message.threadId,
    resourceId: message.resourceId,
    text: messageEmbeddingText(message),
  }
}

/**
 * Embeds the targets with text in batches and stores each batch's vectors
 * (one upsert per batch), recording the embedder's id and the dimensions.
 * Returns how many vectors were written.
 */
export async function indexEmbeddings(vector: VectorStore, embedder: Embedder, targets: EmbeddingTarget[], batchSize: number): Promise<number> {
  const withText = targets.filter((target) => target.text !== '')
  const texts = withText.map((target) => target.text)
  for await (const batch of embedBatches(embedder, texts, batchSize)) {
    await vector.upsertVectors(
      batch.embeddings.flatMap((embedding, index) => {
        // embedBatches yields one vector per text, in order
        const target = withText[batch.offset + index]
        if (target === undefined) return []
        return [
          {
            messageId: target.messageId,
            threadId: target.threadId,
            resourceId: target.resourceId,
            embedding,
            model: embedder.id,
            dimensions: batch.dimensions,
          },
        ]
      }),
    )
  }
  return withText.length
}
