import { hasErrorMarker } from '../errors/threadline-error.ts'
import { EmbeddingError } from './embed-in-batches.ts'
import type { Embedder } from './types.ts'

const marker = Symbol.for('threadline.error.EmbeddingTimeoutError')

/** An embedding call did not answer within its deadline: it was aborted (a provider outage, not a bad input). */
export class EmbeddingTimeoutError extends EmbeddingError {
  private readonly [marker] = true
  readonly timeoutMs: number
  constructor(embedderId: string, timeoutMs: number) {
    super(embedderId, `no answer within ${timeoutMs} ms: the call was aborted`)
    this.timeoutMs = timeoutMs
  }

  static override isInstance(value: unknown): value is EmbeddingTimeoutError {
    return hasErrorMarker(value, marker)
  }
}

/**
 * The embedder with a deadline on every call: at `timeoutMs` the call's abort
 * signal fires and the call rejects with EmbeddingTimeoutError, even when the
 * embedder ignores the signal, so a hanging provider cannot hold its caller.
 */
export function withEmbedTimeout(embedder: Embedder, timeoutMs: number): Embedder {
  return {
    id: embedder.id,
    ...(embedder.dimensions === undefined ? {} : { dimensions: embedder.dimensions }),
    async embed(values, options) {
      const deadline = new AbortController()
      const abortSignal = options?.abortSignal ? AbortSignal.any([options.abortSignal, deadline.signal]) : deadline.signal
      let timer: NodeJS.Timeout | undefined
      const timedOut = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          const error = new EmbeddingTimeoutError(embedder.id, timeoutMs)
          deadline.abort(error)
          reject(error)
        }, timeoutMs)
      })
      try {
        return await Promise.race([embedder.embed(values, { abortSignal }), timedOut])
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
