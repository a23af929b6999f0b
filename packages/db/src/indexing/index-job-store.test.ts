// The index-job queue on both databases: SKIP LOCKED claims, two workers each
// running every job exactly once, a dead worker's job reclaimed after its lease
// (not redone), retries with exponential backoff until the failure is recorded,
// and cancel. The test PostgreSQL has no pgvector: there the messages have
// nothing to embed (a step-start part), so batches carry no vectors and the
// queue's claims, leases, fences and retries are what is tested; PGlite also
// checks the vectors written and the embedder's calls.
import { createIndexWorker, IndexJobLeaseLostError, type Embedder, type IndexJob, type StoredMessage } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase, textMessage, waitFor } from '../testing/index.ts'
import { Prisma, type PrismaClient } from '../generated/prisma/client.ts'
import { createIndexJobStore, oneSessionPacing } from './index-job-store.ts'

/** Records every text it embeds; `failWith` makes each call throw. */
function countingEmbedder(failWith?: string): Embedder & { texts: string[] } {
  const texts: string[] = []
  return {
    id: 'test/queue-embedder',
    dimensions: 3,
    texts,
    async embed(values) {
      if (failWith !== undefined) throw new Error(failWith)
      texts.push(...values)
      return values.map((value) => [value.length, 1, 0.5])
    },
  }
}

type PlanNode = { 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] }

/** Rows a plan's scans of `messages` went through: returned and filtered out, over every loop. */
function messageRowsScanned(node: PlanNode): number {
  const own = node['Relation Name'] === 'messages' ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1) : 0
  return own + (node.Plans ?? []).reduce((sum, child) => sum + messageRowsScanned(child), 0)
}

