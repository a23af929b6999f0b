// THREADLINE_EMBEDDING_MODEL over real HTTP: the server embeds with the named
// AI SDK model (the real @ai-sdk/openai against a loopback /embeddings server),
// in a background index job queued by the save, and recall is hybrid where
// pgvector is (PGlite); on the test PostgreSQL server (no pgvector) the model is
// left unused, no job is queued and recall stays full-text.
import { demoThreads } from '@threadline/db/seed'
import { startFakeEmbeddingsServer } from '@threadline/engine/testing'
import { afterAll, expect, it } from 'vitest'
import { describeEachApi } from './testing/each-database.ts'

// a vector of the text's letters a..z, so related texts are near each other
const embeddings = await startFakeEmbeddingsServer((text) =>
  Array.from({ length: 26 }, (_, i) => text.toLowerCase().split(String.fromCharCode(97 + i)).length - 1),
)
afterAll(() => embeddings.close())

const thread = demoThreads.find((seed) => seed.thread.id === 'acme-delivery-storm')!.thread

describeEachApi(
  'THREADLINE_EMBEDDING_MODEL',
  (getApi, kind) => {
    it(
      kind === 'pglite'
        ? 'embeds saved messages with the model in a background job, then recalls them by vector and in hybrid mode'
        : 'leaves the model unused without pgvector: full-text recall',
      async () => {
        const api = getApi()
        embeddings.requests.length = 0
        const message = {
          id: 'embedding-model-m1',
          threadId: thread.id,
          resourceId: thread.resourceId,
          role: 'user' as const,
          type: 'v2' as const,
          createdAt: new Date('2026-11-18T18:00:00Z'),
          content: { format: 2 as const, parts: [{ type: 'text' as const, text: 'Is the parcel still held at the facility?' }] },
        }
        await api.operator.messages.save.mutate({ messages: [message] })
        const jobs = await api.operator.indexing.list.query({ resourceId: thread.resourceId })
        if (kind === 'pglite') {
          // the save queued a job for its message; the server's worker runs it
          const job = jobs.items.find((item) => item.reason === 'save' && item.messageIds.includes(message.id))!
          expect(job).toMatchObject({ threadId: thread.id, model: 'openai/text-embedding-3-small', total: 1 })
          const deadline = Date.now() + 20_000
          while ((await api.operator.indexing.job.query({ jobId: job.id })).state !== 'done') {
            if (Date.now() > deadline) throw new Error('the index job did not finish')
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
          expect(await api.operator.indexing.job.query({ jobId: job.id })).toMatchObject({ done: 1, attempts: 1, lastError: null })
          // semantic recall alone finds it: the vector was written by the job
          const vector = await api.operator.recall.search.query({ threadId: thread.id, query: 'parcel held at the facility', topK: 3, mode: 'vector' })
          expect(vector.results.map((hit) => hit.message.id)).toContain(message.id)
        } else {
          expect(jobs.items).toEqual([])
        }
        const status = await api.operator.recall.status.query({ threadId: thread.id })
        // health tells the same truth: hybrid only where the model is in use (issue 30)
        expect((await api.anonymous().health.check.query()).recall).toEqual(
          kind === 'pglite' ? { mode: 'hybrid', embedder: 'openai/text-embedding-3-small', pgvector: true } : { mode: 'text', embedder: null, pgvector: false },
        )
        const search = await api.operator.recall.search.query({ threadId: thread.id, query: 'parcel held at the facility', topK: 3 })
        if (kind === 'pglite') {
          expect(status).toMatchObject({ mode: 'hybrid', model: 'openai/text-embedding-3-small', vectorsAvailable: true })
          expect(embeddings.requests.map((request) => request.model)).toContain('text-embedding-3-small')
          expect(embeddings.requests.flatMap((request) => request.input)).toContain('Is the parcel still held at the facility?')
          expect(search.mode).toBe('hybrid')
        } else {
          expect(status).toMatchObject({ mode: 'text', model: null, vectorsAvailable: false })
          expect(embeddings.requests).toEqual([])
          expect(search.mode).toBe('text')
        }
        expect(search.results[0]!.message.id).toBe(message.id)
      },
    )
  },
  { THREADLINE_EMBEDDING_MODEL: 'openai:text-embedding-3-small', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: embeddings.baseURL },
)
