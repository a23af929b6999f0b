// How long `health.check` takes while other work runs: the measure of whether
// a request can stall the server. Calls health back to back until `work`
// settles and reports the slowest answer.
import type { ThreadlineClient } from '../client/index.ts'

export type HealthDuring<T> = { outcome: PromiseSettledResult<T>; maxHealthMs: number; healthCalls: number }

export async function healthLatencyDuring<T>(client: ThreadlineClient, work: () => Promise<T>, options: { settleMs?: number } = {}): Promise<HealthDuring<T>> {
  const state = { settled: false }
  const outcome: Promise<PromiseSettledResult<T>> = work().then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  )
  void outcome.then(() => {
    state.settled = true
  })
  // let the work reach the server before the first probe
  await new Promise((resolve) => setTimeout(resolve, options.settleMs ?? 100))
  let maxHealthMs = 0
  let healthCalls = 0
  while (!state.settled || healthCalls === 0) {
    const started = performance.now()
    await client.health.check.query()
    maxHealthMs = Math.max(maxHealthMs, performance.now() - started)
    healthCalls += 1
  }
  return { outcome: await outcome, maxHealthMs, healthCalls }
}
