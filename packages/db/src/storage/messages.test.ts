import { MessageAlreadyExistsError, MessageNotFoundError, StorageError, ThreadNotFoundError } from '@threadline/engine'
import { beforeAll, expect, it } from 'vitest'
import type { PrismaClient } from '../generated/prisma/client.ts'
import { describeEachDatabase, textMessage } from '../testing/index.ts'
import { createPrismaStorage } from './prisma-storage.ts'

const minute = 60_000
const t0 = Date.UTC(2025, 4, 1, 12, 0, 0)
const ids = (messages: { id: string }[]) => messages.map((m) => m.id)

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

  it('returns messages in (createdAt, id) order, breaking ties by id', async () => {
    const { storage } = getDb()
    const messages = await storage.listMessages({ threadId: thread })
    expect(ids(messages)).toEqual(['m00', 'm01', 'm02', 'm03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09'])
    expect(messages[3]).toEqual(textMessage({ id: 'm03', threadId: thread, resourceId, at: at(3) }))
  })

  it('filters by date range inclusively, by ids, and combines filters with AND', async () => {
    const { storage } = getDb()
    const range = { threadId: thread, startDate: new Date(at(2)), endDate: new Date(at(6)) }
    expect(ids(await storage.listMessages(range))).toEqual(['m02', 'm03', 'm04', 'm05', 'm06'])
    expect(ids(await storage.listMessages({ threadId: thread, startDate: new Date(at(8)) }))).toEqual(['m08', 'm09'])
    expect(ids(await storage.listMessages({ threadId: thread, endDate: new Date(at(1)) }))).toEqual(['m00', 'm01'])
    expect(ids(await storage.listMessages({ threadId: thread, messageIds: ['m07', 'm01', 'nope'] }))).toEqual(['m01', 'm07'])
    expect(ids(await storage.listMessages({ ...range, messageIds: ['m01', 'm04', 'm09'] }))).toEqual(['m04'])
    // an empty id list is no filter
    expect(await storage.listMessages({ threadId: thread, messageIds: [] })).toHaveLength(10)
  })

  it('keeps the LAST n after the other filters, oldest first; limit/offset paginate', async () => {
    const { storage } = getDb()
    expect(ids(await storage.listMessages({ threadId: thread, last: 3 }))).toEqual(['m07', 'm08', 'm09'])
    expect(ids(await storage.listMessages({ threadId: thread, endDate: new Date(at(5)), last: 2 }))).toEqual(['m04', 'm05'])
    expect(ids(await storage.listMessages({ threadId: thread, last: 2, limit: 5, offset: 3 }))).toEqual(['m08', 'm09'])
    expect(ids(await storage.listMessages({ threadId: thread, last: 0 }))).toHaveLength(10)
    expect(ids(await storage.listMessages({ threadId: thread, limit: 3, offset: 2 }))).toEqual(['m02', 'm03', 'm04'])
    expect(ids(await storage.listMessages({ threadId: thread, offset: 8 }))).toEqual(['m08', 'm09'])
  })

  it('lists ids only, counts, and fetches by ids in order', async () => {
    const { storage } = getDb()
    expect(await storage.listMessageIds({ threadId: thread, last: 2 })).toEqual([
      { id: 'm08', createdAt: new Date(at(8)), role: 'user' },
      { id: 'm09', createdAt: new Date(at(9)), role: 'user' },
    ])
    expect(await storage.countMessages(thread)).toBe(10)
    expect(ids(await storage.getMessagesByIds(['m05', 'unknown', 'm03']))).toEqual(['m03', 'm05'])
  })

  it('lists messages around others in their own thread', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'around-other', resourceId })
    await storage.insertMessages([textMessage({ id: 'x1', threadId: 'around-other', resourceId, at: at(4) })])
    const around = await storage.listMessagesAround({ messageIds: ['m04', 'm05', 'x1', 'unknown'], before: 1, after: 1 })
    expect(ids(around)).toEqual(['m03', 'm04', 'm05', 'x1', 'm06'])
    expect(ids(await storage.listMessagesAround({ messageIds: ['m00'], before: 2, after: 0 }))).toEqual(['m00'])
  })

  it('inserts 10,000 messages in a few statements and reads them back by a 40,000-id filter', async () => {
    const { prisma } = getDb()
    const operations: string[] = []
    const counted = prisma.$extends({
      query: {
        async $allOperations({ operation, model, args, query }) {
          operations.push(`${model ?? '$'}.${operation}`)
          return query(args)
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
    // thread check + existing-id check + two INSERT ... SELECT statements
    expect(operations.length).toBeLessThanOrEqual(5)
    expect(await storage.countMessages('bulk')).toBe(10_000)

    const wanted = [...ids(messages), ...Array.from({ length: 30_000 }, (_, i) => `absent-${i}`)]
    const back = await storage.listMessages({ threadId: 'bulk', messageIds: wanted })
    expect(ids(back)).toEqual(ids(messages))
    expect(back[9_999]).toEqual(messages[9_999])
  })

  it('refuses duplicate ids (in the batch or already stored) and writes nothing', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'dups', resourceId })
    const one = (id: string) => textMessage({ id, threadId: 'dups', resourceId, at: t0 })
    await storage.insertMessages([one('d1')])

    await expect(storage.insertMessages([one('d2'), one('d2')])).rejects.toMatchObject({
      constructor: MessageAlreadyExistsError,
      messageIds: ['d2'],
    })
    await expect(storage.insertMessages([one('d3'), one('d1'), one('d4')])).rejects.toMatchObject({
      constructor: MessageAlreadyExistsError,
      messageIds: ['d1'],
    })
    expect(ids(await storage.listMessages({ threadId: 'dups' }))).toEqual(['d1'])
  })

  // the shape of a message is the engine's to check (Memory.saveMessages), once
  it('refuses messages for an unknown thread, writing nothing', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'shape', resourceId })
    const good = textMessage({ id: 's1', threadId: 'shape', resourceId, at: t0 })
    await expect(
      storage.insertMessages([good, textMessage({ id: 's2', threadId: 'no-such-thread', resourceId, at: t0 })]),
    ).rejects.toMatchObject({ constructor: ThreadNotFoundError, threadId: 'no-such-thread' })
    expect(await storage.countMessages('shape')).toBe(0)
  })

  it('checks what it reads back: a malformed row is a StorageError naming the column', async () => {
    const { storage, prisma } = getDb()
    await storage.createThread({ id: 'malformed', resourceId })
    await storage.insertMessages([textMessage({ id: 'bad-row', threadId: 'malformed', resourceId, at: t0 })])
    await prisma.$executeRaw`UPDATE messages SET content = '{"format": 3, "parts": []}'::jsonb WHERE id = 'bad-row'`
    await expect(storage.listMessages({ threadId: 'malformed' })).rejects.toMatchObject({
      constructor: StorageError,
      message: expect.stringContaining('messages[bad-row].content.format'),
    })
    await prisma.$executeRaw`UPDATE threads SET metadata = '[1]'::jsonb WHERE id = 'malformed'`
    await expect(storage.getThreadById('malformed')).rejects.toMatchObject({ message: expect.stringContaining('threads[malformed].metadata') })
  })

  it('upserts: replaces existing messages by id and adds new ones', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'upsert', resourceId })
    await storage.insertMessages([textMessage({ id: 'u1', threadId: 'upsert', resourceId, at: t0, text: 'before' })])
    await storage.upsertMessages([
      textMessage({ id: 'u1', threadId: 'upsert', resourceId, at: t0, text: 'after' }),
      textMessage({ id: 'u2', threadId: 'upsert', resourceId, at: t0 + 1, text: 'new' }),
    ])
    const messages = await storage.listMessages({ threadId: 'upsert' })
    expect(messages.map((m) => m.content.content)).toEqual(['after', 'new'])
  })

  it('copies messages with one INSERT ... SELECT: new ids, target thread and resource, same createdAt', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'copy-target', resourceId: 'r-copy' })
    const source = await storage.listMessages({ threadId: thread, startDate: new Date(at(3)), endDate: new Date(at(6)) })
    const result = await storage.copyMessages({
      sourceThreadId: thread,
      messageIds: ids(source),
      targetThreadId: 'copy-target',
      targetResourceId: 'r-copy',
    })
    expect(result.count).toBe(4)
    expect(Object.keys(result.messageIdMap)).toEqual(ids(source))
    const newIds = Object.values(result.messageIdMap)
    expect(new Set(newIds).size).toBe(4)
    for (const id of newIds) expect(ids(source)).not.toContain(id)

    // m03..m05 share a createdAt: the copies must keep their order
    const copies = await storage.listMessages({ threadId: 'copy-target' })
    expect(ids(copies)).toEqual(newIds)
    expect(copies).toEqual(
      source.map((m) => ({ ...m, id: result.messageIdMap[m.id], threadId: 'copy-target', resourceId: 'r-copy' })),
    )
    expect(await storage.countMessages(thread)).toBe(10) // the source is untouched
  })

  it('copies a whole thread selected in SQL, keeping order and ties', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'copy-all', resourceId: 'r-copy' })
    const source = await storage.listMessages({ threadId: thread })
    const result = await storage.copyThreadMessages({ sourceThreadId: thread, targetThreadId: 'copy-all', targetResourceId: 'r-copy' })
    expect(result.count).toBe(10)
    expect(Object.keys(result.messageIdMap)).toEqual(ids(source))
    const copies = await storage.listMessages({ threadId: 'copy-all' })
    expect(copies).toEqual(source.map((m) => ({ ...m, id: result.messageIdMap[m.id], threadId: 'copy-all', resourceId: 'r-copy' })))
    await expect(
      storage.copyThreadMessages({ sourceThreadId: 'nope', targetThreadId: 'copy-all', targetResourceId: 'r-copy' }),
    ).rejects.toBeInstanceOf(ThreadNotFoundError)
  })

  it('refuses a copy of messages that are not in the source thread, or into an unknown thread', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'copy-target-2', resourceId })
    const args = { sourceThreadId: thread, targetThreadId: 'copy-target-2', targetResourceId: resourceId }
    await expect(storage.copyMessages({ ...args, messageIds: ['m01', 'not-a-message'] })).rejects.toMatchObject({
      constructor: MessageNotFoundError,
      messageIds: ['not-a-message'],
    })
    await expect(storage.copyMessages({ ...args, messageIds: ['bulk-00001'] })).rejects.toBeInstanceOf(MessageNotFoundError)
    await expect(storage.copyMessages({ ...args, targetThreadId: 'nope', messageIds: ['m01'] })).rejects.toMatchObject({
      constructor: ThreadNotFoundError,
      threadId: 'nope',
    })
    expect(await storage.countMessages('copy-target-2')).toBe(0)
  })
})
