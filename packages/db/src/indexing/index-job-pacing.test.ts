// An index job on the embedded database (a PGlite data folder served on one
// connection, as the server opens it) lets requests in between its vectors:
// a save issued while a batch is written waits for one vector's transaction,
// not for the batch (issue 32). In-memory PGlite and PostgreSQL never queue a
// request behind the job (the one has no connection to wait for, the other a
// pool): index-job-store.test.ts covers the job itself on both.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createIndexWorker } from '@threadline/engine'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type Database } from '../open-database.ts'
import { textMessage } from '../testing/index.ts'
import { createIndexJobStore, oneSessionPacing } from './index-job-store.ts'

let folder = ''
let db: Database
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'threadline-pacing-'))
  db = await openDatabase(`file:${folder}`)
}, 60_000)
afterAll(async () => {
  await db.close()
  await rm(folder, { recursive: true, force: true })
})

it("lets a save issued while a batch is written go before the batch's next vector, not after the whole batch", async () => {
  const { storage, prisma } = db
  const at = (minute: number) => Date.UTC(2026, 0, 1, 0, minute)
  await storage.createThread({ id: 'indexed', resourceId: 'r' })
  await storage.createThread({ id: 'requests', resourceId: 'r' })
  const messages = Array.from({ length: 10 }, (_, i) => textMessage({ id: `m${i}`, threadId: 'indexed', resourceId: 'r', at: at(i), text: `text of m${i}` }))
  await storage.insertMessages(messages)
  const events: string[] = []
  let save: Promise<void> | undefined
  // the save is issued once the batch's first write transaction holds the connection, as a request arriving mid-job would be
  const watched = new Proxy(prisma, {
    get(target, key, receiver) {
      if (key !== '$transaction') return Reflect.get(target, key, receiver) as unknown
      return (write: (tx: unknown) => Promise<unknown>) =>
        target.$transaction(async (tx) => {
          save ??= storage
            .insertMessages([textMessage({ id: 'request', threadId: 'requests', resourceId: 'r', at: at(60), text: 'where is my parcel' })])
            .then(() => {
              events.push('save')
            })
          return write(tx)
        })
    },
  })
  const indexJobs = createIndexJobStore(watched, oneSessionPacing)
  const embedder = { id: 'test/pacing', dimensions: 3, embed: (texts: string[]) => Promise.resolve(texts.map((text) => [text.length, 1, 0.5])) }
  const job = await indexJobs.enqueue({ resourceId: 'r', threadId: 'indexed', model: embedder.id, reason: 'save', messageIds: messages.map((m) => m.id) })
  const jobs = {
    ...indexJobs,
    writeBatch: async (batch: Parameters<typeof indexJobs.writeBatch>[0]) => {
      const cursor = await indexJobs.writeBatch(batch)
      events.push('batch written')
      return cursor
    },
  }
  const worker = createIndexWorker({ jobs, embedder, workerId: 'pacing', batchSize: 10, leaseMs: 60_000 })
  expect(await worker.runOnce()).toBe(true)
  await save
  expect(await indexJobs.get(job.id)).toMatchObject({ state: 'done', done: 10 })
  expect(
    await db.vector.listVectorMessageIds(
      messages.map((m) => m.id),
      embedder.id,
    ),
  ).toHaveLength(10)
  // one vector per transaction: the save went after the first (with 10 per transaction it waited for the whole batch)
  expect(events).toEqual(['save', 'batch written'])
}, 60_000)
