// A wait that an AbortSignal can end early.

/** setTimeout fires at once for longer delays (32-bit overflow): longer waits are capped here (~24.8 days). */
export const MAX_TIMER_DELAY_MS = 2_147_483_647

export type WaitOutcome = 'elapsed' | 'aborted'

/**
 * Waits `delayMs` unless the signal aborts: an already-aborted signal ends it
 * at once, an abort during the wait ends it early; it resolves (never rejects)
 * with what happened. No timer for a zero delay; the abort listener is removed
 * when the timer fires, so a long-lived signal collects no listeners.
 */
export function waitForRetryDelay(delayMs: number, signal?: AbortSignal): Promise<WaitOutcome> {
  if (signal?.aborted) return Promise.resolve('aborted')
  if (!(delayMs > 0)) return Promise.resolve('elapsed')
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer)
      resolve('aborted')
    }
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort)
        resolve('elapsed')
      },
      Math.min(delayMs, MAX_TIMER_DELAY_MS),
    )
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
