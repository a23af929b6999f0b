// Index jobs under one tenant's load (issue 33): how long tenant B waits for
// the vector of a message it saves (job enqueued -> job done, its vector
// written), on an idle queue (the baseline, same run), behind tenant A's
// backlog of index jobs, and while two of A's embedding calls hang (with the
// worker's deadline, and without one: the old behaviour). The worker runs as
// the server runs it (THREADLINE_INDEX_CONCURRENCY=2, batches of 100, woken on
// enqueue) on an in-memory PGlite with pgvector, against a loopback
// OpenAI-compatible embeddings server through the AI SDK; the server never
// answers a request holding 'HANG'. Each phase also reports this process's
// worst event-loop delay (what a health check answered by it would wait).
//
//   pnpm bench indexing [--backlog=267] [--messages-per-job=3] [--timeout-ms=1000] [--give-up-ms=10000]
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { loadavg } from 'node:os'
import { createIndexWorker, resolveEmbedder, resolveEmbeddingModel, type IndexJob, type IndexWorker } from '@threadline/engine'
import { startFakeEmbeddingsServer, textMessage } from '@threadline/engine/testing'
import { flagValue } from './lib/args.ts'
import { openPgliteBenchDatabase } from './lib/databases.ts'
import { percentile } from './lib/measure.ts'
import { createReport } from './lib/report.ts'

const backlog = Number(flagValue('backlog') ?? 267)
const messagesPerJob = Number(flagValue('messages-per-job') ?? 3)
const timeoutMs = Number(flagValue('timeout-ms') ?? 1_000)
const giveUpMs = Number(flagValue('give-up-ms') ?? 10_000)
const baselineSamples = 5

const report = createReport('indexing', { backlog, messagesPerJob, timeoutMs, giveUpMs, concurrency: 2, batchSize: 100, database: 'pglite' })
const embeddings = await startFakeEmbeddingsServer((text) => [text.length, 1, 0.5], { hangs: (input) => input.some((text) => text.includes('HANG')) })
const db = await openPgliteBenchDatabase()
const embedder = resolveEmbedder(resolveEmbeddingModel('openai:bench-embed', { OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: embeddings.baseURL }))
let threads = 0
let embeddingsOpen = true

/** A thread of `texts` saved by `resourceId` and its index job, as `messages.save` queues it (the worker is woken). */
async function save(worker: IndexWorker, resourceId: string, texts: string[]): Promise<IndexJob> {
  const threadId = `${resourceId}-t${threads++}`
  await db.storage.createThread({ id: threadId, resourceId })
  const messages = texts.map((text, i) => textMessage({ id: `${threadId}-m${i}`, threadId, resourceId, at: Date.UTC(2026, 0, 1, 0, 0, i), text }))
  await db.storage.insertMessages(messages)
  const job = await db.indexJobs.enqueue({ resourceId, threadId, model: embedder.id, reason: 'save', messageIds: messages.map((m) => m.id) })
  worker.wake()
  return job
}

/** Milliseconds until the job is done, or null when it is not done within `giveUpMs`. */
async function untilDone(jobId: string, started: number): Promise<number | null> {
  for (;;) {
    if ((await db.indexJobs.get(jobId))?.state === 'done') return performance.now() - started
    if (performance.now() - started > giveUpMs) return null
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Tenant B saves one message; how long until its vector is written. */
async function tenantBLatency(worker: IndexWorker): Promise<number | null> {
  const started = performance.now()
  const job = await save(worker, 'tenant-b', ['where is my parcel, it was due on Monday'])
  return untilDone(job.id, started)
}

const queuedOf = async (jobs: IndexJob[]) => (await Promise.all(jobs.map((job) => db.indexJobs.get(job.id)))).filter((job) => job?.state === 'queued').length

async function phase(name: string, run: () => Promise<{ latencies: (number | null)[]; note?: string }>): Promise<void> {
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  const { latencies, note } = await run()
  loop.disable()
  const done = latencies.filter((ms): ms is number => ms !== null).sort((a, b) => a - b)
  report.row('tenant B vector latency', {
    phase: name,
    samples: latencies.length,
    'B p50 ms': done.length > 0 ? Math.round(percentile(done, 50)) : null,
    'B max ms': done.length === latencies.length ? Math.round(done.at(-1) ?? 0) : `> ${giveUpMs} (${latencies.length - done.length} not indexed)`,
    'event loop max ms': Math.round(loop.max / 1e6),
    'load (1 min)': Number((loadavg()[0] ?? 0).toFixed(1)),
  })
  if (note) report.note(`${name}: ${note}`)
}

const newWorker = (embedTimeoutMs: number) => createIndexWorker({ jobs: db.indexJobs, embedder, concurrency: 2, batchSize: 100, embedTimeoutMs })

try {
  const worker = newWorker(timeoutMs)
  worker.start()
  // first call costs (the AI SDK's client, Prisma's statements, the vector table's first rows) are not B's wait
  await tenantBLatency(worker)
  await phase('baseline: idle queue', async () => {
    const latencies = []
    for (let i = 0; i < baselineSamples; i++) latencies.push(await tenantBLatency(worker))
    return { latencies }
  })

  await phase(`behind tenant A's backlog of ${backlog} jobs`, async () => {
    const texts = Array.from({ length: messagesPerJob }, (_, i) => `order ${i} shipped from the warehouse in a blue box`)
    const started = performance.now()
    const jobs: IndexJob[] = []
    for (let i = 0; i < backlog; i++) jobs.push(await save(worker, 'tenant-a', texts))
    const latency = await tenantBLatency(worker)
    const stillQueued = await queuedOf(jobs)
    for (const job of jobs) await untilDone(job.id, performance.now())
    const drainedMs = performance.now() - started
    return {
      latencies: [latency],
      note: `${stillQueued} of A's ${backlog} jobs were still queued when B's vector was written; A's backlog drained in ${Math.round(drainedMs)} ms`,
    }
  })

  const hanging = async (target: IndexWorker) => {
    const stuck = [await save(target, 'tenant-a', ['HANG one']), await save(target, 'tenant-a', ['HANG two'])]
    // both loops are inside a hanging call before B saves
    while ((await Promise.all(stuck.map((job) => db.indexJobs.get(job.id)))).some((job) => job?.attempts === 0)) await new Promise((r) => setTimeout(r, 10))
    const latency = await tenantBLatency(target)
    const after = await Promise.all(stuck.map((job) => db.indexJobs.get(job.id)))
    for (const job of stuck) await db.indexJobs.cancel(job.id)
    return {
      latencies: [latency],
      note: `A's hanging jobs: ${after.map((job) => `${job?.state} after ${job?.attempts} attempt(s), ${job?.lastError ?? 'no error yet'}`).join('; ')}`,
    }
  }
  await phase(`two hanging embedding calls, deadline ${timeoutMs} ms`, () => hanging(worker))
  await worker.stop()

  const withoutDeadline = newWorker(24 * 3_600_000)
  withoutDeadline.start()
  await phase('two hanging embedding calls, no deadline (before issue 33)', () => hanging(withoutDeadline))
  // the hanging calls end only when the server drops their connections
  embeddingsOpen = false
  await embeddings.close()
  await withoutDeadline.stop()
} finally {
  if (embeddingsOpen) await embeddings.close()
  await db.close()
}
report.printTables()
report.save()
