import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '@threadline/db'
import { lexicalEmbedder } from '@threadline/db/seed'
import { createIndexWorker } from '@threadline/engine'
import { textMessage } from '@threadline/engine/testing'
import { seedThread } from '../lib/seed.ts'

const dir = await mkdtemp(path.join(os.tmpdir(), 'probe-'))
let log: { t: number; sql: string }[] | null = null
const db = await openDatabase(`file:${dir}`, { onQuery: (sql) => log?.push({ t: performance.now(), sql: sql.replace(/\s+/g, ' ').slice(0, 110) }) })
const show = (label: string, end: number) => {
  console.log(`--- ${label}: ${log!.length} statements, ${(end - (log![0]?.t ?? end)).toFixed(1)} ms`)
  log!.forEach((e, i) => console.log(((log![i + 1]?.t ?? end) - e.t).toFixed(1).padStart(7), e.sql))
  log = []
}
try {
  const n = Number(process.argv[2] ?? 2000)
  const source = await seedThread(db, { threadId: 'indexed', count: n })
  await db.storage.createThread({ id: 'requests', resourceId: source.resourceId })
  for (let i = 0; i < 5; i++) await db.storage.searchText({ query: 'refund for the broken blender', topK: 10, threadId: source.threadId })
  for (let k = 0; k < 2; k++) {
    log = []
    await db.storage.searchText({ query: 'password reset', topK: 10, threadId: source.threadId })
    show('recall', performance.now())
    await db.storage.insertMessages([
      textMessage({ id: `req${k}`, threadId: 'requests', resourceId: source.resourceId, at: Date.UTC(2026, 0, 1) + k, text: 'where is my parcel' }),
    ])
    show('save', performance.now())
  }
  const embedder = lexicalEmbedder()
  const job = await db.indexJobs.enqueue({ resourceId: source.resourceId, threadId: source.threadId, model: embedder.id, reason: 'index' })
  const claimed = (await db.indexJobs.claim({ workerId: 'p', model: embedder.id, leaseMs: 60000 }))!
  let j = claimed
  for (let b = 0; b < 3; b++) {
    log = []
    const t0 = performance.now()
    const messages = await db.indexJobs.readBatch(j, 100)
    const t1 = performance.now()
    show(`readBatch ${b}`, t1)
    const emb = await embedder.embed(messages.map((m) => JSON.stringify(m.content)))
    const vectors = messages.map((m, i) => ({
      messageId: m.id,
      threadId: m.threadId,
      resourceId: m.resourceId,
      embedding: emb[i]!,
      model: embedder.id,
      dimensions: emb[i]!.length,
    }))
    const t2 = performance.now()
    const cursor = await db.indexJobs.writeBatch({
      jobId: j.id,
      workerId: 'p',
      leaseMs: 60000,
      last: messages.at(-1)!,
      processed: messages.length,
      vectors: vectors.slice(0, 100),
      failures: [],
    })
    const t3 = performance.now()
    if (b === 0) show('writeBatch', t3)
    console.log(`batch ${b}: read ${(t1 - t0).toFixed(1)} ms, write ${(t3 - t2).toFixed(1)} ms (${log!.length} statements)`)
    log = []
    j = { ...j, cursor }
  }
  void job
  void createIndexWorker
} finally {
  log = null
  await db.close()
  await rm(dir, { recursive: true, force: true })
}
