// cloneThread against real databases: the spec's examples and every rule of
// docs/spec/clone-thread.md and docs/spec/data-model.md's decisions 1-4.
import { InvalidCloneOptionsError, Memory, ThreadAlreadyExistsError, ThreadNotFoundError, type StoredMessage } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { baseTime, minute, numbered, rowCounts, seedThread, storedMessage, threadSnapshot } from './fixtures.ts'

/** The cloned message must be the source message with only id, thread and resource changed. */
function expectCopyOf(clone: StoredMessage, source: StoredMessage, threadId: string, resourceId: string) {
  expect(clone.id).not.toBe(source.id)
  expect(clone).toEqual({ ...source, id: clone.id, threadId, resourceId })
}

describeEachDatabase('cloneThread', (getDb) => {
  const memory = () => new Memory({ storage: getDb().storage, vector: getDb().vector })

  describe('the spec examples', () => {
    it('clones all messages (full clone with a title)', async () => {
      const source = await seedThread(memory(), {
        threadId: 'original-thread-123',
        resourceId: 'user-1',
        title: 'Trip planning',
        metadata: { topic: 'travel' },
        texts: numbered(8),
      })
      const before = Date.now()
      const {
        thread: fullClone,
        clonedMessages,
        messageIdMap,
      } = await memory().cloneThread({
        sourceThreadId: 'original-thread-123',
        title: 'Alternative Conversation Path',
      })

      expect(fullClone).toMatchObject({
        resourceId: 'user-1',
        title: 'Alternative Conversation Path',
        sourceThreadId: 'original-thread-123',
      })
      const clone = fullClone.metadata.clone as { sourceThreadId: string; clonedAt: Date; lastMessageId: string }
      expect(fullClone.metadata).toEqual({ topic: 'travel', clone })
      expect(clone.sourceThreadId).toBe('original-thread-123')
      expect(clone.lastMessageId).toBe('original-thread-123-m7')
      expect(clone.clonedAt).toBeInstanceOf(Date)
      expect(clone.clonedAt.getTime()).toBeGreaterThanOrEqual(before - 1000)

      expect(clonedMessages).toHaveLength(8)
      clonedMessages.forEach((message, index) => expectCopyOf(message, source[index]!, fullClone.id, 'user-1'))
      expect(Object.keys(messageIdMap)).toEqual(source.map((m) => m.id))
      expect(Object.values(messageIdMap)).toEqual(clonedMessages.map((m) => m.id))
      expect(await memory().listMessages({ threadId: fullClone.id })).toEqual(clonedMessages)
      expect(await memory().getThreadById({ threadId: fullClone.id })).toEqual(fullClone)
    })

    it('uses a custom id', async () => {
      await seedThread(memory(), { threadId: 'custom-src', resourceId: 'user-1', texts: numbered(2) })
      const { thread } = await memory().cloneThread({ sourceThreadId: 'custom-src', newThreadId: 'my-custom-clone-id' })
      expect(thread.id).toBe('my-custom-clone-id')
      expect((await memory().listMessages({ threadId: 'my-custom-clone-id' })).length).toBe(2)
    })

    it('clones the last 5 messages', async () => {
      const source = await seedThread(memory(), { threadId: 'last5-src', resourceId: 'user-1', texts: numbered(9) })
      const { clonedMessages } = await memory().cloneThread({ sourceThreadId: 'last5-src', options: { messageLimit: 5 } })
      expect(clonedMessages.map((m) => m.content)).toEqual(source.slice(4).map((m) => m.content))
    })

    it('clones a date range, both ends inclusive', async () => {
      // one message per day from Dec 30 to Feb 2
      const days = Array.from({ length: 35 }, (_, index) => Date.UTC(2023, 11, 30) + index * 24 * 60 * minute)
      await memory().createThread({ threadId: 'range-src', resourceId: 'user-1' })
      const source = days.map((time, index) =>
        storedMessage({ id: `range-src-${index}`, threadId: 'range-src', resourceId: 'user-1', role: 'user', text: `day ${index}`, at: new Date(time) }),
      )
      await memory().saveMessages({ messages: source })
      const { clonedMessages } = await memory().cloneThread({
        sourceThreadId: 'range-src',
        options: { messageFilter: { startDate: new Date('2024-01-01'), endDate: new Date('2024-01-31') } },
      })
      expect(clonedMessages.map((m) => m.createdAt.toISOString())).toEqual(
        source.filter((m) => m.createdAt >= new Date('2024-01-01') && m.createdAt <= new Date('2024-01-31')).map((m) => m.createdAt.toISOString()),
      )
      expect(clonedMessages[0]!.createdAt).toEqual(new Date('2024-01-01'))
      expect(clonedMessages.at(-1)!.createdAt).toEqual(new Date('2024-01-31'))
    })

    it('clones specific messages', async () => {
      await memory().createThread({ threadId: 'ids-src', resourceId: 'user-1' })
      const source = ['message-1', 'message-2', 'message-3'].map((id, index) =>
        storedMessage({ id, threadId: 'ids-src', resourceId: 'user-1', role: 'user', text: id, at: new Date(baseTime + index * minute) }),
      )
      await memory().saveMessages({ messages: source })
      const { clonedMessages, messageIdMap } = await memory().cloneThread({
        sourceThreadId: 'ids-src',
        options: { messageFilter: { messageIds: ['message-2', 'message-1'] } },
      })
      expect(Object.keys(messageIdMap)).toEqual(['message-1', 'message-2'])
      expect(clonedMessages.map((m) => m.content)).toEqual([source[0]!.content, source[1]!.content])
    })
  })

  describe('decisions', () => {
    it('1: merges the caller metadata over the source metadata, then sets clone', async () => {
      await seedThread(memory(), { threadId: 'meta-src', resourceId: 'r', metadata: { a: 1, b: 1, nested: { x: 1 } }, texts: numbered(1) })
      const { thread } = await memory().cloneThread({ sourceThreadId: 'meta-src', metadata: { b: 2, c: 3, clone: 'overwritten' } })
      expect(thread.metadata).toEqual({ a: 1, b: 2, c: 3, nested: { x: 1 }, clone: expect.objectContaining({ sourceThreadId: 'meta-src' }) })
    })

    it('2: titles the clone by argument, else "Clone of <title>", else empty', async () => {
      await seedThread(memory(), { threadId: 'title-src', resourceId: 'r', title: 'Budget', texts: [] })
      await seedThread(memory(), { threadId: 'untitled-src', resourceId: 'r', texts: [] })
      expect((await memory().cloneThread({ sourceThreadId: 'title-src' })).thread.title).toBe('Clone of Budget')
      expect((await memory().cloneThread({ sourceThreadId: 'title-src', title: 'Mine' })).thread.title).toBe('Mine')
      expect((await memory().cloneThread({ sourceThreadId: 'title-src', title: '' })).thread.title).toBe('')
      expect((await memory().cloneThread({ sourceThreadId: 'untitled-src' })).thread.title).toBe('')
    })

    it('3: combines filters with AND and keeps the LAST n after filtering; limit 0 means no limit', async () => {
      const source = await seedThread(memory(), { threadId: 'and-src', resourceId: 'r', texts: numbered(10) })
      const ids = source.map((m) => m.id)
      const { messageIdMap } = await memory().cloneThread({
        sourceThreadId: 'and-src',
        options: {
          messageLimit: 2,
          messageFilter: {
            startDate: source[2]!.createdAt,
            endDate: source[7]!.createdAt,
            messageIds: [ids[0]!, ids[3]!, ids[4]!, ids[6]!, ids[8]!],
          },
        },
      })
      expect(Object.keys(messageIdMap)).toEqual([ids[4], ids[6]])
      const unlimited = await memory().cloneThread({ sourceThreadId: 'and-src', options: { messageLimit: 0, messageFilter: { messageIds: [] } } })
      expect(unlimited.clonedMessages).toHaveLength(10)
    })

    it('3: orders by (createdAt, id) so limits and lastMessageId are deterministic on equal timestamps', async () => {
      await memory().createThread({ threadId: 'tie-src', resourceId: 'r' })
      const same = new Date(baseTime)
      await memory().saveMessages({
        messages: ['c', 'a', 'd', 'b'].map((suffix) =>
          storedMessage({ id: `tie-${suffix}`, threadId: 'tie-src', resourceId: 'r', role: 'user', text: suffix, at: same }),
        ),
      })
      const { thread, messageIdMap } = await memory().cloneThread({ sourceThreadId: 'tie-src', options: { messageLimit: 2 } })
      expect(Object.keys(messageIdMap)).toEqual(['tie-c', 'tie-d'])
      expect(memory().getCloneMetadata(thread)?.lastMessageId).toBe('tie-d')
    })

    it('3: cloned messages keep createdAt and take the clone thread and resource', async () => {
      const source = await seedThread(memory(), { threadId: 'res-src', resourceId: 'owner-a', texts: numbered(3) })
      const { thread, clonedMessages } = await memory().cloneThread({ sourceThreadId: 'res-src', resourceId: 'owner-b' })
      expect(thread.resourceId).toBe('owner-b')
      clonedMessages.forEach((message, index) => expectCopyOf(message, source[index]!, thread.id, 'owner-b'))
    })

    it('lastMessageId is the source last message even when the filter picks earlier ones, and absent for an empty source', async () => {
      await seedThread(memory(), { threadId: 'lastid-src', resourceId: 'r', texts: numbered(4) })
      const { thread } = await memory().cloneThread({ sourceThreadId: 'lastid-src', options: { messageFilter: { messageIds: ['lastid-src-m0'] } } })
      expect(memory().getCloneMetadata(thread)).toMatchObject({ lastMessageId: 'lastid-src-m3' })

      await memory().createThread({ threadId: 'empty-src', resourceId: 'r' })
      const empty = await memory().cloneThread({ sourceThreadId: 'empty-src' })
      expect(empty.clonedMessages).toEqual([])
      expect(empty.messageIdMap).toEqual({})
      expect(memory().getCloneMetadata(empty.thread)).toEqual({ sourceThreadId: 'empty-src', clonedAt: expect.any(Date) })
    })

    it('records the fork point: lastClonedMessageId is the source id of the last copied message (beyond the spec)', async () => {
      const source = await seedThread(memory(), { threadId: 'fork-src', resourceId: 'r', texts: numbered(6) })
      const forkPoint = async (options?: Parameters<Memory['cloneThread']>[0]['options']) => {
        const { thread } = await memory().cloneThread({ sourceThreadId: 'fork-src', ...(options ? { options } : {}) }, { returnMessages: false })
        const clone = memory().getCloneMetadata(thread)!
        expect(clone.lastMessageId).toBe('fork-src-m5')
        return clone.lastClonedMessageId
      }
      // a full clone (copied by the database without listing ids) ends where the source ends
      expect(await forkPoint()).toBe('fork-src-m5')
      // a cut in time, a limit within it, hand-picked ids in any order: the last one copied
      expect(await forkPoint({ messageFilter: { endDate: source[3]!.createdAt } })).toBe('fork-src-m3')
      expect(await forkPoint({ messageLimit: 2, messageFilter: { endDate: source[2]!.createdAt } })).toBe('fork-src-m2')
      expect(await forkPoint({ messageFilter: { messageIds: ['fork-src-m4', 'fork-src-m1'] } })).toBe('fork-src-m4')
      // nothing copied: no fork point
      expect(await forkPoint({ messageFilter: { startDate: new Date(baseTime + 60 * minute) } })).toBeUndefined()
    })

    it('4: rejects every bad input with a typed error naming the field, and writes nothing', async () => {
      await seedThread(memory(), { threadId: 'err-src', resourceId: 'r', texts: numbered(3) })
      await seedThread(memory(), { threadId: 'err-other', resourceId: 'r', texts: numbered(1) })
      const before = await rowCounts(getDb())
      const source = await threadSnapshot(getDb(), 'err-src')
      const clone = (options: unknown, extra: Record<string, unknown> = {}) =>
        memory().cloneThread({ sourceThreadId: 'err-src', newThreadId: 'err-clone', options, ...extra } as never)

      await expect(memory().cloneThread({ sourceThreadId: 'no-such-thread' })).rejects.toThrow(ThreadNotFoundError)
      await expect(clone({}, { newThreadId: 'err-other' })).rejects.toThrow(ThreadAlreadyExistsError)
      await expect(clone({}, { newThreadId: 'err-src' })).rejects.toThrow(ThreadAlreadyExistsError)
      const invalid = async (options: unknown, field: string) => {
        const error = await clone(options).catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(InvalidCloneOptionsError)
        expect(error).toMatchObject({ field })
      }
      await invalid({ messageLimit: -1 }, 'options.messageLimit')
      await invalid({ messageLimit: 1.5 }, 'options.messageLimit')
      await invalid({ messageFilter: { startDate: new Date('2024-02-01'), endDate: new Date('2024-01-01') } }, 'options.messageFilter.startDate')
      await invalid({ messageFilter: { startDate: 'garbage' } }, 'options.messageFilter.startDate')
      await invalid({ messageFilter: { endDate: new Date(Number.NaN) } }, 'options.messageFilter.endDate')
      await invalid({ messageFilter: { messageIds: ['err-src-m0', 'ghost'] } }, 'options.messageFilter.messageIds')
      // an id of another thread is unknown to this source
      await invalid({ messageFilter: { messageIds: ['err-other-m0'] } }, 'options.messageFilter.messageIds')

      expect(await rowCounts(getDb())).toEqual(before)
      expect(await threadSnapshot(getDb(), 'err-src')).toEqual(source)
    })
  })

  describe('returnMessages: false', () => {
    it('skips reading the messages back but clones them all (second argument or options)', async () => {
      await seedThread(memory(), { threadId: 'noreturn-src', resourceId: 'r', texts: numbered(5) })
      const viaArgument = await memory().cloneThread({ sourceThreadId: 'noreturn-src' }, { returnMessages: false })
      const viaOptions = await memory().cloneThread({ sourceThreadId: 'noreturn-src', options: { returnMessages: false } })
      for (const result of [viaArgument, viaOptions]) {
        expect(result.clonedMessages).toEqual([])
        expect(Object.keys(result.messageIdMap)).toHaveLength(5)
        expect(result.clonedMessageCount).toBe(5)
        expect((await memory().listMessages({ threadId: result.thread.id })).map((m) => m.id)).toEqual(Object.values(result.messageIdMap))
      }
    })
  })

  describe('returnMessageIdMap: false', () => {
    it('answers an empty map and the count, the messages cloned all the same (one statement and planned)', async () => {
      await seedThread(memory(), { threadId: 'nomap-src', resourceId: 'r', texts: numbered(5) })
      const whole = await memory().cloneThread({ sourceThreadId: 'nomap-src' }, { returnMessageIdMap: false })
      const last3 = await memory().cloneThread({ sourceThreadId: 'nomap-src', options: { messageLimit: 3 } }, { returnMessageIdMap: false })
      for (const [result, count] of [
        [whole, 5],
        [last3, 3],
      ] as const) {
        expect(result.messageIdMap).toEqual({})
        expect(result.clonedMessageCount).toBe(count)
        expect(result.clonedMessages.map((m) => m.id)).toEqual((await memory().listMessages({ threadId: result.thread.id })).map((m) => m.id))
        expect(result.clonedMessages).toHaveLength(count)
      }
    })
  })

  it('leaves the source untouched', async () => {
    await seedThread(memory(), { threadId: 'untouched-src', resourceId: 'r', title: 'T', metadata: { k: 'v' }, texts: numbered(4) })
    const before = await threadSnapshot(getDb(), 'untouched-src')
    await memory().cloneThread({ sourceThreadId: 'untouched-src', resourceId: 'elsewhere', metadata: { k: 'changed' } })
    expect(await threadSnapshot(getDb(), 'untouched-src')).toEqual(before)
  })
})
