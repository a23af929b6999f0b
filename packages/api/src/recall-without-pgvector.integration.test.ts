// The API on a PostgreSQL server without pgvector (the test server here has
// none): recall reports that vectors are unavailable instead of failing.
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

it('recall.status counts the messages and reports vectorsAvailable: false; search is PRECONDITION_FAILED', async (ctx) => {
  if (api === undefined) throw new Error('the API did not start (see beforeAll)')
  if (api.services.semanticRecall) ctx.skip() // a server with pgvector: covered by the PGlite tests
  const seed = demoThreads[0]!
  expect(await api.operator.health.check.query()).toMatchObject({ database: 'postgres', semanticRecall: false })
  expect(await api.operator.recall.status.query({ threadId: seed.thread.id })).toEqual({
    threadId: seed.thread.id,
    model: api.services.embedder.id,
    vectorsAvailable: false,
    messages: seed.messages.length,
    withVector: 0,
  })
  expect(await failureOf(api.operator.recall.status.query({ threadId: 'no-such-thread' }))).toMatchObject({ code: 'NOT_FOUND' })
  const search = await failureOf(api.operator.recall.search.query({ threadId: seed.thread.id, query: 'refund' }))
  expect(search).toMatchObject({ code: 'PRECONDITION_FAILED' })
  expect(search.message).toMatch(/pgvector/)
})
