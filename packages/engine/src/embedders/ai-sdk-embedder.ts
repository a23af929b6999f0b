import type { EmbeddingModelV2, EmbeddingModelV3 } from '@ai-sdk/provider'
import { embedMany } from 'ai'
import type { Embedder } from './types.ts'

/**
 * The id recorded with vectors of an AI SDK model: `${provider}/${modelId}`,
 * with the provider's sub-API suffix dropped ('openai.embedding' -> 'openai'),
 * so `openai.embedding('text-embedding-3-small')` is 'openai/text-embedding-3-small'.
 */
export function embeddingModelId(model: { provider: string; modelId: string }): string {
  const provider = model.provider.split('.')[0] || model.provider
  return `${provider}/${model.modelId}`
}

/** Wraps an AI SDK embedding model unchanged; calls go through `embedMany` (its retries and per-call limits). */
export function aiSdkEmbedder(model: EmbeddingModelV3 | EmbeddingModelV2<string>, options: { maxRetries?: number } = {}): Embedder {
  return {
    id: embeddingModelId(model),
    async embed(values, callOptions) {
      if (values.length === 0) return []
      const result = await embedMany({
        model,
        values,
        ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
        ...(callOptions?.abortSignal ? { abortSignal: callOptions.abortSignal } : {}),
      })
      return result.embeddings
    },
  }
}
