import { MessageAlreadyExistsError, ThreadNotFoundError } from '@threadline/engine'
import { beforeAll, expect, it } from 'vitest'
import type { PrismaClient } from '../generated/prisma/client.ts'
import { describeEachDatabase, textMessage } from '../testing/index.ts'
import { createPrismaStorage } from './prisma-storage.ts'

const minute = 60_000
const t0 = Date.UTC(2025, 4, 1, 12, 0, 0)
const ids = (messages: { id: string }[]) => messages.map((m) => m.id)

// The behaviour every MemoryStorage shares is the engine's contract suite
// (memory-storage-contract.test.ts); here, what this implementation adds.

describeEachDatabase('messages', (getDb) => {
  // A thread whose messages have ties on createdAt: m03/m04/m05 share one instant.
  const thread = 'ordered'
  const resourceId = 'r-msg'
  const at = (i: number) => t0 + [0, 1, 2, 3, 3, 3, 4, 5, 6, 7][i]! * minute
  beforeAll(async () => {
    const { storage } = getDb()
    await storage.createThread({ id: thread, resourceId })
    // inserted out of order, so the database has to sort
    const messages = [9, 4, 0, 5, 2, 8, 3, 1, 7, 6].map((i) => textMessage({ id: `m0${i}`, threadId: thread, resourceId, at: at(i) }))
    await storage.insertMessages(messages)
  })

  it('inserts 10,000 messages in a few statements and reads them back by a 40,000-id filter', async () => {
    const { prisma } = getDb()
    const operations: string[] = []
    const counted = prisma.$extends({
      query: {
        async $allOperations({ operation, model, args, query }) {
          operations.push(`${model ?? '$'}.${operation}`)
          return (await query(args)) as unknown
        },
      },
    })
    const { storage } = createPrismaStorage(counted as unknown as PrismaClient)
    await storage.createThread({ id: 'bulk', resourceId })
    const messages = Array.from({ length: 10_000 }, (_, i) =>
      textMessage({ id: `bulk-${String(i).padStart(5, '0')}`, threadId: 'bulk', resourceId, at: t0 + Math.floor(i / 3) * 1000, text: 'x'.repeat(300) }),
    )
    operations.length = 0
    await storage.insertMessages(messages)
    // thread lock (and check) + existing-id check + branch-cutoff check + two INSERT ... SELECT statements
    expect(operations.length).toBeLessThanOrEqual(5)
    expect(await storage.countMessages('bulk')).toBe(10_000)

    const wanted = [...ids(messages), ...Array.from({ length: 30_000 }, (_, i) => `absent-${i}`)]
    const back = await storage.listMessages({ threadId: 'bulk', messageIds: wanted })
    expect(ids(back)).toEqual(ids(messages))
    expect(back[9_999]).toEqual(messages[9_999])
  })

  it('upserts new and repeated messages in two statements (lock + one INSERT); an id of another thread with sameThreadOnly writes nothing', async () => {
    const { prisma } = getDb()
    const operations: string[] = []
    const counted = prisma.$extends({
      query: {
        async $allOperations({ operation, model, args, query }) {
          operations.push(`${model ?? '$'}.${operation}`)
          return (await query(args)) as unknown
        },
      },
    })
    const { storage } = createPrismaStorage(counted as unknown as PrismaClient)
    await storage.createThread({ id: 'up-a', resourceId })
    await storage.createThread({ id: 'up-b', resourceId })
    const batch = Array.from({ length: 100 }, (_, i) => textMessage({ id: `up-${i}`, threadId: 'up-a', resourceId, at: t0 + i * 1000 }))
    operations.length = 0
    await storage.upsertMessages(batch, { sameThreadOnly: true })
    // BEGIN/COMMIT are not operations: the thread lock, then the one statement that checks and inserts
    expect(operations).toEqual(['$.$queryRaw', '$.$queryRaw'])
    operations.length = 0
    // the same batch again changes nothing, in the same two statements
    await storage.upsertMessages(batch, { sameThreadOnly: true })
    expect(operations).toHaveLength(2)
    expect(await storage.countMessages('up-a')).toBe(100)

    // up-5 belongs to up-a: refused for up-b, and the new one beside it is not written
    const moving = [textMessage({ id: 'up-new', threadId: 'up-b', resourceId, at: t0 }), textMessage({ id: 'up-5', threadId: 'up-b', resourceId, at: t0 })]
    await expect(storage.upsertMessages(moving, { sameThreadOnly: true })).rejects.toMatchObject({
      constructor: MessageAlreadyExistsError,
      messageIds: ['up-5'],
    })
    expect(await storage.countMessages('up-b')).toBe(0)
    // without the option the upsert moves it (persisting a repaired history)
    await storage.upsertMessages(moving)
    expect(await storage.countMessages('up-b')).toBe(2)
    expect(await storage.countMessages('up-a')).toBe(99)

    // a changed row takes the guarded path and is written
    const edited = textMessage({ id: 'up-7', threadId: 'up-a', resourceId, at: t0 + 7000, text: 'edited' })
    await storage.upsertMessages([edited], { sameThreadOnly: true })
    expect((await storage.listMessages({ threadId: 'up-a', messageIds: ['up-7'] }))[0]).toEqual(edited)
  })

  it('hands the locked threads to checkThreads before writing: the engine error it throws refuses the batch, nothing written', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'checked', resourceId, title: 'Checked' })
    const batch = [
      textMessage({ id: 'ck-1', threadId: 'checked', resourceId, at: t0 }),
      textMessage({ id: 'ck-2', threadId: 'checked', resourceId, at: t0 + 1 }),
    ]
    const seen: { id: string; resourceId: string; title: string }[] = []
    // the engine's answer for a thread the caller may not write to
    const refusal = new ThreadNotFoundError('checked')
    await expect(
      storage.upsertMessages(batch, {
        checkThreads: (threads) => {
          seen.push(...threads.map(({ id, resourceId: resource, title }) => ({ id, resourceId: resource, title })))
          throw refusal
        },
      }),
    ).rejects.toBe(refusal)
    expect(seen).toEqual([{ id: 'checked', resourceId, title: 'Checked' }])
    expect(await storage.countMessages('checked')).toBe(0)
    await storage.upsertMessages(batch, { checkThreads: () => undefined })
    expect(await storage.countMessages('checked')).toBe(2)
  })

  it('refuses messages for an unknown thread, writing nothing', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'shape', resourceId })
    const good = textMessage({ id: 's1', threadId: 'shape', resourceId, at: t0 })
    await expect(storage.insertMessages([good, textMessage({ id: 's2', threadId: 'no-such-thread', resourceId, at: t0 })])).rejects.toMatchObject({
      constructor: ThreadNotFoundError,
      threadId: 'no-such-thread',
    })
    expect(await storage.countMessages('shape')).toBe(0)
  })
})
