// The index worker against a misbehaving provider and a lopsided queue, on both
// databases: a loopback embeddings server that never answers a request holding
// 'HANG' and refuses one holding 'REJECT' (400, like an input over the token
// limit), and one resource's backlog ahead of another resource's job. Each test
// has its own model, so its worker only sees its own jobs. The test PostgreSQL
// has no pgvector: there the jobs that must write vectors carry messages with
// nothing to embed (see index-job-store.test.ts).
import { createIndexWorker, resolveEmbedder, resolveEmbeddingModel, type IndexJob, type StoredMessage } from '@threadline/engine'
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from '@threadline/engine/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, textMessage, waitFor } from '../testing/index.ts'

let server: FakeEmbeddingsServer
beforeAll(async () => {
  server = await startFakeEmbeddingsServer((text) => [text.length, 1, 0.5], {
    hangs: (input) => input.some((text) => text.includes('HANG')),
    rejects: (text) => text.includes('REJECT'),
  })
})
afterAll(() => server.close())

/** The AI SDK's OpenAI embedding model `modelId` at the loopback server: its jobs are those of 'openai/<modelId>'. */
const providerEmbedder = (modelId: string) =>
  resolveEmbedder(resolveEmbeddingModel(`openai:${modelId}`, { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.baseURL }))

