// Retrying a call the server refused with 429 Too Many Requests (an API
// token's rate limit): the server says when in `Retry-After`; the client waits
// that long, up to a bound, and sends the same request again. A 429 means the
// server ran none of the request's calls, so sending it again is safe.

export type RetryOptions = {
  /** how many times one request is sent again after a 429 (default 3; 0 turns retrying off) */
  maxRetries?: number
  /** a longer Retry-After is not waited for: the 429 reaches the caller (default 60000 ms) */
  maxDelayMs?: number
}

/** Milliseconds a Retry-After value asks for (delay-seconds or an HTTP date), or null when it says nothing usable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : null
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/** Why a signal aborted, as the error to throw: its reason when that is an Error, else an AbortError. */
export function abortReason(signal: AbortSignal | null | undefined): Error {
  const reason: unknown = signal?.reason
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError')
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal))
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortReason(signal))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** `fetchImpl` that sends a request again after a 429, waiting what Retry-After says (1 s when it is absent); an abort ends the wait. */
export function retryOn429(fetchImpl: typeof fetch, options: RetryOptions = {}): typeof fetch {
  const maxRetries = options.maxRetries ?? 3
  const maxDelayMs = options.maxDelayMs ?? 60_000
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetchImpl(input, init)
      if (response.status !== 429 || attempt >= maxRetries) return response
      const delay = retryAfterMs(response.headers.get('retry-after')) ?? 1000
      if (delay > maxDelayMs) return response
      await response.body?.cancel()
      await sleep(delay, init?.signal)
    }
  }
}
