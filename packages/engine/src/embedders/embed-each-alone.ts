import { APICallError } from '@ai-sdk/provider'
import { RetryError } from 'ai'
import { embedChecked } from './embed-in-batches.ts'
import { EmbeddingTimeoutError } from './embed-timeout.ts'
import type { Embedder } from './types.ts'

/** A text's vector, or why the embedder would not give it one. */
export type EmbedOutcome = { embedding: number[] } | { error: unknown }

/**
 * An error that says the provider is out of reach, not that an input is bad:
 * a timeout, a retryable API error (429, 5xx), retries used up on such errors.
 * Splitting the batch would only multiply calls to a provider that is down.
 */
export function isEmbeddingOutage(error: unknown): boolean {
  if (EmbeddingTimeoutError.isInstance(error)) return true
  if (RetryError.isInstance(error)) return error.reason === 'maxRetriesExceeded' || isEmbeddingOutage(error.lastError)
  return APICallError.isInstance(error) && error.isRetryable
}

/**
 * Embeds `texts` in one call; when the call is refused, halves the batch and
 * tries each half, down to single texts, so a text the provider rejects (too
 * long, malformed) fails alone with its error and the others get vectors
 * (n texts with one bad cost about 2 log2(n) extra calls). An outage
 * (isEmbeddingOutage) is thrown at once; so is the first error when every text
 * failed: nothing singles a text out, the caller retries the whole later.
 */
export async function embedEachAlone(
  embedder: Embedder,
  texts: string[],
  options?: { abortSignal?: AbortSignal },
): Promise<{ outcomes: EmbedOutcome[]; dimensions: number }> {
  const size = { dimensions: embedder.dimensions ?? 0 }
  async function embedPart(part: string[]): Promise<EmbedOutcome[]> {
    try {
      return (await embedChecked(embedder, part, size, options)).map((embedding) => ({ embedding }))
    } catch (error) {
      if (isEmbeddingOutage(error)) throw error
      if (part.length === 1) return [{ error }]
      const half = Math.ceil(part.length / 2)
      return [...(await embedPart(part.slice(0, half))), ...(await embedPart(part.slice(half)))]
    }
  }
  const outcomes = texts.length === 0 ? [] : await embedPart(texts)
  const errors = outcomes.flatMap((outcome) => ('error' in outcome ? [outcome.error] : []))
  if (errors.length > 0 && errors.length === outcomes.length) throw errors[0]
  return { outcomes, dimensions: size.dimensions }
}
