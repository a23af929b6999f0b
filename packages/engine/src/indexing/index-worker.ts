// The background indexer: claims jobs of its embedder's model from the job
// store and embeds their messages batch by batch, off the request path. Every
// embedding call has a deadline (a hanging provider releases the job for a
// retry instead of holding a worker loop), and a message the provider refuses
// fails alone: its batch is split until the others get their vectors.
import { randomUUID } from 'node:crypto'
import { embedEachAlone } from '../embedders/embed-each-alone.ts'
import { withEmbedTimeout } from '../embedders/embed-timeout.ts'
import type { Embedder } from '../embedders/types.ts'
import { embeddingTargetOf } from '../memory/semantic-index.ts'
import { IndexJobLeaseLostError, type IndexJob, type IndexJobStore } from './types.ts'

export type IndexWorkerOptions = {
  jobs: IndexJobStore
  embedder: Embedder
  /** this worker's id in `locked_by` (default: a random one) */
  workerId?: string
  /** jobs run at once by this worker (default 1) */
  concurrency?: number
  /** messages per embedding call and per write transaction (default 100) */
  batchSize?: number
  /** how long a claim holds without a written batch; renewed by each batch (default 60 s, or twice embedTimeoutMs when longer) */
  leaseMs?: number
  /** deadline of one embedding call; a call past it is aborted and the job retried with backoff (default 30 s) */
  embedTimeoutMs?: number
  /** idle wait between looks for work (default 1 s); `wake()` cuts it short */
  pollMs?: number
  /** retry delay after a failed attempt: baseMs * 2^(attempt-1), at most maxMs (default 1 s .. 5 min) */
  backoff?: { baseMs: number; maxMs: number }
}

export type IndexWorker = {
  readonly workerId: string
  /** Starts `concurrency` loops that claim and run jobs until `stop()` (once). */
  start(): void
  /** Claims and runs one job to its end; false when none was runnable. */
  runOnce(): Promise<boolean>
  /** Looks for work now instead of at the next poll (e.g. right after an enqueue). */
  wake(): void
  /** Stops the loops and waits for the running batches to end; a job left midway is claimed again once its lease expires. */
  stop(): Promise<void>
}

export const DEFAULT_EMBED_TIMEOUT_MS = 30_000

/** The delay before attempt `attempts + 1`: exponential, capped. */
export function retryDelayMs(attempts: number, backoff: { baseMs: number; maxMs: number }): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1))
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return text.slice(0, 2000)
}

/** A worker over the job store; `start()` runs its loops, `runOnce()` one job (tests, scripts). */
export function createIndexWorker(options: IndexWorkerOptions): IndexWorker {
  const { jobs } = options
  const embedTimeoutMs = options.embedTimeoutMs ?? DEFAULT_EMBED_TIMEOUT_MS
  const embedder = withEmbedTimeout(options.embedder, embedTimeoutMs)
  const workerId = options.workerId ?? `indexer-${randomUUID()}`
  const batchSize = options.batchSize ?? 100
  // a slow but answering call must not outlive the lease: another worker would take the job meanwhile
  const leaseMs = options.leaseMs ?? Math.max(60_000, 2 * embedTimeoutMs)
  const pollMs = options.pollMs ?? 1_000
  const backoff = options.backoff ?? { baseMs: 1_000, maxMs: 5 * 60_000 }
  const run = { stopped: false }
  // read through a call: TypeScript would narrow the flag across the awaits that may change it
  const isStopped = () => run.stopped
  const sleepers = new Set<() => void>()
  let loops: Promise<void>[] = []

  async function runJob(job: IndexJob): Promise<void> {
    try {
      for (;;) {
        if (run.stopped) return // the lease runs out and another worker (or this one after a restart) goes on
        const messages = await jobs.readBatch(job, batchSize)
        const last = messages.at(-1)
        if (last === undefined) break
        const targets = messages.map(embeddingTargetOf).filter((target) => target.text !== '')
        const { outcomes, dimensions } = await embedEachAlone(
          embedder,
          targets.map((target) => target.text),
        )
        const vectors = []
        const failures = []
        for (const [index, outcome] of outcomes.entries()) {
          const target = targets[index]
          if (target === undefined) continue
          const { messageId, threadId, resourceId } = target
          if ('error' in outcome) failures.push({ messageId, error: errorText(outcome.error) })
          else vectors.push({ messageId, threadId, resourceId, embedding: outcome.embedding, model: embedder.id, dimensions })
        }
        const cursor = await jobs.writeBatch({ jobId: job.id, workerId, leaseMs, last, processed: messages.length, vectors, failures })
        job = { ...job, cursor }
      }
      await jobs.finish({ jobId: job.id, workerId })
    } catch (error) {
      // cancelled, or taken over after the lease ran out: the job is someone else's now
      if (IndexJobLeaseLostError.isInstance(error)) return
      await jobs.fail({ jobId: job.id, workerId, error: errorText(error), retryInMs: retryDelayMs(job.attempts, backoff) })
    }
  }

  async function runOnce(): Promise<boolean> {
    const job = await jobs.claim({ workerId, model: embedder.id, leaseMs })
    if (job === null) return false
    await runJob(job)
    return true
  }

  async function loop(): Promise<void> {
    while (!run.stopped) {
      let worked = false
      try {
        worked = await runOnce()
      } catch (error) {
        // the database is unreachable for a moment: try again at the next poll
        console.error(`Index worker ${workerId}: ${errorText(error)}`)
      }
      if (worked || isStopped()) continue
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer)
          sleepers.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, pollMs)
        sleepers.add(wake)
      })
    }
  }

  const wakeAll = () => {
    for (const wake of [...sleepers]) wake()
  }
  return {
    workerId,
    start() {
      if (loops.length > 0 || run.stopped) return
      loops = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, () => loop())
    },
    runOnce,
    wake: wakeAll,
    async stop() {
      run.stopped = true
      wakeAll()
      await Promise.all(loops)
    },
  }
}
