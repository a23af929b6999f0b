export { UNIVERSAL_SENTENCE_ENCODER_DIMENSIONS, UNIVERSAL_SENTENCE_ENCODER_ID, universalSentenceEncoder } from './universal-sentence-encoder.ts'
export { LOCAL_EMBEDDING_PROVIDER, localEmbeddingModel, localEmbeddingModelIds } from './local-embedding-model.ts'
export { resolveEmbeddingModelOrLocal } from './resolve-embedding-model.ts'
