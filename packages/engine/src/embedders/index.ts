export * from './types.ts'
export { aiSdkEmbedder, embeddingModelId } from './ai-sdk-embedder.ts'
export { resolveEmbedder } from './resolve-embedder.ts'
export { EmbeddingError, embedBatches, embedInBatches } from './embed-in-batches.ts'
export {
  HASHED_NGRAM_DIMENSIONS,
  HASHED_NGRAM_EMBEDDER_ID,
  hashedNgramEmbedder,
  hashedNgramVector,
} from './hashed-ngram-embedder.ts'
