// Sandboxed playground runs on a pool of worker threads (Piscina), never on
// the server's own thread: a rule that logs, loops, allocates or returns too
// much costs a worker, not the requests around it. Each run has a wall-clock
// deadline after which its worker is terminated (Piscina starts a fresh one),
// a heap cap, an output cap, and each caller a cap on runs in flight. The
// deadline starts when a worker takes the run (the worker says so on a port):
// time spent queued behind other runs on a busy machine is bounded apart
// (`queueWaitMs`, answered as busy), so it never counts against a rule. The
// pool's first worker loading the engine (seconds on a loaded machine) counts
// against neither: runs wait for it apart, up to `coldStartMs`.
import { MessageChannel } from 'node:worker_threads'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { InvalidInputError } from '@threadline/engine'
import { TRPCError } from '@trpc/server'
import { Piscina } from 'piscina'
import type { PlaygroundJob, PlaygroundJobOutcome } from './playground-job.ts'

export type PlaygroundPoolLimits = {
  /** worker threads (runs in parallel) */
  threads: number
  /** wall-clock budget of one run from the moment a worker takes it; the worker is terminated when it is spent */
  deadlineMs: number
  /** longest wait for a free worker; a run not taken by then is dropped from the queue as busy (429) */
  queueWaitMs: number
  /** longest wait for the pool's first worker to load the engine, before queueWaitMs starts; longer is busy (429) */
  coldStartMs: number
  /** V8 heap of one worker (QuickJS's own heap is capped per call by the sandbox limits) */
  heapMb: number
  /** the largest result (as JSON) a run may return */
  maxOutputBytes: number
  /** runs in flight per caller (operator or API token) */
  perCaller: number
  /** runs waiting for a free worker, all callers together */
  maxQueue: number
}

export const DEFAULT_PLAYGROUND_POOL_LIMITS: Readonly<PlaygroundPoolLimits> = Object.freeze({
  threads: 2,
  deadlineMs: 5_000,
  queueWaitMs: 10_000,
  coldStartMs: 60_000,
  heapMb: 256,
  maxOutputBytes: 4 * 1024 * 1024,
  perCaller: 2,
  maxQueue: 16,
})

const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'playground-worker.mjs')

export type PlaygroundPool = {
  /** Runs a job for `callerKey`; throws TRPCError (TOO_MANY_REQUESTS, TIMEOUT, PAYLOAD_TOO_LARGE) or InvalidInputError. */
  run(callerKey: string, job: PlaygroundJob): Promise<unknown>
  /** Waits for a worker that has loaded the engine (no deadline): a cold worker's start-up does not count against a run. */
  warm(): Promise<void>
  /** workers started since the pool was created (a terminated or crashed worker is replaced by a new one) */
  stats(): { workersStarted: number; running: number }
  close(): Promise<void>
}

function deadlineExceeded(limits: PlaygroundPoolLimits): TRPCError {
  return new TRPCError({
    code: 'TIMEOUT',
    message: `The playground run did not finish within ${limits.deadlineMs} ms and was stopped; make the rules or their input smaller`,
  })
}

function queueWaitExceeded(limits: PlaygroundPoolLimits): TRPCError {
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: `The playground is busy: no worker was free within ${limits.queueWaitMs} ms; try again in a few seconds`,
  })
}

function coldStartExceeded(limits: PlaygroundPoolLimits): TRPCError {
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: `The playground is starting: its first worker did not load within ${limits.coldStartMs} ms; try again in a few seconds`,
  })
}

function outcomeValue(outcome: PlaygroundJobOutcome): unknown {
  if (outcome.ok) return outcome.value
  const { failure } = outcome
  if (failure.kind === 'invalid-input') {
    throw new InvalidInputError(failure.field, failure.issues[0]?.message ?? failure.message, { summary: failure.message, issues: failure.issues })
  }
  throw new TRPCError({
    code: 'PAYLOAD_TOO_LARGE',
    message: `The playground result is ${failure.bytes} bytes, over the ${failure.limitBytes}-byte limit; run fewer rules or a smaller prompt`,
  })
}

