// An index job on the embedded database (a PGlite data folder served on one
// connection, as the server opens it) lets requests in between its vectors
// (issue 32): each vector's write is ONE statement, so a save issued while
// one is written waits for that statement alone, and a request of several
// statements in a row has no statement of the job between its own (the job
// yields to requests: embedded/requests-first.ts). In-memory PGlite and
// PostgreSQL never queue a request behind the job (the one has no connection
// to wait for, the other a pool): index-job-store.test.ts covers the job
// itself on both.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createIndexWorker, type StoredMessage } from '@threadline/engine'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type Database } from '../open-database.ts'
import { textMessage } from '../testing/index.ts'

/** Every statement sent, in order; `whenSent` runs a request as the first statement matching it goes out. */
const sent: string[] = []
let whenSent: { match: (sql: string) => boolean; request: () => Promise<unknown>; issuedAt?: number; done?: Promise<unknown> } | undefined

let folder = ''
let db: Database
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'threadline-pacing-'))
  db = await openDatabase(`file:${folder}`, {
    onQuery: (sql) => {
      sent.push(sql)
      if (whenSent === undefined || whenSent.done !== undefined || !whenSent.match(sql)) return
      // called as the statement goes out: the request waits for the connection as one arriving mid-job would
      whenSent.issuedAt = sent.length
      whenSent.done = whenSent.request()
    },
  })
  await db.storage.createThread({ id: 'requests', resourceId: 'r' })
}, 60_000)
afterAll(async () => {
  await db.close()
  await rm(folder, { recursive: true, force: true })
})

const at = (minute: number) => Date.UTC(2026, 0, 1, 0, minute)
/** A statement of the index job's batch writes and reads: the job row, the vectors, the walk over messages without vectors. */
const isJobStatement = (sql: string) => /index_jobs|message_embeddings/.test(sql)
const embedder = { id: 'test/pacing', dimensions: 3, embed: (texts: string[]) => Promise.resolve(texts.map((text) => [text.length, 1, 0.5])) }

/** Runs an index job over `count` new messages of `threadId` while `whenSent` fires; the job's messages. */
async function runJob(threadId: string, count: number): Promise<StoredMessage[]> {
  await db.storage.createThread({ id: threadId, resourceId: 'r' })
  const messages = Array.from({ length: count }, (_, i) =>
    textMessage({ id: `${threadId}-m${i}`, threadId, resourceId: 'r', at: at(i), text: `text of m${i}` }),
  )
  await db.storage.insertMessages(messages)
  const job = await db.indexJobs.enqueue({ resourceId: 'r', threadId, model: embedder.id, reason: 'save', messageIds: messages.map((m) => m.id) })
  const worker = createIndexWorker({ jobs: db.indexJobs, embedder, workerId: `pacing-${threadId}`, batchSize: count, leaseMs: 60_000 })
  expect(await worker.runOnce()).toBe(true)
  await whenSent?.done
  expect(await db.indexJobs.get(job.id)).toMatchObject({ state: 'done', done: count })
  const indexed = await db.vector.listVectorMessageIds(
    messages.map((m) => m.id),
    embedder.id,
  )
  expect(indexed.sort()).toEqual(messages.map((m) => m.id).sort())
  return messages
}

it("sends a save issued while a vector is written right after that one statement: a vector's write is one statement", async () => {
  sent.length = 0
  let saved = 0
  whenSent = {
    // the first vector's write (its fence: the job row locked)
    match: (sql) => sql.includes("state = 'running' FOR UPDATE"),
    request: () =>
      db.storage.insertMessages([textMessage({ id: `save-${saved++}`, threadId: 'requests', resourceId: 'r', at: at(60), text: 'where is my parcel' })]),
  }
  await runJob('one-statement', 10)
  const issuedAt = whenSent.issuedAt ?? -1
  const saveInsert = sent.findIndex((sql, index) => index >= issuedAt && sql.includes('INSERT INTO messages'))
  expect(issuedAt).toBeGreaterThan(0)
  expect(saveInsert).toBeGreaterThan(issuedAt)
  // with a transaction per vector the save waited for its four statements after the fence (ids present, existence, insert, COMMIT)
  expect(sent.slice(issuedAt, saveInsert).filter(isJobStatement)).toEqual([])
  expect(saved).toBe(1)
}, 60_000)

it('lets a request of several statements in a row through with no statement of the job between them', async () => {
  sent.length = 0
  whenSent = {
    match: (sql) => sql.includes('message_embeddings'),
    request: async () => {
      for (let step = 0; step < 5; step++) await db.prisma.$queryRaw`SELECT ${step}::int AS request_step`
    },
  }
  await runJob('requests-first', 10)
  const steps = sent.flatMap((sql, index) => (sql.includes('request_step') ? [index] : []))
  expect(steps).toHaveLength(5)
  const [first = 0, last = 0] = [steps[0], steps.at(-1)]
  // first come, first served, the job's next statement went between every two of the request's
  expect(sent.slice(first, last).filter(isJobStatement)).toEqual([])
}, 60_000)
