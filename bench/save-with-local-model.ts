// What `messages.save` costs the request with the local sentence encoder on
// (issue 32): 10,000 messages saved in batches of 100 (Memory.saveMessages,
// what the router's messages.save calls) on the embedded database as the server opens it,
// without an embedding model, and with the local model wired as the server
// wires it (a job queue the save enqueues into, an index worker embedding in
// the background). The save figures stop when the last save returns; the
// background jobs are left running (the encoder takes ~40 ms a message here).
//
//   pnpm bench save-with-local-model [--messages=10000]
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type Database } from '@threadline/db'
import { createIndexWorker, Memory, resolveEmbedder, type EnqueueIndexJob, type IndexWorker } from '@threadline/engine'
import { universalSentenceEncoder } from '@threadline/local-embedder'
import { flagValue } from './lib/args.ts'
import { summarize } from './lib/measure.ts'
import { conversation } from './lib/messages.ts'
import { createReport } from './lib/report.ts'

const messageCount = Number(flagValue('messages') ?? 10_000)
const BATCH = 100
const report = createReport('save-with-local-model', { messages: messageCount, batch: BATCH, database: 'pglite (data folder, own thread)' })

async function withDatabase(run: (db: Database) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'threadline-save-'))
  const db = await openDatabase(`file:${dir}`)
  try {
    await run(db)
  } finally {
    await db.close()
    await rm(dir, { recursive: true, force: true })
  }
}

async function saveAll(db: Database, memory: Memory, label: string, worker: IndexWorker | null): Promise<void> {
  await db.storage.createThread({ id: 'saved', resourceId: 'bench' })
  const messages = conversation({ threadId: 'saved', resourceId: 'bench', count: messageCount })
  const batches: number[] = []
  const started = performance.now()
  for (let start = 0; start < messages.length; start += BATCH) {
    const batchStarted = performance.now()
    await memory.saveMessages({ messages: messages.slice(start, start + BATCH) }, { sameThreadOnly: true })
    batches.push(performance.now() - batchStarted)
  }
  const savedMs = performance.now() - started
  let indexedNote = 'no index job (no model)'
  if (worker) {
    // the request's cost is the point: the background jobs (~40 ms of encoder time per message on this machine) are left to run on
    const open = async (state: 'queued' | 'running') => (await db.indexJobs.list({ state, page: 1, pageSize: 1 })).total
    indexedNote = `${await open('queued')} jobs queued, ${await open('running')} running when the last save returned`
  }
  const summary = summarize(batches)
  report.row('messages.save', {
    model: label,
    messages: messageCount,
    'saves total s': Number((savedMs / 1000).toFixed(2)),
    'per save p50 ms': summary.p50,
    'per save p99 ms': summary.p99,
    indexing: indexedNote,
  })
}

await withDatabase((db) => saveAll(db, new Memory({ storage: db.storage }), 'none (full-text only)', null))
await withDatabase(async (db) => {
  const embedder = resolveEmbedder(universalSentenceEncoder())
  const worker = createIndexWorker({ jobs: db.indexJobs, embedder, concurrency: 2, batchSize: 100 })
  const indexQueue = { enqueue: (job: EnqueueIndexJob) => db.indexJobs.enqueue(job).finally(() => worker.wake()) }
  const memory = new Memory({ storage: db.storage, vector: db.vector, embedder, indexQueue })
  worker.start()
  await embedder.embed(['warm up: the model loads here'])
  try {
    await saveAll(db, memory, 'local/universal-sentence-encoder-lite (indexed by the background job)', worker)
  } finally {
    await worker.stop()
  }
})
report.printTables()
report.save()
