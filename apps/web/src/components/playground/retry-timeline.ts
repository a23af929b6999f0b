// The retry simulator's timeline: each attempt fails with the same error; after
// each, StreamErrorRetryProcessor decides (retry? after how long?) until it stops.

export type AttemptDecision = { retry: boolean; delayMs: number; retryCount: number }

export type TimelineStep<Decision extends AttemptDecision> =
  | { kind: 'attempt'; number: number; decision: Decision; last: boolean }
  | { kind: 'wait'; afterAttempt: number; delayMs: number; decision: Decision; startsAtMs: number }

/** The most decisions a simulation asks for: the server allows at most 10 retries. */
export const MAX_SIMULATED_ATTEMPTS = 11

/** Attempts and the waits between them, from the decisions for retryCount 0, 1, 2, ... */
export function buildRetryTimeline<Decision extends AttemptDecision>(decisions: readonly Decision[]): { steps: TimelineStep<Decision>[]; totalWaitMs: number } {
  const steps: TimelineStep<Decision>[] = []
  let elapsed = 0
  decisions.forEach((decision, index) => {
    const last = !decision.retry || index === decisions.length - 1
    steps.push({ kind: 'attempt', number: index + 1, decision, last })
    if (decision.retry) {
      steps.push({ kind: 'wait', afterAttempt: index + 1, delayMs: decision.delayMs, decision, startsAtMs: elapsed })
      elapsed += decision.delayMs
    }
  })
  return { steps, totalWaitMs: elapsed }
}

/**
 * Asks for decisions with retryCount 0, 1, 2, ... until one says no retry (or
 * the cap is reached): what a run of failing attempts would go through.
 */
export async function simulateRetries<Decision extends AttemptDecision>(decide: (retryCount: number) => Promise<Decision>): Promise<Decision[]> {
  const decisions: Decision[] = []
  for (let retryCount = 0; retryCount < MAX_SIMULATED_ATTEMPTS; retryCount++) {
    const decision = await decide(retryCount)
    decisions.push(decision)
    if (!decision.retry) break
  }
  return decisions
}
