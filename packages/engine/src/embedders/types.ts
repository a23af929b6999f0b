import type { EmbeddingModelV2, EmbeddingModelV3 } from '@ai-sdk/provider'

/**
 * What Memory embeds text with. `id` is recorded with every vector, so vectors
 * of different models never mix and a clone can tell whether the source's
 * vectors can be copied (same id) or must be computed.
 */
export interface Embedder {
  /** stable model id, e.g. 'openai/text-embedding-3-small' or 'my-team/local-model' */
  readonly id: string
  /** fixed output size when known up front (checked against every vector) */
  readonly dimensions?: number
  /** Embeddings of `values`, in the same order. */
  embed(values: string[], options?: { abortSignal?: AbortSignal }): Promise<number[][]>
}

/** An AI SDK embedding model (`openai.embedding('text-embedding-3-small')`) or an Embedder. */
export type EmbeddingModelInput = EmbeddingModelV3 | EmbeddingModelV2<string> | Embedder

/** Default number of texts per embedding call. */
export const DEFAULT_EMBEDDING_BATCH_SIZE = 100
