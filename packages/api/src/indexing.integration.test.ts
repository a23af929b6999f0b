// "Index all" over real HTTP with an embedding model (the real @ai-sdk/openai
// against a loopback /embeddings server): a resource's seeded messages are
// embedded by the server's background worker, with progress; jobs are scoped
// by resource for tokens; a queued job can be cancelled. On the test
// PostgreSQL server (no pgvector) there is nothing to index: PRECONDITION_FAILED.
import { startFakeEmbeddingsServer } from '@threadline/engine/testing'
import { afterAll, expect, it } from 'vitest'
import { failureOf } from './testing/errors.ts'
import { describeEachApi } from './testing/each-database.ts'

const embeddings = await startFakeEmbeddingsServer((text) => [text.length, text.split(' ').length, 1])
afterAll(() => embeddings.close())

describeEachApi(
  'indexing',
  (getApi, kind) => {
    it.runIf(kind === 'pglite')('indexes a whole resource in the background, with progress, and then nothing is left unindexed', async () => {
      const api = getApi()
      const before = await api.operator.indexing.status.query({ resourceId: 'initech-ops' })
      expect(before).toMatchObject({ model: 'openai/text-embedding-3-small', vectorsAvailable: true })
      expect(before.unindexed).toBeGreaterThan(0)
      expect(before.unindexed).toBe(before.messages)
      const started = await api.operator.indexing.start.mutate({ resourceId: 'initech-ops' })
      expect(started).toMatchObject({ resourceId: 'initech-ops', threadId: null, reason: 'index', total: before.unindexed })
      const deadline = Date.now() + 30_000
      let job = started
      while (job.state !== 'done') {
        if (Date.now() > deadline) throw new Error(`the index job did not finish: ${JSON.stringify(job)}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
        job = await api.operator.indexing.job.query({ jobId: started.id })
      }
      expect(job.progress).toMatchObject({ done: before.unindexed, total: before.unindexed, fraction: 1, etaSeconds: null })
      expect(job.progress.perSecond).toBeGreaterThan(0)
      const after = await api.operator.indexing.status.query({ resourceId: 'initech-ops' })
      expect(after).toMatchObject({ unindexed: 0, job: { id: started.id, state: 'done' } })
      // a thread of that resource is indexed too
      const thread = (await api.operator.threads.list.query({ resourceId: 'initech-ops' })).items[0]!
      expect(await api.operator.indexing.status.query({ threadId: thread.id })).toMatchObject({ unindexed: 0 })
    })

    it.runIf(kind === 'pglite')("scopes jobs by resource: a token sees and touches only its resources' jobs", async () => {
      const api = getApi()
      const acme = await api.operator.indexing.start.mutate({ resourceId: 'acme-support' })
      const token = await api.tokenClient({ resourceIds: ['globex-research'], canWrite: true })
      expect((await token.indexing.list.query({})).items.every((job) => job.resourceId === 'globex-research')).toBe(true)
      expect(await failureOf(token.indexing.job.query({ jobId: acme.id }))).toMatchObject({ code: 'NOT_FOUND' })
      expect(await failureOf(token.indexing.cancel.mutate({ jobId: acme.id }))).toMatchObject({ code: 'NOT_FOUND' })
      expect(await failureOf(token.indexing.start.mutate({ resourceId: 'acme-support' }))).toMatchObject({ code: 'FORBIDDEN' })
      expect(await failureOf(token.indexing.list.query({ resourceId: 'acme-support' }))).toMatchObject({ code: 'FORBIDDEN' })
      const own = await token.indexing.start.mutate({ resourceId: 'globex-research' })
      expect((await token.indexing.list.query({})).items.map((job) => job.id)).toContain(own.id)
      expect((await api.operator.indexing.list.query({})).items.map((job) => job.id)).toEqual(expect.arrayContaining([acme.id, own.id]))
      const readOnly = await api.tokenClient({ resourceIds: ['globex-research'], canWrite: false })
      expect(await failureOf(readOnly.indexing.cancel.mutate({ jobId: own.id }))).toMatchObject({ code: 'FORBIDDEN' })
    })

    it.runIf(kind === 'pglite')('cancels a queued job: no worker runs it', async () => {
      const api = getApi()
      await api.services.indexWorker!.stop() // this instance's worker: the job stays queued
      const thread = (await api.operator.threads.list.query({ resourceId: 'globex-research' })).items[0]!
      const job = await api.operator.indexing.start.mutate({ threadId: thread.id })
      expect(job.state).toBe('queued')
      expect(await api.operator.indexing.cancel.mutate({ jobId: job.id })).toMatchObject({ state: 'cancelled' })
      expect((await api.operator.indexing.list.query({ state: 'cancelled' })).items.map((item) => item.id)).toContain(job.id)
      expect(await failureOf(api.operator.indexing.job.query({ jobId: 'no-such-job' }))).toMatchObject({ code: 'NOT_FOUND' })
    })

    it.runIf(kind === 'postgres')('has nothing to index without pgvector', async () => {
      const api = getApi()
      expect(await api.operator.indexing.status.query({ resourceId: 'acme-support' })).toMatchObject({
        model: null,
        vectorsAvailable: false,
        unindexed: 0,
        job: null,
      })
      expect(await failureOf(api.operator.indexing.start.mutate({ resourceId: 'acme-support' }))).toMatchObject({ code: 'PRECONDITION_FAILED' })
    })
  },
  { THREADLINE_EMBEDDING_MODEL: 'openai:text-embedding-3-small', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: embeddings.baseURL },
)