/** `prisma` whose raw queries (in its transactions too) are first run with EXPLAIN ANALYZE: reads only, as each runs twice. */
function explainingReads(prisma: PrismaClient, scanned: number[]): PrismaClient {
  const handler: ProxyHandler<PrismaClient | Prisma.TransactionClient> = {
    get(target, key, receiver) {
      if (key === '$transaction') {
        return (run: (tx: Prisma.TransactionClient) => Promise<unknown>) => (target as PrismaClient).$transaction((tx) => run(new Proxy(tx, handler)))
      }
      if (key !== '$queryRaw') return Reflect.get(target, key, receiver) as unknown
      return async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
        const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values)
        const [explained] = await target.$queryRaw<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`
        scanned.push(messageRowsScanned(explained!['QUERY PLAN'][0].Plan))
        return target.$queryRaw(sql)
      }
    },
  }
  return new Proxy(prisma, handler) as PrismaClient
}

describeEachDatabase('index jobs', (getDb, kind) => {
  const withText = kind === 'pglite'
  const message = (id: string, threadId: string, resourceId: string, at: number): StoredMessage =>
    withText
      ? textMessage({ id, threadId, resourceId, at, text: `text of ${id}` })
      : { ...textMessage({ id, threadId, resourceId, at }), content: { format: 2, parts: [{ type: 'step-start' }] } }

  async function seedThread(threadId: string, resourceId: string, count: number): Promise<string[]> {
    const { storage } = getDb()
    await storage.createThread({ id: threadId, resourceId })
    const messages = Array.from({ length: count }, (_, i) => message(`${threadId}-m${i}`, threadId, resourceId, Date.UTC(2026, 0, 1, 0, i)))
    await storage.insertMessages(messages)
    return messages.map((m) => m.id)
  }

  const enqueueSaved = (resourceId: string, threadId: string, messageIds: string[], maxAttempts?: number) =>
    getDb().indexJobs.enqueue({ resourceId, threadId, model: 'test/queue-embedder', reason: 'save', messageIds, ...(maxAttempts ? { maxAttempts } : {}) })

  it('claims each job once when claims race, oldest first, and only jobs of the worker model', async () => {
    const { indexJobs } = getDb()
    const ids = await seedThread('q-claim', 'q-r1', 3)
    const jobs = []
    for (const id of ids) jobs.push(await enqueueSaved('q-r1', 'q-claim', [id]))
    await indexJobs.enqueue({ resourceId: 'q-r1', threadId: 'q-claim', model: 'other/model', reason: 'save', messageIds: [ids[0] ?? ''] })
    const claims = await Promise.all(Array.from({ length: 5 }, (_, i) => indexJobs.claim({ workerId: `w${i}`, model: 'test/queue-embedder', leaseMs: 60_000 })))
    const claimed = claims.filter((job): job is IndexJob => job !== null)
    expect(claimed.map((job) => job.id).sort()).toEqual(jobs.map((job) => job.id).sort())
    expect(claimed.every((job) => job.state === 'running' && job.attempts === 1 && job.leaseExpiresAt !== null)).toBe(true)
    for (const job of claimed) await indexJobs.cancel(job.id)
  })

  it.runIf(kind === 'postgres')('skips a job row another session holds locked instead of waiting for it', async () => {
    const { indexJobs, prisma } = getDb()
    const ids = await seedThread('q-skip', 'q-r2', 2)
    const first = await enqueueSaved('q-r2', 'q-skip', [ids[0] ?? ''])
    const second = await enqueueSaved('q-r2', 'q-skip', [ids[1] ?? ''])
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked = () => {}
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const holder = prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM index_jobs WHERE id = ${first.id} FOR UPDATE`
      locked()
      await held
    })
    await isLocked
    const started = Date.now()
    const claimed = await indexJobs.claim({ workerId: 'skipper', model: 'test/queue-embedder', leaseMs: 60_000 })
    expect(claimed?.id).toBe(second.id)
    expect(Date.now() - started).toBeLessThan(5_000)
    release()
    await holder
    await indexJobs.cancel(first.id)
    await indexJobs.cancel(second.id)
  })

  it('two workers with two loops each run every job exactly once', async () => {
    const { indexJobs, prisma } = getDb()
    const jobs: IndexJob[] = []
    for (let t = 0; t < 6; t++) {
      const ids = await seedThread(`q-two-${t}`, 'q-r3', 7)
      jobs.push(await enqueueSaved('q-r3', `q-two-${t}`, ids))
    }
    const embedders = [countingEmbedder(), countingEmbedder()]
    const writes: string[] = []
    const workers = embedders.map((embedder, i) =>
      createIndexWorker({
        // every written batch, by the worker that wrote it
        jobs: { ...indexJobs, writeBatch: async (batch) => (writes.push(`${batch.jobId}:${batch.last.id}`), await indexJobs.writeBatch(batch)) },
        embedder,
        workerId: `pair-${i}`,
        concurrency: 2,
        batchSize: 3,
        pollMs: 20,
      }),
    )
    for (const worker of workers) worker.start()
    const finished = await waitFor(
      () => Promise.all(jobs.map((job) => indexJobs.get(job.id))),
      (all) => all.every((job) => job?.state === 'done'),
    )
    await Promise.all(workers.map((worker) => worker.stop()))
    // 7 messages in batches of 3: 3 writes a job, none twice, each job claimed once
    expect(new Set(writes).size).toBe(writes.length)
    expect(writes).toHaveLength(18)
    for (const job of finished) expect(job).toMatchObject({ done: 7, total: 7, attempts: 1, lastError: null, lockedBy: null })
    if (withText) {
      const texts = embedders.flatMap((embedder) => embedder.texts)
      expect(texts).toHaveLength(42)
      expect(new Set(texts).size).toBe(42)
      const [row] = await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM message_embeddings WHERE resource_id = 'q-r3'`
      expect(row?.n).toBe(42)
    }
  })

  it("reclaims a dead worker's job after its lease, goes on after its last batch, and fences the late writer out", async () => {
    const { indexJobs } = getDb()
    const ids = await seedThread('q-dead', 'q-r4', 6)
    const job = await enqueueSaved('q-r4', 'q-dead', ids)
    // worker A claims with a short lease, writes one batch of 3, then dies
    const leaseMs = 600
    const claimedByA = await indexJobs.claim({ workerId: 'dead-a', model: 'test/queue-embedder', leaseMs })
    expect(claimedByA?.id).toBe(job.id)
    const batch = await indexJobs.readBatch(claimedByA!, 3)
    const last = batch.at(-1)!
    await indexJobs.writeBatch({ jobId: job.id, workerId: 'dead-a', leaseMs, last, processed: 3, vectors: [], failures: [] })
    const embedder = countingEmbedder()
    const b = createIndexWorker({ jobs: indexJobs, embedder, workerId: 'alive-b', batchSize: 3, leaseMs: 60_000 })
    expect(await b.runOnce()).toBe(false) // A's lease still holds
    await new Promise((resolve) => setTimeout(resolve, leaseMs + 100))
    expect(await b.runOnce()).toBe(true)
    const after = await indexJobs.get(job.id)
    expect(after).toMatchObject({ state: 'done', done: 6, attempts: 2 })
    // B went on after A's batch: the first three were not embedded again
    if (withText) expect(embedder.texts).toEqual(['text of q-dead-m3', 'text of q-dead-m4', 'text of q-dead-m5'])
    // A wakes up late: its write is refused and changes nothing
    await expect(indexJobs.writeBatch({ jobId: job.id, workerId: 'dead-a', leaseMs, last, processed: 3, vectors: [], failures: [] })).rejects.toSatisfy(
      (error) => IndexJobLeaseLostError.isInstance(error),
    )
    expect((await indexJobs.get(job.id))?.done).toBe(6)
  })

  it('writes a batch a few vectors per statement (one session: PGlite), all of them, skips a message deleted meanwhile, and fences a late writer out', async () => {
    const { prisma, vector, storage } = getDb()
    const indexJobs = createIndexJobStore(prisma, { vectorsPerTransaction: 2 })
    const ids = await seedThread('q-chunks', 'q-r-chunks', 7)
    const job = await enqueueSaved('q-r-chunks', 'q-chunks', ids)
    const worker = createIndexWorker({ jobs: indexJobs, embedder: countingEmbedder(), workerId: 'chunked', batchSize: 5, leaseMs: 60_000 })
    expect(await worker.runOnce()).toBe(true)
    expect(await indexJobs.get(job.id)).toMatchObject({ state: 'done', done: 7 })
    if (withText) expect(new Set(await vector.listVectorMessageIds(ids, 'test/queue-embedder'))).toEqual(new Set(ids))
    const late = { jobId: job.id, workerId: 'chunked', leaseMs: 60_000, processed: 1, failures: [] }
    const embedding = { threadId: 'q-chunks', resourceId: 'q-r-chunks', embedding: [1, 1, 1], model: 'test/queue-embedder', dimensions: 3 }
    const vectors = ids.slice(0, 5).map((messageId) => ({ ...embedding, messageId }))
    const [last] = await indexJobs.readBatch({ ...job, cursor: null }, 1)
    await expect(indexJobs.writeBatch({ ...late, last: last!, vectors: withText ? vectors : [] })).rejects.toSatisfy((error) =>
      IndexJobLeaseLostError.isInstance(error),
    )
    if (!withText) return
    // a late writer writes nothing: new messages stay without vectors
    const fresh = await seedThread('q-chunks-late', 'q-r-chunks', 3)
    const freshVectors = fresh.map((messageId) => ({ ...embedding, threadId: 'q-chunks-late', messageId }))
    await expect(indexJobs.writeBatch({ ...late, last: last!, vectors: freshVectors })).rejects.toSatisfy((error) => IndexJobLeaseLostError.isInstance(error))
    expect(await vector.listVectorMessageIds(fresh, 'test/queue-embedder')).toEqual([])
    // the lease holder's batch with a message deleted since it was read: the others get their vectors
    const next = await enqueueSaved('q-r-chunks', 'q-chunks-late', fresh)
    expect((await indexJobs.claim({ workerId: 'chunked', model: 'test/queue-embedder', leaseMs: 60_000 }))?.id).toBe(next.id)
    await storage.deleteMessages({ messageIds: [fresh[1]!] })
    await indexJobs.writeBatch({ ...late, jobId: next.id, last: last!, processed: 3, vectors: freshVectors })
    expect((await vector.listVectorMessageIds(fresh, 'test/queue-embedder')).sort()).toEqual([fresh[0], fresh[2]].sort())
    expect(await indexJobs.get(next.id)).toMatchObject({ done: 3 })
  })

  it('retries a failing job with exponential backoff, then records it as failed with the last error', async () => {
    const { indexJobs } = getDb()
    const ids = await seedThread('q-fail', 'q-r5', 2)
    // the embedder fails before anything is written, so real text works on both databases
    await getDb().storage.upsertMessages(ids.map((id, i) => textMessage({ id, threadId: 'q-fail', resourceId: 'q-r5', at: Date.UTC(2026, 0, 1, 0, i) })))
    const job = await enqueueSaved('q-r5', 'q-fail', ids, 3)
    const worker = createIndexWorker({
      jobs: indexJobs,
      embedder: countingEmbedder('provider down'),
      workerId: 'failing',
      backoff: { baseMs: 300, maxMs: 10_000 },
    })
    const delays: number[] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = await waitFor(
        () => worker.runOnce(),
        (ran) => ran,
      )
      expect(before).toBe(true)
      const state = (await indexJobs.get(job.id))!
      expect(state.attempts).toBe(attempt)
      expect(state.lastError).toBe('Error: provider down')
      if (attempt < 3) {
        expect(state.state).toBe('queued')
        delays.push(state.runAfter.getTime() - state.updatedAt.getTime())
        expect(await worker.runOnce()).toBe(false) // not due yet
      } else {
        expect(state).toMatchObject({ state: 'failed', lockedBy: null })
        expect(state.finishedAt).not.toBeNull()
      }
    }
    expect(delays).toEqual([300, 600])
    expect(await worker.runOnce()).toBe(false)
  })

  it('cancels a queued job (never claimed) and a running one (its next batch is refused)', async () => {
    const { indexJobs } = getDb()
    const ids = await seedThread('q-cancel', 'q-r6', 4)
    const queued = await enqueueSaved('q-r6', 'q-cancel', ids.slice(0, 2))
    expect(await indexJobs.cancel(queued.id)).toMatchObject({ state: 'cancelled' })
    const running = await enqueueSaved('q-r6', 'q-cancel', ids.slice(2))
    const claimed = (await indexJobs.claim({ workerId: 'c', model: 'test/queue-embedder', leaseMs: 60_000 }))!
    expect(claimed.id).toBe(running.id)
    expect(await indexJobs.cancel(running.id)).toMatchObject({ state: 'cancelled', lockedBy: null })
    const [first] = await indexJobs.readBatch(claimed, 1)
    await expect(
      indexJobs.writeBatch({ jobId: running.id, workerId: 'c', leaseMs: 60_000, last: first!, processed: 1, vectors: [], failures: [] }),
    ).rejects.toSatisfy((error) => IndexJobLeaseLostError.isInstance(error))
    expect(await indexJobs.get(running.id)).toMatchObject({ state: 'cancelled', done: 0 })
    expect(await indexJobs.cancel('no-such-job')).toBeNull()
  })

  // PostgreSQL keeps statistics (autovacuum) and plans this walk itself; the test server has no pgvector to index with
  it.runIf(withText)("reads an 'index all' batch of a branch by walking the index from the cursor, not every message left, in order and once", async () => {
    const { storage, indexJobs, prisma } = getDb()
    const at = (i: number) => Date.UTC(2026, 0, 1) + i * 1000
    await storage.createThread({ id: 'q-walk', resourceId: 'q-r8' })
    await storage.insertMessages(Array.from({ length: 600 }, (_, i) => message(`q-walk-m${String(i).padStart(3, '0')}`, 'q-walk', 'q-r8', at(i))))
    await storage.createBranch({
      id: 'q-walk-b',
      sourceThreadId: 'q-walk',
      branchPointMessageId: 'q-walk-m299',
      title: null,
      metadata: {},
      branchedAt: new Date(at(700)),
    })
    await storage.insertMessages(Array.from({ length: 400 }, (_, i) => message(`q-walk-b${String(i).padStart(3, '0')}`, 'q-walk-b', 'q-r8', at(300 + i))))
    const effective = [
      ...Array.from({ length: 300 }, (_, i) => `q-walk-m${String(i).padStart(3, '0')}`),
      ...Array.from({ length: 400 }, (_, i) => `q-walk-b${String(i).padStart(3, '0')}`),
    ]
    const job = await indexJobs.enqueue({ resourceId: 'q-r8', threadId: 'q-walk-b', model: 'test/queue-embedder', reason: 'index' })
    expect(job.total).toBe(700)
    const claimed = (await indexJobs.claim({ workerId: 'walker', model: 'test/queue-embedder', leaseMs: 60_000 }))!
    const scanned: number[] = []
    const explained = createIndexJobStore(explainingReads(prisma, scanned), oneSessionPacing)
    const read: string[] = []
    let cursor = claimed.cursor
    for (;;) {
      const batch = await explained.readBatch({ ...claimed, cursor }, 50)
      const last = batch.at(-1)
      if (last === undefined) break
      read.push(...batch.map((m) => m.id))
      cursor = await indexJobs.writeBatch({ jobId: job.id, workerId: 'walker', leaseMs: 60_000, last, processed: batch.length, vectors: [], failures: [] })
    }
    expect(read).toEqual(effective)
    // planned without statistics as a join over the levels, each batch went through every message left (~700 at first)
    expect(Math.max(...scanned)).toBeLessThanOrEqual(2 * 50)
    await indexJobs.cancel(job.id)
  })

  it.runIf(withText)('indexes a whole resource once, and asking again while it runs returns the same job', async () => {
    const { indexJobs } = getDb()
    await seedThread('q-all-1', 'q-r7', 5)
    await seedThread('q-all-2', 'q-r7', 4)
    const job = await indexJobs.enqueue({ resourceId: 'q-r7', model: 'test/queue-embedder', reason: 'index' })
    expect(job.total).toBe(9)
    expect((await indexJobs.enqueue({ resourceId: 'q-r7', model: 'test/queue-embedder', reason: 'index' })).id).toBe(job.id)
    expect(await indexJobs.countUnindexed({ resourceId: 'q-r7' }, 'test/queue-embedder')).toEqual({ messages: 9, unindexed: 9 })
    const worker = createIndexWorker({ jobs: indexJobs, embedder: countingEmbedder(), workerId: 'all', batchSize: 4 })
    while (await worker.runOnce());
    expect(await indexJobs.get(job.id)).toMatchObject({ state: 'done', done: 9 })
    expect(await indexJobs.countUnindexed({ resourceId: 'q-r7' }, 'test/queue-embedder')).toEqual({ messages: 9, unindexed: 0 })
    expect(await indexJobs.countUnindexed({ resourceId: 'q-r7', threadId: 'q-all-2' }, 'test/queue-embedder')).toEqual({ messages: 4, unindexed: 0 })
    expect((await indexJobs.latest({ resourceId: 'q-r7' }, 'test/queue-embedder'))?.id).toBe(job.id)
  })
})
