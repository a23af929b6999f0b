import { describeEachDatabase, textMessage } from '@threadline/db/testing'
import { TRPCError } from '@trpc/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { readServerConfig } from '../config.ts'
import { createServices, type Services } from '../services.ts'
import { TEST_AUTH_SECRET } from '../testing/api-harness.ts'
import { operatorCaller } from '../testing/operator-caller.ts'
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12))

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`)
  return error
}

// The routers called in-process as a signed-in operator, on PGlite and PostgreSQL
// (the HTTP, auth and tenant-scope tests are in ../api.integration.test.ts).
describeEachDatabase('app router', (getDb) => {
  let services: Services
  const caller = () => operatorCaller(services)

  beforeAll(async () => {
    services = await createServices(getDb(), readServerConfig({ THREADLINE_AUTH_SECRET: TEST_AUTH_SECRET }))
    const { storage } = getDb()
    // Two resources; the clone's lineage column points at its source.
    await storage.createThread({ id: 'r-a-1', resourceId: 'res-a', title: 'Billing question', createdAt: day(1), updatedAt: day(2) })
    await storage.createThread({ id: 'r-a-2', resourceId: 'res-a', title: 'Shipping delay', createdAt: day(3), updatedAt: day(3) })
    await storage.createThread({
      id: 'r-a-2-clone',
      resourceId: 'res-a',
      title: 'Shipping delay (fork)',
      sourceThreadId: 'r-a-2',
      createdAt: day(4),
      updatedAt: day(4),
    })
    await storage.createThread({ id: 'r-b-1', resourceId: 'res-b', title: 'Billing audit', createdAt: day(5), updatedAt: day(5) })
    await storage.insertMessages([
      textMessage({ id: 'm-a-1-1', threadId: 'r-a-1', resourceId: 'res-a', at: day(1) }),
      textMessage({ id: 'm-a-1-2', threadId: 'r-a-1', resourceId: 'res-a', at: day(2), role: 'assistant' }),
      // A message newer than the thread's updatedAt: last activity is the later of the two.
      textMessage({ id: 'm-a-2-1', threadId: 'r-a-2', resourceId: 'res-a', at: day(9) }),
    ])
  })

  describe('threads.list', () => {
    it('lists every thread, newest update first, with counts, clone flag and last activity', async () => {
      const page = await caller().threads.list({})
      expect(page).toMatchObject({ total: 4, page: 1, pageCount: 1 })
      expect(page.items.map((row) => row.id)).toEqual(['r-b-1', 'r-a-2-clone', 'r-a-2', 'r-a-1'])
      const byId = Object.fromEntries(page.items.map((row) => [row.id, row]))
      expect(byId['r-a-1']).toMatchObject({ messageCount: 2, isClone: false, lastActivityAt: day(2) })
      expect(byId['r-a-2']).toMatchObject({ messageCount: 1, isClone: false, lastActivityAt: day(9) })
      expect(byId['r-a-2-clone']).toMatchObject({ messageCount: 0, isClone: true, sourceThreadId: 'r-a-2', lastActivityAt: day(4) })
    })

    it('filters by resource and searches titles case-insensitively, both together', async () => {
      expect((await caller().threads.list({ resourceId: 'res-b' })).items.map((row) => row.id)).toEqual(['r-b-1'])
      expect((await caller().threads.list({ search: 'BILLING' })).items.map((row) => row.id)).toEqual(['r-b-1', 'r-a-1'])
      expect((await caller().threads.list({ resourceId: 'res-a', search: 'billing' })).items.map((row) => row.id)).toEqual(['r-a-1'])
      expect(await caller().threads.list({ resourceId: 'res-z' })).toMatchObject({ items: [], total: 0, pageCount: 1 })
    })

    it('paginates', async () => {
      const second = await caller().threads.list({ page: 2, pageSize: 3 })
      expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3, pageCount: 2 })
      expect(second.items.map((row) => row.id)).toEqual(['r-a-1'])
    })

    it('rejects bad input with BAD_REQUEST', async () => {
      expect((await rejection(caller().threads.list({ page: 0 }))).code).toBe('BAD_REQUEST')
      expect((await rejection(caller().threads.list({ pageSize: 1000 }))).code).toBe('BAD_REQUEST')
      expect((await rejection(caller().threads.list({ resourceId: '' }))).code).toBe('BAD_REQUEST')
    })
  })

  describe('threads.byId', () => {
    it('returns the thread with its messages in (createdAt, id) order', async () => {
      const result = await caller().threads.byId({ id: 'r-a-1' })
      expect(result.thread).toMatchObject({ id: 'r-a-1', title: 'Billing question' })
      expect(result.messages.map((message) => message.id)).toEqual(['m-a-1-1', 'm-a-1-2'])
      expect(result.messageCount).toBe(2)
    })

    it('maps an unknown thread to NOT_FOUND with the engine message', async () => {
      const error = await rejection(caller().threads.byId({ id: 'nope' }))
      expect(error.code).toBe('NOT_FOUND')
      expect(error.message).toBe('Thread "nope" was not found')
    })
  })

  it('resources.list counts threads per resource', async () => {
    expect(await caller().resources.list()).toEqual([
      { id: 'res-a', threadCount: 3 },
      { id: 'res-b', threadCount: 1 },
    ])
  })

  it('health.check names the database and finds every migration applied', async () => {
    const health = await caller().health.check()
    expect(health.database).toBe(getDb().kind)
    // no embedding model configured: full-text recall, whatever the database offers (issue 30)
    expect(health.recall).toEqual({ mode: 'text', embedder: null, pgvector: getDb().kind === 'pglite' })
    expect(health).not.toHaveProperty('semanticRecall')
    expect(health.migrations).toMatchObject({ ok: true, pending: [], failed: [] })
    expect(health.migrations.applied.length).toBeGreaterThan(0)
  })
})
