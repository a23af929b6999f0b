import { ThreadlineError } from '../errors/index.ts'
import { hasErrorMarker } from '../errors/threadline-error.ts'
import type { Embedder } from './types.ts'

const marker = Symbol.for('threadline.error.EmbeddingError')

/** An embedder returned something unusable (wrong count, wrong or varying size, non-finite values). */
export class EmbeddingError extends ThreadlineError {
  private readonly [marker] = true
  readonly embedderId: string
  constructor(embedderId: string, message: string) {
    super('EMBEDDING_ERROR', `Embedder "${embedderId}": ${message}`)
    this.embedderId = embedderId
  }

  static override isInstance(value: unknown): value is EmbeddingError {
    return hasErrorMarker(value, marker)
  }
}

/**
 * One embedder call for `texts`, its vectors checked: one per text, all of one
 * size (`size.dimensions`, set by the first vector when 0: the embedder's
 * declared `dimensions` when it has one), finite numbers.
 */
export async function embedChecked(
  embedder: Embedder,
  texts: string[],
  size: { dimensions: number },
  options?: { abortSignal?: AbortSignal },
): Promise<number[][]> {
  const embeddings = await embedder.embed(texts, options)
  if (embeddings.length !== texts.length) {
    throw new EmbeddingError(embedder.id, `returned ${embeddings.length} vectors for ${texts.length} texts`)
  }
  for (const vector of embeddings) {
    if (size.dimensions === 0) size.dimensions = vector.length
    if (vector.length === 0 || vector.length !== size.dimensions) {
      throw new EmbeddingError(embedder.id, `returned a vector of ${vector.length} dimensions, expected ${size.dimensions}`)
    }
    if (!vector.every(Number.isFinite)) throw new EmbeddingError(embedder.id, 'returned a non-finite value')
  }
  return embeddings
}

/**
 * Embeds `texts` in sequential batches of `batchSize` (one checked embedder
 * call per batch: predictable load on the provider, a failing batch stops the
 * rest, and a caller can store each batch before the next is computed).
 */
export async function* embedBatches(
  embedder: Embedder,
  texts: string[],
  batchSize: number,
  options?: { abortSignal?: AbortSignal },
): AsyncGenerator<{ offset: number; embeddings: number[][]; dimensions: number }> {
  const size = { dimensions: embedder.dimensions ?? 0 }
  for (let offset = 0; offset < texts.length; offset += batchSize) {
    const embeddings = await embedChecked(embedder, texts.slice(offset, offset + batchSize), size, options)
    yield { offset, embeddings, dimensions: size.dimensions }
  }
}

/** All embeddings of `texts` (see embedBatches), with their common size. */
export async function embedInBatches(
  embedder: Embedder,
  texts: string[],
  batchSize: number,
  options?: { abortSignal?: AbortSignal },
): Promise<{ embeddings: number[][]; dimensions: number }> {
  const embeddings: number[][] = []
  let dimensions = embedder.dimensions ?? 0
  for await (const batch of embedBatches(embedder, texts, batchSize, options)) {
    embeddings.push(...batch.embeddings)
    dimensions = batch.dimensions
  }
  return { embeddings, dimensions }
}

/** The embedding of one text (a search query). */
export async function embedOne(embedder: Embedder, text: string, options?: { abortSignal?: AbortSignal }): Promise<number[]> {
  const [embedding] = (await embedInBatches(embedder, [text], 1, options)).embeddings
  // embedBatches already refuses a batch with a missing vector
  if (embedding === undefined) throw new EmbeddingError(embedder.id, 'returned 0 vectors for 1 texts')
  return embedding
}
