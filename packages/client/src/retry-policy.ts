// When a failed call is sent again, and after how long. A 429 (also one item
// of a batch) ran nothing, so it is always safe to repeat; a network error or
// a 5xx may have run the call, so only a call that is safe to repeat (a query,
// or a write carrying an Idempotency-Key) is. The wait is what Retry-After
// says, else an exponential backoff with jitter, so many clients that failed
// together do not come back together.
import type { ThreadlineError } from './threadline-error.ts'

export type RetryOptions = {
  /** how many times one call is sent again (default 3; 0 turns retrying off) */
  maxRetries?: number
  /** the first backoff; each retry doubles it (default 250 ms) */
  baseDelayMs?: number
  /** the longest wait: a longer Retry-After hands the error to the caller (default 60000 ms) */
  maxDelayMs?: number
}

function isTransient(error: ThreadlineError, safeToRepeat: boolean): boolean {
  if (error.code === 'TOO_MANY_REQUESTS') return true
  return safeToRepeat && (error.kind === 'network' || (error.status !== undefined && error.status >= 500))
}

/** Milliseconds to wait before sending the call again, or null to hand the error to the caller. */
export function retryDelayMs(
  error: ThreadlineError,
  attempt: number,
  safeToRepeat: boolean,
  options: RetryOptions | false,
  random = Math.random,
): number | null {
  if (options === false || !isTransient(error, safeToRepeat)) return null
  const maxRetries = options.maxRetries ?? 3
  const maxDelayMs = options.maxDelayMs ?? 60_000
  if (attempt >= maxRetries) return null
  if (error.retryAfterMs !== undefined) return error.retryAfterMs <= maxDelayMs ? error.retryAfterMs : null
  const ceiling = Math.min(maxDelayMs, (options.baseDelayMs ?? 250) * 2 ** attempt)
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}
