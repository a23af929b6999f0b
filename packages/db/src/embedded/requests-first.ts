// Requests before background work on the embedded database's ONE connection
// (issue 32). Its pool serves statements first come, first served; a
// request made of several statements (a read, then a write) waits behind a
// background statement queued between two of its own. Background work (the
// index job) asks here before each statement and starts it only when no
// request holds or waits for the connection, or after a bounded wait, so it
// still progresses under a steady stream of requests.
import type pg from 'pg'

/** Resolves when the connection is free of requests, or after the gate's bounded wait. */
export type YieldToRequests = () => Promise<void>

/** Resolves at the next `release` of a pooled client, or at the deadline. */
function nextRelease(pool: pg.Pool, deadline: number): Promise<void> {
  return new Promise((resolve) => {
    const onRelease = () => {
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(
      () => {
        pool.off('release', onRelease)
        resolve()
      },
      Math.max(0, deadline - performance.now()),
    )
    pool.once('release', onRelease)
  })
}

export function yieldToRequests(pool: pg.Pool, maxWaitMs: number): YieldToRequests {
  // the caller holds no client while it waits here: every client in use, or asked for, is another's
  const busy = () => pool.waitingCount > 0 || pool.idleCount < pool.totalCount
  return async () => {
    const deadline = performance.now() + maxWaitMs
    for (;;) {
      if (!busy()) {
        // a request issues its next statement as its previous one's result comes in, within this turn of the event loop
        await new Promise((resolve) => setImmediate(resolve))
        if (!busy()) return
      }
      if (performance.now() >= deadline) return
      await nextRelease(pool, deadline)
    }
  }
}
