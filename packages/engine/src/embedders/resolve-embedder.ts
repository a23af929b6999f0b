import type { Embedder, EmbeddingModelInput } from './types.ts'
import { aiSdkEmbedder } from './ai-sdk-embedder.ts'

function isAiSdkModel(input: EmbeddingModelInput): input is Exclude<EmbeddingModelInput, Embedder> {
  return 'specificationVersion' in input && 'doEmbed' in input
}

/** Accepts an AI SDK embedding model or an Embedder and returns an Embedder. */
export function resolveEmbedder(input: EmbeddingModelInput): Embedder {
  return isAiSdkModel(input) ? aiSdkEmbedder(input) : input
}
