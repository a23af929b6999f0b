import type { Embedder } from '../../embedders/types.ts'
import type { MemoryStorage, VectorStore } from '../../storage/types.ts'
import { requireEmbedder, requireVectorStore } from '../clone-plan.ts'
import { indexesVectors, type ResolvedMemoryOptions } from '../memory-options.ts'
import { embeddingTargetOf, indexEmbeddings } from '../semantic-index.ts'

/** What the branch operations work with: Memory's storage (or its open transaction) and its semantic-recall setup. */
export type BranchOperationContext = {
  storage: MemoryStorage
  vector: VectorStore | null
  options: ResolvedMemoryOptions
  embedder: Embedder | null
}

/**
 * With semantic recall on, embeds the given messages again (their stored
 * content changed, or they are copies whose original vector describes other
 * content). Off: nothing to keep in step.
 */
export async function reembedMessages(context: BranchOperationContext, messageIds: string[]): Promise<number> {
  if (!indexesVectors(context.options) || messageIds.length === 0) return 0
  const messages = await context.storage.getMessagesByIds(messageIds)
  return indexEmbeddings(requireVectorStore(context), requireEmbedder(context), messages.map(embeddingTargetOf), context.options.embeddingBatchSize)
}
