// Requests beside a running index job on the embedded database (issue 32):
// text recall (storage.searchText, top 10) and a one-message save, p50/p99,
// on an idle database and while one index job embeds a 10,000-message thread.
// The embedded database as the server opens it (a PGlite data folder on its
// own thread, one connection); the embedder is the demo's lexical one
// (in-process, cheap), so what is measured is the job's database work.
//
// The requests of the "during" phase start once the job has written its first
// batch, and each recall+save pair is followed by a pause (--gap-ms, in both
// phases), as requests arrive in use: back to back, they would hold the one
// connection from the job (it lets requests go first) and measure no contention.
//
//   pnpm bench indexing-starvation [--messages=10000] [--samples=100] [--gap-ms=20]
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '@threadline/db'
import { lexicalEmbedder } from '@threadline/db/seed'
import { createIndexWorker } from '@threadline/engine'
import { textMessage } from '@threadline/engine/testing'
import { flagValue } from './lib/args.ts'
import { summarize } from './lib/measure.ts'
import { createReport } from './lib/report.ts'
import { seedThread } from './lib/seed.ts'

const messageCount = Number(flagValue('messages') ?? 10_000)
const samples = Number(flagValue('samples') ?? 100)
const gapMs = Number(flagValue('gap-ms') ?? 20)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const QUERIES = ['refund for the broken blender', 'password reset', 'deploy rollback latency', 'tracking package courier']

const report = createReport('indexing-starvation', { messages: messageCount, samples, 'gap ms': gapMs, database: 'pglite (data folder, own thread)' })
const dir = await mkdtemp(path.join(os.tmpdir(), 'threadline-starvation-'))
const db = await openDatabase(`file:${dir}`)
const embedder = lexicalEmbedder()
let saved = 0

try {
  const source = await seedThread(db, { threadId: 'indexed', count: messageCount })
  await db.storage.createThread({ id: 'requests', resourceId: source.resourceId })
  const recall = async (i: number) => db.storage.searchText({ query: QUERIES[i % QUERIES.length] ?? '', topK: 10, threadId: source.threadId })
  const save = async () => {
    const at = Date.UTC(2026, 0, 1) + saved
    await db.storage.insertMessages([
      textMessage({ id: `request-${saved++}`, threadId: 'requests', resourceId: source.resourceId, at, text: 'where is my parcel' }),
    ])
  }

  /** `samples` recalls and saves, alternating, each timed alone; `until` stops early (the job ended). */
  async function requests(phase: string, until: () => boolean = () => false): Promise<number> {
    const times = { recall: [] as number[], save: [] as number[] }
    for (let i = 0; i < samples && !until(); i++) {
      let started = performance.now()
      await recall(i)
      times.recall.push(performance.now() - started)
      started = performance.now()
      await save()
      times.save.push(performance.now() - started)
      await pause(gapMs)
    }
    for (const [operation, ms] of Object.entries(times)) {
      const summary = summarize(ms)
      report.row('requests', { phase, operation, samples: ms.length, 'p50 ms': summary.p50, 'p99 ms': summary.p99, 'max ms': Math.max(...ms) })
    }
    return times.recall.length
  }

  for (let i = 0; i < 10; i++) await recall(i) // warm-up: plans, caches
  await requests('idle')

  const job = await db.indexJobs.enqueue({ resourceId: source.resourceId, threadId: source.threadId, model: embedder.id, reason: 'index' })
  const worker = createIndexWorker({ jobs: db.indexJobs, embedder, concurrency: 1, batchSize: 100 })
  const started = performance.now()
  worker.start()
  let done = false
  const watch = (async () => {
    while ((await db.indexJobs.get(job.id))?.state !== 'done') await pause(200)
    done = true
  })()
  // the job under way (claimed, its first batch read, embedded and written): every request meets its statements
  while (((await db.indexJobs.get(job.id))?.done ?? 0) === 0) await pause(50)
  const firstBatchSeconds = (performance.now() - started) / 1000
  const doneBeforeRequests = (await db.indexJobs.get(job.id))?.done ?? 0
  const measured = await requests(`during the index job (${messageCount.toLocaleString('en-US')} messages)`, () => done)
  // the job yields to requests (a bounded wait before each statement): how far it got while they ran
  const doneDuringRequests = (await db.indexJobs.get(job.id))?.done ?? 0
  const requestSeconds = (performance.now() - started) / 1000
  await watch
  await worker.stop()
  report.note(
    `index job: ${messageCount.toLocaleString('en-US')} messages embedded and written in ${((performance.now() - started) / 1000).toFixed(1)} s; ${measured} recall+save pairs ran during it, from ${firstBatchSeconds.toFixed(1)} s (${doneBeforeRequests.toLocaleString('en-US')} messages done) to ${requestSeconds.toFixed(1)} s (${doneDuringRequests.toLocaleString('en-US')} done)`,
  )
} finally {
  await db.close()
  await rm(dir, { recursive: true, force: true })
}
report.printTables()
report.save()