function startPool(limits: PlaygroundPoolLimits, onWorkerCreate: () => void): Piscina {
  const pool = new Piscina({
    filename: WORKER_FILE,
    // one warm worker once the playground is used (a cold one loads the engine first)
    minThreads: 1,
    maxThreads: limits.threads,
    maxQueue: limits.maxQueue,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: Math.min(64, limits.heapMb / 4) },
  })
  pool.on('workerCreate', onWorkerCreate)
  // an errored worker is replaced by Piscina; the failed run's promise carries the error
  pool.on('error', () => undefined)
  return pool
}

/** The pool starts its first worker on the first run, so a server that never runs the playground pays nothing. */
export function createPlaygroundPool(limits: PlaygroundPoolLimits = DEFAULT_PLAYGROUND_POOL_LIMITS): PlaygroundPool {
  let pool: Piscina | undefined
  let loaded: Promise<void> | undefined
  // once true, a run skips the wait (no timer per run)
  let workerLoaded = false
  let workersStarted = 0
  const inFlight = new Map<string, number>()

  function started(): Piscina {
    pool ??= startPool(limits, () => {
      workersStarted += 1
    })
    return pool
  }

  const warm = async () => {
    await started().run({ job: null, maxOutputBytes: 0, started: null })
  }

  /** The first worker has loaded the engine (once per pool; a failed load is tried again by the next run). */
  async function firstWorkerLoaded(): Promise<void> {
    if (workerLoaded) return
    loaded ??= warm().then(
      () => {
        workerLoaded = true
      },
      (error: unknown) => {
        loaded = undefined
        throw error
      },
    )
    let timer: NodeJS.Timeout | undefined
    const slow = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(coldStartExceeded(limits)), limits.coldStartMs)
    })
    try {
      await Promise.race([loaded, slow])
    } finally {
      clearTimeout(timer)
    }
  }

  async function run(callerKey: string, job: PlaygroundJob): Promise<unknown> {
    const running = inFlight.get(callerKey) ?? 0
    if (running >= limits.perCaller) {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: `At most ${limits.perCaller} playground runs at a time per caller; wait for one to finish` })
    }
    const workers = started()
    if (workers.queueSize >= limits.maxQueue) {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'The playground is busy; try again in a few seconds' })
    }
    inFlight.set(callerKey, running + 1)
    try {
      await firstWorkerLoaded()
    } catch (error) {
      release(callerKey)
      throw error
    }
    const abort = new AbortController()
    let stoppedBy: TRPCError | undefined
    const stop = (reason: TRPCError) => {
      stoppedBy = reason
      abort.abort()
    }
    let timer = setTimeout(() => stop(queueWaitExceeded(limits)), limits.queueWaitMs)
    // the worker posts on `taken` when it takes the run: from then on the deadline runs
    const taken = new MessageChannel()
    taken.port1.once('message', () => {
      clearTimeout(timer)
      timer = setTimeout(() => stop(deadlineExceeded(limits)), limits.deadlineMs)
    })
    try {
      const task = { job, maxOutputBytes: limits.maxOutputBytes, started: taken.port2 }
      const outcome = (await workers.run(task, { signal: abort.signal, transferList: [taken.port2] })) as PlaygroundJobOutcome
      return outcomeValue(outcome)
    } catch (error) {
      if (stoppedBy) throw stoppedBy
      if (error instanceof Error && /ERR_WORKER_OUT_OF_MEMORY|out of memory/i.test(`${String((error as { code?: unknown }).code)} ${error.message}`)) {
        throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: `The playground run exceeded the ${limits.heapMb} MB memory limit and was stopped` })
      }
      throw error
    } finally {
      clearTimeout(timer)
      taken.port1.close()
      release(callerKey)
    }
  }

  function release(callerKey: string): void {
    const left = (inFlight.get(callerKey) ?? 1) - 1
    if (left === 0) inFlight.delete(callerKey)
    else inFlight.set(callerKey, left)
  }

  return {
    run,
    warm,
    stats: () => ({ workersStarted, running: [...inFlight.values()].reduce((sum, count) => sum + count, 0) }),
    close: async () => {
      await pool?.destroy()
      pool = undefined
      loaded = undefined
      workerLoaded = false
    },
  }
}
