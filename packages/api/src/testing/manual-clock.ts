// A clock that moves only when a test moves it: rate-limit tests give it to
// createServices, so a slow machine cannot refill a bucket mid-test.

export type ManualClock = { now: () => number; advance(ms: number): void }

export function manualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let now = start
  return {
    now: () => now,
    advance(ms) {
      now += ms
    },
  }
}
