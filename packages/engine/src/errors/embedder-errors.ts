import { hasErrorMarker, ThreadlineError } from './threadline-error.ts'

const embedderRequired = Symbol.for('threadline.error.EmbedderRequiredError')

/**
 * Semantic recall is on but no embedder was given. Memory never picks one
 * silently: the vectors it stores are only as good as the model that made them.
 */
export class EmbedderRequiredError extends ThreadlineError {
  private readonly [embedderRequired] = true
  constructor() {
    super('EMBEDDER_REQUIRED', 'Semantic recall needs an embedder: pass `embedder` (an AI SDK embedding model or an Embedder) to Memory', {
      field: 'embedder',
    })
  }

  static override isInstance(value: unknown): value is EmbedderRequiredError {
    return hasErrorMarker(value, embedderRequired)
  }
}
