// A health poller in a worker thread of the bench process: `health.check` back
// to back while a request runs, so a stall of the server's thread shows as a
// slow health answer (the floor: the poller alone, in the same run).
import { Worker } from 'node:worker_threads'
import { percentile } from './measure.ts'

// Plain JavaScript (no loader in the worker): health back to back until told to stop, then the durations.
const pollerSource = `
const { parentPort, workerData } = require('node:worker_threads')
let running = true
parentPort.on('message', () => { running = false })
;(async () => {
  const durations = []
  let failure = null
  while (running && failure === null) {
    const started = performance.now()
    try {
      const response = await fetch(workerData.url)
      await response.text()
      if (!response.ok) failure = 'health.check answered ' + response.status
    } catch (error) {
      failure = String(error.cause ?? error)
    }
    durations.push(performance.now() - started)
  }
  parentPort.postMessage({ durations, failure })
})()
`

export type PollerResult = { durations: number[]; failure: string | null }

/** Runs `work` while the poller calls health; the poller's durations (and its first failure: it stops there) and the work's time. */
export async function withHealthPoller<T>(healthUrl: string, work: () => Promise<T>): Promise<PollerResult & { workMs: number; value: T }> {
  const worker = new Worker(pollerSource, { eval: true, workerData: { url: healthUrl } })
  const polled = new Promise<PollerResult>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  const started = performance.now()
  const value = await work()
  const workMs = performance.now() - started
  worker.postMessage('stop')
  const result = { ...(await polled), workMs, value }
  await worker.terminate()
  return result
}

/** The health answers' figures for a report row. */
export function healthFigures(durations: readonly number[]): Record<string, number> {
  const sorted = [...durations].sort((a, b) => a - b)
  return {
    'health calls': sorted.length,
    'health p50 ms': Number(percentile(sorted, 50).toFixed(1)),
    'health p99 ms': Number(percentile(sorted, 99).toFixed(1)),
    'slowest health ms': Number((sorted.at(-1) ?? 0).toFixed(1)),
  }
}
