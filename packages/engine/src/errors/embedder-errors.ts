import { ThreadlineError } from './index.ts'

/**
 * Semantic recall is on but no embedder was given. Memory never picks one
 * silently: the vectors it stores are only as good as the model that made them.
 */
export class EmbedderRequiredError extends ThreadlineError {
  constructor() {
    super(
      'EMBEDDER_REQUIRED',
      'Semantic recall needs an embedder: pass `embedder` (an AI SDK embedding model or an Embedder) to Memory',
      { field: 'embedder' },
    )
  }
}
