// THREADLINE_EMBEDDING_MODEL=local:universal-sentence-encoder-lite over real
// HTTP: the server embeds saved messages in-process with the offline model and
// finds a message by meaning alone (vector mode, no shared word) where pgvector
// is (PGlite); on the test PostgreSQL server (no pgvector) the model is left
// unused and recall stays full-text.
import { expect, it } from 'vitest'
import { describeEachApi } from './testing/each-database.ts'

const resourceId = 'local-embedder-user'
const threadId = 'local-embedder-thread'
const texts = [
  'The connection pool on the primary database is exhausted again.',
  'Remind me to buy flowers for my sister on Friday.',
  'Your plane to Portugal departs at 7:40 on Tuesday.',
]

describeEachApi(
  'THREADLINE_EMBEDDING_MODEL=local:universal-sentence-encoder-lite',
  (getApi, kind) => {
    it(kind === 'pglite' ? 'embeds in-process and finds a message by meaning' : 'leaves the model unused without pgvector: full-text recall', async () => {
      const api = getApi()
      await api.operator.threads.create.mutate({ threadId, resourceId, title: 'Local embedder' })
      await api.operator.messages.save.mutate({
        messages: texts.map((text, i) => ({
          id: `local-embedder-m${i}`,
          threadId,
          resourceId,
          role: 'user' as const,
          type: 'v2' as const,
          createdAt: new Date(Date.UTC(2026, 10, 18, 18, i)),
          content: { format: 2 as const, parts: [{ type: 'text' as const, text }] },
        })),
      })
      const status = await api.operator.recall.status.query({ threadId })
      if (kind === 'pglite') {
        expect(status).toMatchObject({ mode: 'hybrid', model: 'local/universal-sentence-encoder-lite', vectorsAvailable: true })
        const byMeaning = await api.operator.recall.search.query({ threadId, query: 'When does my flight to Lisbon leave?', topK: 1, mode: 'vector' })
        expect(byMeaning.results.map((hit) => hit.message.id)).toEqual(['local-embedder-m2'])
        const hybrid = await api.operator.recall.search.query({ threadId, query: 'database connections ran out', topK: 1 })
        expect(hybrid.mode).toBe('hybrid')
        expect(hybrid.results[0]?.message.id).toBe('local-embedder-m0')
      } else {
        expect(status).toMatchObject({ mode: 'text', model: null, vectorsAvailable: false })
        const search = await api.operator.recall.search.query({ threadId, query: 'connection pool', topK: 1 })
        expect(search.mode).toBe('text')
        expect(search.results[0]?.message.id).toBe('local-embedder-m0')
      }
    })
  },
  { THREADLINE_EMBEDDING_MODEL: 'local:universal-sentence-encoder-lite' },
)