describeEachDatabase('index worker faults', (getDb, kind) => {
  const withVectors = kind === 'pglite'

  /** A thread of `texts`; `null` is a message with nothing to embed (a step-start part). */
  async function seedThread(threadId: string, resourceId: string, texts: (string | null)[]): Promise<string[]> {
    const { storage } = getDb()
    await storage.createThread({ id: threadId, resourceId })
    const messages: StoredMessage[] = texts.map((text, i) => {
      const message = textMessage({ id: `${threadId}-m${i}`, threadId, resourceId, at: Date.UTC(2026, 0, 1, 0, i), text: text ?? '' })
      return text === null ? { ...message, content: { format: 2, parts: [{ type: 'step-start' }] } } : message
    })
    await storage.insertMessages(messages)
    return messages.map((m) => m.id)
  }

  it('claims fairly per resource: a job queued behind another resource backlog is claimed second', async () => {
    const { indexJobs } = getDb()
    const model = 'test/fair'
    const enqueue = (resourceId: string, i: number) => indexJobs.enqueue({ resourceId, model, reason: 'save', messageIds: [`${resourceId}-${i}`] })
    const jobs: IndexJob[] = []
    // one worker running one job at a time: claim, finish, claim
    for (let i = 0; i < 30; i++) jobs.push(await enqueue('fair-a', i))
    const b = await enqueue('fair-b', 0)
    const first = await indexJobs.claim({ workerId: 'solo', model, leaseMs: 60_000 })
    await indexJobs.finish({ jobId: first!.id, workerId: 'solo' })
    const second = await indexJobs.claim({ workerId: 'solo', model, leaseMs: 60_000 })
    expect([first?.id, second?.id]).toEqual([jobs[0]?.id, b.id])
    // workers claiming side by side: a resource with a job running waits behind one without
    for (let i = 0; i < 10; i++) jobs.push(await enqueue('par-a', i))
    const parB = await enqueue('par-b', 0)
    const claims = [await indexJobs.claim({ workerId: 'p1', model, leaseMs: 60_000 }), await indexJobs.claim({ workerId: 'p2', model, leaseMs: 60_000 })]
    expect(claims.map((job) => job?.resourceId)).toEqual(['par-a', 'par-b'])
    expect(claims[1]?.id).toBe(parB.id)
    for (const job of [...jobs, b, parB]) await indexJobs.cancel(job.id)
  })

  it('aborts a hanging embedding call at its deadline: the job is retried with backoff, then fails with the timeout', async () => {
    const { indexJobs } = getDb()
    const embedder = providerEmbedder('hanging')
    const ids = await seedThread('f-hang', 'f-r1', ['HANG here', 'and here'])
    const job = await indexJobs.enqueue({ resourceId: 'f-r1', threadId: 'f-hang', model: embedder.id, reason: 'save', messageIds: ids, maxAttempts: 2 })
    const worker = createIndexWorker({ jobs: indexJobs, embedder, workerId: 'hang', embedTimeoutMs: 300, backoff: { baseMs: 200, maxMs: 1_000 } })
    const timeout = 'EmbeddingTimeoutError: Embedder "openai/hanging": no answer within 300 ms: the call was aborted'
    const started = performance.now()
    expect(await worker.runOnce()).toBe(true)
    expect(performance.now() - started).toBeLessThan(3_000)
    const retried = (await indexJobs.get(job.id))!
    expect(retried).toMatchObject({ state: 'queued', attempts: 1, lastError: timeout, lockedBy: null, done: 0 })
    expect(retried.runAfter.getTime() - retried.updatedAt.getTime()).toBe(200)
    await waitFor(
      () => worker.runOnce(),
      (ran) => ran,
    )
    expect(await indexJobs.get(job.id)).toMatchObject({ state: 'failed', attempts: 2, lastError: timeout })
  })

  it("two hanging calls hold neither the worker nor another resource's job", async () => {
    const { indexJobs } = getDb()
    const embedder = providerEmbedder('hanging-pair')
    const hung = []
    for (const t of [0, 1]) {
      const ids = await seedThread(`f-stuck-${t}`, 'f-r2', [`HANG ${t}`])
      hung.push(await indexJobs.enqueue({ resourceId: 'f-r2', threadId: `f-stuck-${t}`, model: embedder.id, reason: 'save', messageIds: ids }))
    }
    const ids = await seedThread('f-other', 'f-r3', [withVectors ? 'an ordinary message' : null])
    const other = await indexJobs.enqueue({ resourceId: 'f-r3', threadId: 'f-other', model: embedder.id, reason: 'save', messageIds: ids })
    const worker = createIndexWorker({ jobs: indexJobs, embedder, workerId: 'pair', concurrency: 2, pollMs: 20, embedTimeoutMs: 400 })
    worker.start()
    try {
      await waitFor(
        () => indexJobs.get(other.id),
        (job) => job?.state === 'done',
      )
    } finally {
      await worker.stop()
    }
    for (const job of hung) expect((await indexJobs.get(job.id))?.lastError).toContain('no answer within 400 ms')
    for (const job of hung) await indexJobs.cancel(job.id)
  })

  it('appends each batch failures to its job', async () => {
    const { indexJobs } = getDb()
    const ids = await seedThread('f-append', 'f-r4', [null, null])
    const job = await indexJobs.enqueue({ resourceId: 'f-r4', threadId: 'f-append', model: 'test/append', reason: 'save', messageIds: ids })
    const claimed = (await indexJobs.claim({ workerId: 'w', model: 'test/append', leaseMs: 60_000 }))!
    const [first, second] = await indexJobs.readBatch(claimed, 2)
    const write = (last: StoredMessage, error: string) =>
      indexJobs.writeBatch({ jobId: job.id, workerId: 'w', leaseMs: 60_000, last, processed: 1, vectors: [], failures: [{ messageId: last.id, error }] })
    await write(first!, 'too long')
    await write(second!, 'malformed')
    expect((await indexJobs.get(job.id))?.failures).toEqual([
      { messageId: ids[0], error: 'too long' },
      { messageId: ids[1], error: 'malformed' },
    ])
  })

  it.runIf(withVectors)('fails a message the provider refuses alone: recorded on the job with its reason, its neighbours get vectors', async () => {
    const { indexJobs, prisma } = getDb()
    const embedder = providerEmbedder('picky')
    const ids = await seedThread('f-reject', 'f-r5', ['first', 'second', 'a REJECT one', 'fourth', 'fifth', null])
    const job = await indexJobs.enqueue({ resourceId: 'f-r5', threadId: 'f-reject', model: embedder.id, reason: 'save', messageIds: ids })
    const worker = createIndexWorker({ jobs: indexJobs, embedder, workerId: 'picky' })
    expect(await worker.runOnce()).toBe(true)
    expect(await indexJobs.get(job.id)).toMatchObject({
      state: 'done',
      done: 6,
      attempts: 1,
      lastError: null,
      failures: [{ messageId: ids[2], error: 'AI_APICallError: input[0] is not accepted' }],
    })
    const rows = await prisma.$queryRaw<{ message_id: string }[]>`
      SELECT message_id FROM message_embeddings WHERE resource_id = 'f-r5' AND model = ${embedder.id} ORDER BY message_id`
    expect(rows.map((row) => row.message_id)).toEqual([ids[0], ids[1], ids[3], ids[4]])
  })
})
