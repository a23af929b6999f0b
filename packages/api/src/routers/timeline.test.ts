import { describeEachDatabase, textMessage } from '@threadline/db/testing'
import { TRPCError } from '@trpc/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { readServerConfig } from '../config.ts'
import { createServices, type Services } from '../services.ts'
import { TEST_AUTH_SECRET } from '../testing/api-harness.ts'
import { operatorCaller } from '../testing/operator-caller.ts'
const THREAD = 'timeline-12'
const at = (n: number) => new Date(Date.UTC(2026, 10, 1, 12, n))
const id = (n: number) => `tl-${String(n).padStart(2, '0')}`

// The thread page's timeline windows, in-process as an operator, on PGlite and PostgreSQL.
describeEachDatabase('threads.timeline', (getDb) => {
  let services: Services
  const timeline = () => operatorCaller(services).threads.timeline
  const window = (page: { items: { id: string }[]; firstPosition: number }) => ({ first: page.firstPosition, ids: page.items.map((message) => message.id) })

  beforeAll(async () => {
    services = await createServices(getDb(), readServerConfig({ THREADLINE_AUTH_SECRET: TEST_AUTH_SECRET }))
    await getDb().storage.createThread({ id: THREAD, resourceId: 'res-tl' })
    // #1..#12; #6 and #7 share a createdAt (ties go by id)
    await getDb().storage.insertMessages(
      Array.from({ length: 12 }, (_, index) => textMessage({ id: id(index + 1), threadId: THREAD, resourceId: 'res-tl', at: at(index === 6 ? 5 : index) })),
    )
  })

  describe('page', () => {
    it('opens at the newest messages, numbered, with a cursor to the page before and none after', async () => {
      const latest = await timeline().page({ threadId: THREAD, at: 'latest', limit: 5 })
      expect(window(latest)).toEqual({ first: 8, ids: [id(8), id(9), id(10), id(11), id(12)] })
      expect(latest).toMatchObject({ total: 12, after: null })
      const before = await timeline().page({ threadId: THREAD, at: { before: latest.before! }, limit: 5 })
      expect(window(before)).toEqual({ first: 3, ids: [id(3), id(4), id(5), id(6), id(7)] })
      const oldest = await timeline().page({ threadId: THREAD, at: { before: before.before! }, limit: 5 })
      expect(window(oldest)).toEqual({ first: 1, ids: [id(1), id(2)] })
      expect(oldest.before).toBeNull()
      const forward = await timeline().page({ threadId: THREAD, at: { after: oldest.after! }, limit: 4 })
      expect(window(forward)).toEqual({ first: 3, ids: [id(3), id(4), id(5), id(6)] })
    })

    it('opens at the first message, at #N and at a message, centred and clamped to the thread', async () => {
      expect(window(await timeline().page({ threadId: THREAD, at: 'first', limit: 3 }))).toEqual({ first: 1, ids: [id(1), id(2), id(3)] })
      expect(window(await timeline().page({ threadId: THREAD, at: { position: 7 }, limit: 3 }))).toEqual({ first: 6, ids: [id(6), id(7), id(8)] })
      expect(window(await timeline().page({ threadId: THREAD, at: { position: 500 }, limit: 3 }))).toEqual({ first: 10, ids: [id(10), id(11), id(12)] })
      expect(window(await timeline().page({ threadId: THREAD, at: { messageId: id(2) }, limit: 5 }))).toEqual({
        first: 1,
        ids: [id(1), id(2), id(3), id(4), id(5)],
      })
    })

    it('answers NOT_FOUND for a message that is not in the thread, BAD_REQUEST for a forged cursor', async () => {
      await expect(timeline().page({ threadId: THREAD, at: { messageId: 'elsewhere' } })).rejects.toSatisfy(
        (error) => error instanceof TRPCError && error.code === 'NOT_FOUND',
      )
      await expect(timeline().page({ threadId: THREAD, at: { after: 'bm90IGEgY3Vyc29y' } })).rejects.toSatisfy(
        (error) => error instanceof TRPCError && error.code === 'BAD_REQUEST',
      )
    })
  })

  it('gives positions and messages by id, in thread order, leaving out those not in the thread', async () => {
    expect(await timeline().positions({ threadId: THREAD, messageIds: [id(12), id(7), 'elsewhere'] })).toEqual({ [id(12)]: 12, [id(7)]: 7 })
    const picked = await timeline().byIds({ threadId: THREAD, messageIds: [id(9), id(1), 'elsewhere'] })
    expect(picked.map(({ message, position }) => [message.id, position])).toEqual([
      [id(1), 1],
      [id(9), 9],
    ])
  })
})
