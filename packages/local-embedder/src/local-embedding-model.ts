import type { EmbeddingModelV3 } from '@ai-sdk/provider'
import { UNIVERSAL_SENTENCE_ENCODER_ID, universalSentenceEncoder } from './universal-sentence-encoder.ts'

/** The provider of the in-process models: THREADLINE_EMBEDDING_MODEL=local:<id>. */
export const LOCAL_EMBEDDING_PROVIDER = 'local'

const models: Record<string, () => EmbeddingModelV3> = { [UNIVERSAL_SENTENCE_ENCODER_ID]: universalSentenceEncoder }

export const localEmbeddingModelIds = Object.keys(models)

/** The in-process model with this id, or null when there is none. */
export function localEmbeddingModel(id: string): EmbeddingModelV3 | null {
  return Object.hasOwn(models, id) ? (models[id]?.() ?? null) : null
}
