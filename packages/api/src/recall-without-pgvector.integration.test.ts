// The API on a PostgreSQL server without pgvector (the test server here has
// none): recall is full-text (mode 'text') and reports that vectors are unavailable.
import { openTestDatabase } from '@threadline/db/testing'
import { demoThreads } from '@threadline/db/seed'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startApiHarness, type ApiHarness } from './testing/api-harness.ts'
import { failureOf } from './testing/errors.ts'

let api: ApiHarness | undefined

beforeAll(async () => {
  api = await startApiHarness({}, await openTestDatabase('postgres'))
}, 120_000)

afterAll(async () => {
  await api?.close()
})

it("recall works by full text (mode 'text'), status reports vectorsAvailable: false, vectors asked for are PRECONDITION_FAILED", async (ctx) => {
  if (api === undefined) throw new Error('the API did not start (see beforeAll)')
  if (api.services.semanticRecall) ctx.skip() // a server with pgvector: covered by the PGlite tests
  const seed = demoThreads[0]!
  expect(await api.operator.health.check.query()).toMatchObject({ database: 'postgres', recall: { mode: 'text', embedder: null, pgvector: false } })
  expect(await api.operator.recall.status.query({ threadId: seed.thread.id })).toEqual({
    threadId: seed.thread.id,
    mode: 'text',
    model: null,
    vectorsAvailable: false,
    messages: seed.messages.length,
    withVector: 0,
    unindexed: 0,
  })
  expect(await failureOf(api.operator.recall.status.query({ threadId: 'no-such-thread' }))).toMatchObject({ code: 'NOT_FOUND' })
  const target = seed.messages.find((message) => message.role === 'user')!
  const query = target.content.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(' ')
  const found = await api.operator.recall.search.query({ threadId: seed.thread.id, query })
  expect(found.mode).toBe('text')
  expect(found.results[0]?.message.id).toBe(target.id)
  const vector = await failureOf(api.operator.recall.search.query({ threadId: seed.thread.id, query, mode: 'vector' }))
  expect(vector).toMatchObject({ code: 'PRECONDITION_FAILED' })
  // addressed to the API caller: what to send instead, not how to build a Memory
  expect(vector.message).not.toMatch(/Memory|pass `/)
  expect(vector.message).toMatch(/mode 'text'/)
  const index = await failureOf(api.operator.indexing.start.mutate({ threadId: seed.thread.id }))
  expect(index).toMatchObject({ code: 'PRECONDITION_FAILED' })
  expect(index.message).toMatch(/pgvector/)
})
