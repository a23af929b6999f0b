// The MemoryStorage contract: what every implementation of the engine's storage
// port (and its VectorStore, where vectors are supported) must do, as Vitest
// blocks. An implementation runs it once per backend:
//
//   import { describeMemoryStorageContract } from '@threadline/engine/testing/memory-storage-contract'
//   describeMemoryStorageContract('MemoryStorage on PGlite', () => openMyStorage())
//
// `open` gives a fresh, empty storage for the whole suite; tests use distinct
// ids so they share it. Vitest is imported here only: this module is for test runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageAlreadyExistsError, MessageNotFoundError, StorageError, ThreadAlreadyExistsError, ThreadNotFoundError } from '../errors/index.ts'
import type { MemoryStorage, MessageVector, VectorStore } from '../storage/types.ts'
import { describeBranches } from './memory-storage-contract-branches.ts'
import { describeMessageStructure } from './memory-storage-contract-structure.ts'
import { observationalMemoryRecord, textMessage } from './storage-fixtures.ts'

export type MemoryStorageContractSubject = {
  storage: MemoryStorage
  /** null where the backend stores no vectors: the vector cases are skipped */
  vector: VectorStore | null
  close(): Promise<void>
}

const minute = 60_000
const t0 = Date.UTC(2025, 4, 1, 12, 0, 0)
const ids = (rows: { id: string }[]) => rows.map((row) => row.id)

export function describeMemoryStorageContract(name: string, open: () => Promise<MemoryStorageContractSubject>): void {
  describe(name, () => {
    let subject: MemoryStorageContractSubject | undefined
    beforeAll(async () => {
      subject = await open()
    })
    afterAll(async () => {
      await subject?.close()
    })
    const storage = (): MemoryStorage => subject!.storage

    describeThreads(storage)
    describeLineage(storage)
    describeMessages(storage)
    describeWorkingMemory(storage)
    describeObservationalMemory(storage)
    describeTransactions(storage)
    describeVectors(storage, () => subject!.vector)
    describeBranches(storage, () => subject!.vector)
    describeMessageStructure(storage)
  })
}

function describeThreads(storage: () => MemoryStorage): void {
  describe('threads', () => {
    it('creates, reads, updates and deletes a thread; the title defaults to the empty string', async () => {
      const created = await storage().createThread({ id: 'c-crud', resourceId: 'c-r-crud', title: 'First', metadata: { topic: 'billing' } })
      expect(created).toMatchObject({ id: 'c-crud', resourceId: 'c-r-crud', title: 'First', metadata: { topic: 'billing' }, sourceThreadId: null })
      expect(await storage().getThreadById('c-crud')).toEqual(created)
      const updated = await storage().updateThread('c-crud', { title: 'Renamed', metadata: { topic: 'refunds' } })
      expect(updated).toMatchObject({ title: 'Renamed', metadata: { topic: 'refunds' } })
      expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime())
      await storage().deleteThread('c-crud')
      expect(await storage().getThreadById('c-crud')).toBeNull()
      expect((await storage().createThread({ id: 'c-untitled', resourceId: 'c-r-crud' })).title).toBe('')
    })

    it('refuses a taken id, also when two creates race: exactly one wins', async () => {
      await storage().createThread({ id: 'c-dup', resourceId: 'c-r' })
      await expect(storage().createThread({ id: 'c-dup', resourceId: 'c-r' })).rejects.toBeInstanceOf(ThreadAlreadyExistsError)
      const results = await Promise.allSettled([
        storage().createThread({ id: 'c-race', resourceId: 'c-r-a' }),
        storage().createThread({ id: 'c-race', resourceId: 'c-r-b' }),
      ])
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
      expect(results.find((result) => result.status === 'rejected')!.reason).toBeInstanceOf(ThreadAlreadyExistsError)
    })

    it('answers unknown ids: null to a read, ThreadNotFoundError to a write', async () => {
      expect(await storage().getThreadById('c-missing')).toBeNull()
      await expect(storage().updateThread('c-missing', { title: 'x' })).rejects.toBeInstanceOf(ThreadNotFoundError)
      await expect(storage().deleteThread('c-missing')).rejects.toBeInstanceOf(ThreadNotFoundError)
    })

    it('returns threads by ids in the order asked, leaving unknown ids out', async () => {
      await storage().createThread({ id: 'c-byids-a', resourceId: 'c-r' })
      await storage().createThread({ id: 'c-byids-b', resourceId: 'c-r' })
      expect(ids(await storage().getThreadsByIds(['c-byids-b', 'nope', 'c-byids-a']))).toEqual(['c-byids-b', 'c-byids-a'])
      expect(await storage().getThreadsByIds([])).toEqual([])
    })

    it('deletes a thread with its messages, thread working memory and thread OM, keeping resource data', async () => {
      await storage().createThread({ id: 'c-cascade', resourceId: 'c-r-cascade' })
      await storage().insertMessages([textMessage({ id: 'c-cascade-m', threadId: 'c-cascade', resourceId: 'c-r-cascade', at: 1 })])
      await storage().setWorkingMemory({ scope: 'thread', threadId: 'c-cascade' }, 'thread notes')
      await storage().setWorkingMemory({ scope: 'resource', resourceId: 'c-r-cascade' }, 'resource notes')
      await storage().insertObservationalMemory(observationalMemoryRecord({ scope: 'thread', threadId: 'c-cascade', resourceId: 'c-r-cascade' }))
      await storage().deleteThread('c-cascade')
      expect(await storage().getMessagesByIds(['c-cascade-m'])).toEqual([])
      expect(await storage().getWorkingMemory({ scope: 'thread', threadId: 'c-cascade' })).toBeNull()
      expect(await storage().getObservationalMemory({ scope: 'thread', threadId: 'c-cascade' })).toBeNull()
      expect(await storage().getWorkingMemory({ scope: 'resource', resourceId: 'c-r-cascade' })).toBe('resource notes')
    })

    it('lists threads newest update first, by resource and title (plain text, any case), in pages with the total', async () => {
      const resourceId = 'c-r-list'
      for (const [i, id] of ['c-list-a', 'c-list-b', 'c-list-c'].entries()) {
        await storage().createThread({
          id,
          resourceId,
          title: `Trip ${id} 100%`,
          updatedAt: new Date(Date.UTC(2025, 0, 1 + i)),
          createdAt: new Date(Date.UTC(2025, 0, 3 - i)),
        })
      }
      await storage().createThread({ id: 'c-list-other', resourceId: 'c-r-list-other', title: 'Trip 1000' })
      const all = await storage().listThreads({ resourceId })
      expect(all).toMatchObject({ total: 3 })
      expect(ids(all.threads)).toEqual(['c-list-c', 'c-list-b', 'c-list-a'])
      expect(await storage().listThreads({ resourceId, limit: 1, offset: 1 })).toMatchObject({ total: 3, threads: [{ id: 'c-list-b' }] })
      expect(await storage().listThreads({ resourceId, limit: 5, offset: 10 })).toEqual({ total: 3, threads: [] })
      expect(ids((await storage().listThreads({ titleContains: 'TRIP C-LIST-B' })).threads)).toEqual(['c-list-b'])
      // LIKE wildcards are plain text
      expect((await storage().listThreads({ titleContains: '0%' })).total).toBe(3)
      expect(ids((await storage().listThreads({ resourceId, orderBy: 'createdAt', limit: 1 })).threads)).toEqual(['c-list-a'])
    })
  })
}

function describeLineage(storage: () => MemoryStorage): void {
  describe('lineage', () => {
    beforeAll(async () => {
      // root -> child (r1), child-2 (r2); child -> grandchild (r1); child-2 -> grandchild-2 (r1)
      await storage().createThread({ id: 'l-root', resourceId: 'l-r1' })
      await storage().createThread({ id: 'l-child', resourceId: 'l-r1', sourceThreadId: 'l-root', createdAt: new Date(1000) })
      await storage().createThread({ id: 'l-child-2', resourceId: 'l-r2', sourceThreadId: 'l-root', createdAt: new Date(2000) })
      await storage().createThread({ id: 'l-grandchild', resourceId: 'l-r1', sourceThreadId: 'l-child', createdAt: new Date(3000) })
      await storage().createThread({ id: 'l-grandchild-2', resourceId: 'l-r1', sourceThreadId: 'l-child-2', createdAt: new Date(500) })
    })

    it('lists the direct clones of a thread, across resources, oldest first', async () => {
      expect(ids(await storage().listClones('l-root'))).toEqual(['l-child', 'l-child-2'])
      expect(await storage().listClones('l-grandchild')).toEqual([])
    })

    it('lists the descendants generation by generation, each naming its parent', async () => {
      const descendants = await storage().listThreadDescendants({ threadId: 'l-root' })
      expect(descendants.map((thread) => [thread.id, thread.sourceThreadId])).toEqual([
        ['l-child', 'l-root'],
        ['l-child-2', 'l-root'],
        ['l-grandchild-2', 'l-child-2'],
        ['l-grandchild', 'l-child'],
      ])
      expect(ids(await storage().listThreadDescendants({ threadId: 'l-root', limit: 3 }))).toEqual(['l-child', 'l-child-2', 'l-grandchild-2'])
      expect(await storage().listThreadDescendants({ threadId: 'l-nope' })).toEqual([])
    })

    it('walks descendants only through the given resources: a clone elsewhere goes with its subtree', async () => {
      expect(ids(await storage().listThreadDescendants({ threadId: 'l-root', resourceIds: ['l-r1'] }))).toEqual(['l-child', 'l-grandchild'])
      expect(await storage().listThreadDescendants({ threadId: 'l-root', resourceIds: [] })).toEqual([])
    })

    it('gives the ancestry root first, ending with the thread; [] for an unknown thread', async () => {
      expect(ids(await storage().getThreadAncestry('l-grandchild'))).toEqual(['l-root', 'l-child', 'l-grandchild'])
      expect(ids(await storage().getThreadAncestry('l-root'))).toEqual(['l-root'])
      expect(await storage().getThreadAncestry('l-nope')).toEqual([])
    })

    it('stops the ancestry at a deleted source and both walks at a cycle', async () => {
      await storage().createThread({ id: 'l-del-root', resourceId: 'l-r1' })
      await storage().createThread({ id: 'l-del-child', resourceId: 'l-r1', sourceThreadId: 'l-del-root' })
      await storage().deleteThread('l-del-root')
      expect(ids(await storage().getThreadAncestry('l-del-child'))).toEqual(['l-del-child'])

      await storage().createThread({ id: 'l-cyc-a', resourceId: 'l-r1', sourceThreadId: 'l-cyc-b' })
      await storage().createThread({ id: 'l-cyc-b', resourceId: 'l-r1', sourceThreadId: 'l-cyc-a' })
      expect(ids(await storage().getThreadAncestry('l-cyc-a'))).toEqual(['l-cyc-b', 'l-cyc-a'])
      expect(ids(await storage().listThreadDescendants({ threadId: 'l-cyc-a' }))).toEqual(['l-cyc-b'])
    })
  })
}

function describeMessages(storage: () => MemoryStorage): void {
  describe('messages', () => {
    // A thread whose messages have ties on createdAt: m03/m04/m05 share one instant.
    const thread = 'm-ordered'
    const resourceId = 'm-r'
    const at = (i: number) => t0 + [0, 1, 2, 3, 3, 3, 4, 5, 6, 7][i]! * minute
    const message = (i: number) => textMessage({ id: `m0${i}`, threadId: thread, resourceId, at: at(i) })
    beforeAll(async () => {
      await storage().createThread({ id: thread, resourceId })
      // inserted out of order, so the storage has to sort
      await storage().insertMessages([9, 4, 0, 5, 2, 8, 3, 1, 7, 6].map(message))
    })

    it('returns messages in (createdAt, id) order, as stored', async () => {
      const messages = await storage().listMessages({ threadId: thread })
      expect(ids(messages)).toEqual(['m00', 'm01', 'm02', 'm03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09'])
      expect(messages[3]).toEqual(message(3))
      expect(await storage().listMessages({ threadId: 'm-unknown' })).toEqual([])
    })

    it('selects by date range (inclusive) and ids, combined with AND; an empty id list is no filter', async () => {
      const range = { threadId: thread, startDate: new Date(at(2)), endDate: new Date(at(6)) }
      expect(ids(await storage().listMessages(range))).toEqual(['m02', 'm03', 'm04', 'm05', 'm06'])
      expect(ids(await storage().listMessages({ threadId: thread, messageIds: ['m07', 'm01', 'nope'] }))).toEqual(['m01', 'm07'])
      expect(ids(await storage().listMessages({ ...range, messageIds: ['m01', 'm04', 'm09'] }))).toEqual(['m04'])
      expect(await storage().listMessages({ threadId: thread, messageIds: [] })).toHaveLength(10)
    })

    it('keeps the LAST n after the other filters, oldest first; limit/offset paginate', async () => {
      expect(ids(await storage().listMessages({ threadId: thread, last: 3 }))).toEqual(['m07', 'm08', 'm09'])
      expect(ids(await storage().listMessages({ threadId: thread, endDate: new Date(at(5)), last: 2 }))).toEqual(['m04', 'm05'])
      expect(ids(await storage().listMessages({ threadId: thread, last: 2, limit: 5, offset: 3 }))).toEqual(['m08', 'm09'])
      expect(await storage().listMessages({ threadId: thread, last: 0 })).toHaveLength(10)
      expect(ids(await storage().listMessages({ threadId: thread, limit: 3, offset: 2 }))).toEqual(['m02', 'm03', 'm04'])
      expect(ids(await storage().listMessages({ threadId: thread, offset: 8 }))).toEqual(['m08', 'm09'])
    })

    it('pages backwards before a (createdAt, id) position and places messages by 1-based position', async () => {
      const m05 = { createdAt: new Date(at(5)), id: 'm05' }
      expect(ids(await storage().listMessages({ threadId: thread, before: m05, last: 2 }))).toEqual(['m03', 'm04'])
      expect(ids(await storage().listMessages({ threadId: thread, before: { createdAt: new Date(at(1)), id: 'm01' }, last: 5 }))).toEqual(['m00'])
      const positions = await storage().messagePositions({ threadId: thread, messageIds: ['m00', 'm07', 'm09', 'unknown'] })
      expect(Object.fromEntries(positions)).toEqual({ m00: 1, m07: 8, m09: 10 })
    })

    it('lists ids only, counts, and fetches by ids in order', async () => {
      expect(await storage().listMessageIds({ threadId: thread, last: 2 })).toEqual([
        { id: 'm08', createdAt: new Date(at(8)), role: 'user' },
        { id: 'm09', createdAt: new Date(at(9)), role: 'user' },
      ])
      expect(await storage().countMessages(thread)).toBe(10)
      expect(await storage().countMessages('m-unknown')).toBe(0)
      expect(ids(await storage().getMessagesByIds(['m05', 'unknown', 'm03']))).toEqual(['m03', 'm05'])
    })

    it('lists messages around others in their own thread, de-duplicated', async () => {
      await storage().createThread({ id: 'm-around-other', resourceId })
      await storage().insertMessages([textMessage({ id: 'mx1', threadId: 'm-around-other', resourceId, at: at(4) })])
      const around = await storage().listMessagesAround({ messageIds: ['m04', 'm05', 'mx1', 'unknown'], before: 1, after: 1 })
      expect(ids(around)).toEqual(['m03', 'm04', 'm05', 'mx1', 'm06'])
      expect(ids(await storage().listMessagesAround({ messageIds: ['m00'], before: 2, after: 0 }))).toEqual(['m00'])
    })

    it('refuses duplicate ids (in the batch or stored) and unknown threads, writing nothing', async () => {
      await storage().createThread({ id: 'm-dups', resourceId })
      const one = (id: string, threadId = 'm-dups') => textMessage({ id, threadId, resourceId, at: t0 })
      await storage().insertMessages([one('m-d1')])
      await expect(storage().insertMessages([one('m-d2'), one('m-d2')])).rejects.toMatchObject({ constructor: MessageAlreadyExistsError, messageIds: ['m-d2'] })
      await expect(storage().insertMessages([one('m-d3'), one('m-d1')])).rejects.toMatchObject({ constructor: MessageAlreadyExistsError, messageIds: ['m-d1'] })
      await expect(storage().insertMessages([one('m-d4'), one('m-d5', 'm-no-thread')])).rejects.toMatchObject({
        constructor: ThreadNotFoundError,
        threadId: 'm-no-thread',
      })
      expect(ids(await storage().listMessages({ threadId: 'm-dups' }))).toEqual(['m-d1'])
    })

    it('upserts: replaces existing messages by id and adds new ones', async () => {
      await storage().createThread({ id: 'm-upsert', resourceId })
      await storage().insertMessages([textMessage({ id: 'm-u1', threadId: 'm-upsert', resourceId, at: t0, text: 'before' })])
      await storage().upsertMessages([
        textMessage({ id: 'm-u1', threadId: 'm-upsert', resourceId, at: t0, text: 'after' }),
        textMessage({ id: 'm-u2', threadId: 'm-upsert', resourceId, at: t0 + 1, text: 'new' }),
      ])
      expect((await storage().listMessages({ threadId: 'm-upsert' })).map((m) => m.content.content)).toEqual(['after', 'new'])
    })

    it('copies selected messages: new ids in source order (ties kept), target thread and resource, same content', async () => {
      await storage().createThread({ id: 'm-copy-target', resourceId: 'm-r-copy' })
      const source = await storage().listMessages({ threadId: thread, startDate: new Date(at(3)), endDate: new Date(at(6)) })
      const result = await storage().copyMessages({
        sourceThreadId: thread,
        messageIds: ids(source),
        targetThreadId: 'm-copy-target',
        targetResourceId: 'm-r-copy',
      })
      expect(result.count).toBe(4)
      expect(Object.keys(result.messageIdMap)).toEqual(ids(source))
      const newIds = Object.values(result.messageIdMap)
      expect(new Set(newIds).size).toBe(4)
      for (const id of newIds) expect(ids(source)).not.toContain(id)
      const copies = await storage().listMessages({ threadId: 'm-copy-target' })
      expect(copies).toEqual(source.map((m) => ({ ...m, id: result.messageIdMap[m.id], threadId: 'm-copy-target', resourceId: 'm-r-copy' })))
      expect(await storage().countMessages(thread)).toBe(10)
    })

    it('copies a whole thread, keeping order and ties', async () => {
      await storage().createThread({ id: 'm-copy-all', resourceId: 'm-r-copy' })
      const source = await storage().listMessages({ threadId: thread })
      const result = await storage().copyThreadMessages({ sourceThreadId: thread, targetThreadId: 'm-copy-all', targetResourceId: 'm-r-copy' })
      expect(result.count).toBe(10)
      expect(Object.keys(result.messageIdMap)).toEqual(ids(source))
      expect(await storage().listMessages({ threadId: 'm-copy-all' })).toEqual(
        source.map((m) => ({ ...m, id: result.messageIdMap[m.id], threadId: 'm-copy-all', resourceId: 'm-r-copy' })),
      )
      await expect(storage().copyThreadMessages({ sourceThreadId: 'nope', targetThreadId: 'm-copy-all', targetResourceId: 'm-r-copy' })).rejects.toBeInstanceOf(
        ThreadNotFoundError,
      )
    })

    it('refuses a copy of messages not in the source thread, or into an unknown thread, copying nothing', async () => {
      await storage().createThread({ id: 'm-copy-target-2', resourceId })
      await storage().createThread({ id: 'm-elsewhere', resourceId })
      await storage().insertMessages([textMessage({ id: 'm-elsewhere-1', threadId: 'm-elsewhere', resourceId, at: t0 })])
      const args = { sourceThreadId: thread, targetThreadId: 'm-copy-target-2', targetResourceId: resourceId }
      await expect(storage().copyMessages({ ...args, messageIds: ['m01', 'not-a-message'] })).rejects.toMatchObject({
        constructor: MessageNotFoundError,
        messageIds: ['not-a-message'],
      })
      await expect(storage().copyMessages({ ...args, messageIds: ['m-elsewhere-1'] })).rejects.toBeInstanceOf(MessageNotFoundError)
      await expect(storage().copyMessages({ ...args, targetThreadId: 'nope', messageIds: ['m01'] })).rejects.toMatchObject({
        constructor: ThreadNotFoundError,
        threadId: 'nope',
      })
      expect(await storage().countMessages('m-copy-target-2')).toBe(0)
    })
  })
}

function describeWorkingMemory(storage: () => MemoryStorage): void {
  describe('working memory', () => {
    it('keeps thread-scoped working memory per thread, the last write winning', async () => {
      await storage().createThread({ id: 'w-t1', resourceId: 'w-r1' })
      await storage().createThread({ id: 'w-t2', resourceId: 'w-r1' })
      expect(await storage().getWorkingMemory({ scope: 'thread', threadId: 'w-t1' })).toBeNull()
      await storage().setWorkingMemory({ scope: 'thread', threadId: 'w-t1' }, '# Notes\n- likes tea')
      await storage().setWorkingMemory({ scope: 'thread', threadId: 'w-t1' }, '# Notes\n- likes coffee')
      expect(await storage().getWorkingMemory({ scope: 'thread', threadId: 'w-t1' })).toBe('# Notes\n- likes coffee')
      expect(await storage().getWorkingMemory({ scope: 'thread', threadId: 'w-t2' })).toBeNull()
    })

    it('keeps resource-scoped working memory, for a resource without threads too, apart from thread scope', async () => {
      expect(await storage().getWorkingMemory({ scope: 'resource', resourceId: 'w-fresh' })).toBeNull()
      await storage().setWorkingMemory({ scope: 'resource', resourceId: 'w-fresh' }, '{"name":"Ada"}')
      await storage().setWorkingMemory({ scope: 'resource', resourceId: 'w-fresh' }, '{"name":"Ada Lovelace"}')
      expect(await storage().getWorkingMemory({ scope: 'resource', resourceId: 'w-fresh' })).toBe('{"name":"Ada Lovelace"}')

      await storage().createThread({ id: 'w-both', resourceId: 'w-r2' })
      await storage().setWorkingMemory({ scope: 'resource', resourceId: 'w-r2' }, 'resource text')
      await storage().setWorkingMemory({ scope: 'thread', threadId: 'w-both' }, 'thread text')
      expect(await storage().getWorkingMemory({ scope: 'resource', resourceId: 'w-r2' })).toBe('resource text')
      expect(await storage().getWorkingMemory({ scope: 'thread', threadId: 'w-both' })).toBe('thread text')
    })

    it('refuses thread-scoped working memory for an unknown thread', async () => {
      await expect(storage().setWorkingMemory({ scope: 'thread', threadId: 'w-nope' }, 'x')).rejects.toBeInstanceOf(ThreadNotFoundError)
    })

    it('keeps every version, oldest first, and answers what was current at a date (both scopes)', async () => {
      await storage().createThread({ id: 'w-v', resourceId: 'w-rv' })
      for (const key of [{ scope: 'thread', threadId: 'w-v' } as const, { scope: 'resource', resourceId: 'w-rv' } as const]) {
        const before = new Date()
        await tick()
        await storage().setWorkingMemory(key, 'v1')
        await tick()
        const afterFirst = new Date()
        await tick()
        await storage().setWorkingMemory(key, 'v2')
        await storage().setWorkingMemory(key, 'v3')
        const versions = await storage().listWorkingMemoryVersions(key)
        expect(versions.map((version) => version.text)).toEqual(['v1', 'v2', 'v3'])
        expect(versions[0]!.createdAt.getTime()).toBeGreaterThan(before.getTime())
        expect(versions[1]!.createdAt.getTime()).toBeGreaterThan(afterFirst.getTime())
        expect(await storage().getWorkingMemoryAsOf(key, before)).toBeNull()
        expect(await storage().getWorkingMemoryAsOf(key, afterFirst)).toBe('v1')
        expect(await storage().getWorkingMemoryAsOf(key, versions[0]!.createdAt)).toBe('v1')
        expect(await storage().getWorkingMemoryAsOf(key, new Date())).toBe('v3')
        expect(await storage().getWorkingMemory(key)).toBe('v3')
      }
      expect(await storage().listWorkingMemoryVersions({ scope: 'thread', threadId: 'w-none' })).toEqual([])
    })

    it('takes the later of two versions written in the same millisecond (one transaction)', async () => {
      await storage().createThread({ id: 'w-same', resourceId: 'w-r' })
      await storage().transaction(async (tx) => {
        for (const text of ['a', 'b', 'c', 'd']) await tx.storage.setWorkingMemory({ scope: 'thread', threadId: 'w-same' }, text)
      })
      expect(await storage().getWorkingMemory({ scope: 'thread', threadId: 'w-same' })).toBe('d')
      expect(await storage().getWorkingMemoryAsOf({ scope: 'thread', threadId: 'w-same' }, new Date())).toBe('d')
    })

    it("copies a thread's versions up to a date (all without one) to another thread, dates kept, the source untouched", async () => {
      await storage().createThread({ id: 'w-copy-src', resourceId: 'w-rc' })
      await storage().createThread({ id: 'w-copy-asof', resourceId: 'w-rc' })
      await storage().createThread({ id: 'w-copy-all', resourceId: 'w-rc2' })
      const source = { scope: 'thread', threadId: 'w-copy-src' } as const
      await storage().setWorkingMemory(source, 'early')
      await tick()
      const cutoff = new Date()
      await tick()
      await storage().setWorkingMemory(source, 'late')
      const copied = await storage().copyThreadWorkingMemory({
        sourceThreadId: 'w-copy-src',
        targetThreadId: 'w-copy-asof',
        targetResourceId: 'w-rc',
        asOf: cutoff,
      })
      expect(copied).toBe(1)
      const sourceVersions = await storage().listWorkingMemoryVersions(source)
      const target = await storage().listWorkingMemoryVersions({ scope: 'thread', threadId: 'w-copy-asof' })
      expect(target.map(({ text, createdAt }) => ({ text, createdAt }))).toEqual([{ text: 'early', createdAt: sourceVersions[0]!.createdAt }])
      expect(await storage().getWorkingMemory({ scope: 'thread', threadId: 'w-copy-asof' })).toBe('early')

      expect(
        await storage().copyThreadWorkingMemory({ sourceThreadId: 'w-copy-src', targetThreadId: 'w-copy-all', targetResourceId: 'w-rc2', asOf: null }),
      ).toBe(2)
      expect(await storage().getWorkingMemory({ scope: 'thread', threadId: 'w-copy-all' })).toBe('late')
      // a later write to the copy is its own; the source keeps its versions
      await storage().setWorkingMemory({ scope: 'thread', threadId: 'w-copy-all' }, 'own')
      expect(await storage().getWorkingMemory(source)).toBe('late')
      expect(await storage().listWorkingMemoryVersions(source)).toEqual(sourceVersions)
      await expect(
        storage().copyThreadWorkingMemory({ sourceThreadId: 'w-copy-src', targetThreadId: 'w-copy-nope', targetResourceId: 'w-rc', asOf: null }),
      ).rejects.toBeInstanceOf(ThreadNotFoundError)
    })
  })
}

/** Lets the clock move on by at least a millisecond (dates are stored to the millisecond). */
function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 3))
}

function describeObservationalMemory(storage: () => MemoryStorage): void {
  describe('observational memory', () => {
    it('adds generations 0, 1, 2 and reads the highest as current, every field kept', async () => {
      await storage().createThread({ id: 'o-t1', resourceId: 'o-r1' })
      const key = { scope: 'thread', threadId: 'o-t1' } as const
      expect(await storage().getObservationalMemory(key)).toBeNull()
      const chunk = { id: 'c1', observations: 'buffered', messageIds: ['m1', 'm2'], tokenCount: 12, createdAt: new Date('2025-03-01T10:00:00Z') }
      const first = await storage().insertObservationalMemory(
        observationalMemoryRecord({
          scope: 'thread',
          threadId: 'o-t1',
          resourceId: 'o-r1',
          activeObservations: '<observation-group range="m1:m2">likes tea</observation-group>',
          observedMessageIds: ['m1', 'm2'],
          bufferedObservationChunks: [chunk],
          lastObservedAt: new Date('2025-03-01T10:01:00Z'),
          totalTokensObserved: 40,
          config: { observeEvery: 10 },
        }),
      )
      expect(first).toMatchObject({
        generation: 0,
        originType: 'initial',
        observedMessageIds: ['m1', 'm2'],
        config: { observeEvery: 10 },
        bufferedObservationChunks: [chunk],
      })
      const second = await storage().insertObservationalMemory(
        observationalMemoryRecord({ scope: 'thread', threadId: 'o-t1', resourceId: 'o-r1', originType: 'reflection', activeObservations: 'reflected' }),
      )
      const third = await storage().insertObservationalMemory(
        observationalMemoryRecord({ scope: 'thread', threadId: 'o-t1', resourceId: 'o-r1', activeObservations: 'latest' }),
      )
      expect([second.generation, third.generation]).toEqual([1, 2])
      expect(await storage().getObservationalMemory(key)).toEqual(third)
      const generations = await storage().listObservationalMemoryGenerations(key)
      expect(generations.map((g) => [g.generation, g.activeObservations])).toEqual([
        [0, first.activeObservations],
        [1, 'reflected'],
        [2, 'latest'],
      ])
      expect(generations[0]).toEqual(first)
    })

    it('numbers generations per key, resource scope apart from thread scope, also under concurrent inserts', async () => {
      await storage().createThread({ id: 'o-t2', resourceId: 'o-r2' })
      const resourceRecord = observationalMemoryRecord({ scope: 'resource', threadId: null, resourceId: 'o-r2' })
      expect((await storage().insertObservationalMemory(resourceRecord)).generation).toBe(0)
      expect((await storage().insertObservationalMemory(resourceRecord)).generation).toBe(1)
      expect((await storage().insertObservationalMemory(observationalMemoryRecord({ scope: 'thread', threadId: 'o-t2', resourceId: 'o-r2' }))).generation).toBe(
        0,
      )
      expect(await storage().getObservationalMemory({ scope: 'resource', resourceId: 'o-r2' })).toMatchObject({ generation: 1, threadId: null })

      const concurrent = observationalMemoryRecord({ scope: 'resource', threadId: null, resourceId: 'o-concurrent' })
      const inserted = await Promise.all(Array.from({ length: 5 }, () => storage().insertObservationalMemory(concurrent)))
      expect(inserted.map((record) => record.generation).sort()).toEqual([0, 1, 2, 3, 4])
    })

    it('answers the generation current at a date: the highest created at or before it', async () => {
      await storage().createThread({ id: 'o-asof', resourceId: 'o-r' })
      const key = { scope: 'thread', threadId: 'o-asof' } as const
      for (const [minutes, text] of [
        [0, 'g0'],
        [10, 'g1'],
        [20, 'g2'],
      ] as const) {
        await storage().insertObservationalMemory(
          observationalMemoryRecord({
            scope: 'thread',
            threadId: 'o-asof',
            resourceId: 'o-r',
            activeObservations: text,
            createdAt: new Date(t0 + minutes * minute),
          }),
        )
      }
      expect(await storage().getObservationalMemoryAsOf(key, new Date(t0 - 1))).toBeNull()
      expect((await storage().getObservationalMemoryAsOf(key, new Date(t0)))?.activeObservations).toBe('g0')
      expect((await storage().getObservationalMemoryAsOf(key, new Date(t0 + 15 * minute)))?.generation).toBe(1)
      expect((await storage().getObservationalMemoryAsOf(key, new Date(t0 + 60 * minute)))?.activeObservations).toBe('g2')
      expect(await storage().getObservationalMemoryAsOf({ scope: 'thread', threadId: 'o-none' }, new Date())).toBeNull()
    })

    it('updates one generation in place', async () => {
      const created = await storage().insertObservationalMemory(
        observationalMemoryRecord({ scope: 'resource', threadId: null, resourceId: 'o-update', isObserving: true }),
      )
      const updated = await storage().updateObservationalMemory(created.id, { activeObservations: 'rewritten', isObserving: false, pendingMessageTokens: 7 })
      expect(updated).toMatchObject({ id: created.id, generation: 0, activeObservations: 'rewritten', isObserving: false, pendingMessageTokens: 7 })
      expect(await storage().listObservationalMemoryGenerations({ scope: 'resource', resourceId: 'o-update' })).toHaveLength(1)
      await expect(storage().updateObservationalMemory('o-nope', { activeObservations: 'x' })).rejects.toBeInstanceOf(StorageError)
    })

    it('refuses a thread-scoped record for an unknown thread', async () => {
      await expect(
        storage().insertObservationalMemory(observationalMemoryRecord({ scope: 'thread', threadId: 'o-nope', resourceId: 'o-r' })),
      ).rejects.toBeInstanceOf(ThreadNotFoundError)
    })
  })
}

function describeTransactions(storage: () => MemoryStorage): void {
  describe('transactions', () => {
    it('commits everything done through tx together', async () => {
      await storage().transaction(async (tx) => {
        await tx.storage.createThread({ id: 'x-commit', resourceId: 'x-r' })
        await tx.storage.insertMessages([textMessage({ id: 'x-commit-m', threadId: 'x-commit', resourceId: 'x-r', at: 0 })])
        await tx.storage.setWorkingMemory({ scope: 'thread', threadId: 'x-commit' }, 'notes')
      })
      expect(await storage().countMessages('x-commit')).toBe(1)
      expect(await storage().getWorkingMemory({ scope: 'thread', threadId: 'x-commit' })).toBe('notes')
    })

    it('rolls everything back when fn throws, and rethrows its error unchanged', async () => {
      const abort = new Error('stop')
      await expect(
        storage().transaction(async (tx) => {
          await tx.storage.createThread({ id: 'x-rollback', resourceId: 'x-r' })
          await tx.storage.insertMessages([textMessage({ id: 'x-rollback-m', threadId: 'x-rollback', resourceId: 'x-r', at: 0 })])
          throw abort
        }),
      ).rejects.toBe(abort)
      expect(await storage().getThreadById('x-rollback')).toBeNull()
      expect(await storage().getMessagesByIds(['x-rollback-m'])).toEqual([])
    })

    it('rolls back on a typed storage error inside', async () => {
      await expect(
        storage().transaction(async (tx) => {
          await tx.storage.createThread({ id: 'x-typed', resourceId: 'x-r' })
          await tx.storage.insertMessages([textMessage({ id: 'x-typed-m', threadId: 'x-no-thread', resourceId: 'x-r', at: 0 })])
        }),
      ).rejects.toBeInstanceOf(ThreadNotFoundError)
      expect(await storage().getThreadById('x-typed')).toBeNull()
    })

    it('reuses the open transaction for nested calls', async () => {
      const seen = await storage().transaction(async (tx) => {
        await tx.storage.createThread({ id: 'x-nested', resourceId: 'x-r' })
        return tx.storage.transaction(async (inner) => inner.storage.getThreadById('x-nested'))
      })
      expect(seen?.id).toBe('x-nested')
    })
  })
}

function describeVectors(storage: () => MemoryStorage, getVector: () => VectorStore | null): void {
  describe('vectors', () => {
    const resourceId = 'v-r'
    const model = 'contract/embedder'
    const entry = (messageId: string, embedding: number[], extra: Partial<MessageVector> = {}): MessageVector => ({
      messageId,
      threadId: 'v-t1',
      resourceId,
      embedding,
      model,
      dimensions: embedding.length,
      ...extra,
    })
    let vector: VectorStore | null = null
    beforeAll(async () => {
      vector = getVector()
      await storage().createThread({ id: 'v-t1', resourceId })
      await storage().createThread({ id: 'v-t2', resourceId: 'v-other' })
      await storage().insertMessages([
        ...['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => textMessage({ id: `v-${id}`, threadId: 'v-t1', resourceId, at: 1000 * i })),
        textMessage({ id: 'v-z', threadId: 'v-t2', resourceId: 'v-other', at: 0 }),
      ])
    })

    it('upserts vectors and returns nearest neighbours by cosine score, filtered by model, thread and resource', async (ctx) => {
      if (vector === null) return ctx.skip()
      await vector.upsertVectors([
        entry('v-a', [1, 0, 0]),
        entry('v-b', [1, 1, 0]),
        entry('v-c', [0, 1, 0]),
        entry('v-d', [-1, 0, 0]),
        entry('v-a', [0, 0, 1], { model: 'other/model' }),
        entry('v-z', [1, 0, 0], { threadId: 'v-t2', resourceId: 'v-other' }),
      ])
      const matches = await vector.queryVectors({ embedding: [1, 0, 0], model, topK: 3, threadId: 'v-t1' })
      expect(matches.map((m) => m.messageId)).toEqual(['v-a', 'v-b', 'v-c'])
      expect(matches.map((m) => m.score)).toEqual([expect.closeTo(1, 5), expect.closeTo(Math.SQRT1_2, 5), expect.closeTo(0, 5)])
      expect(matches[0]!.threadId).toBe('v-t1')
      expect((await vector.queryVectors({ embedding: [1, 0, 0], model, topK: 10, resourceId: 'v-other' })).map((m) => m.messageId)).toEqual(['v-z'])
      expect((await vector.queryVectors({ embedding: [0, 0, 1], model: 'other/model', topK: 10 })).map((m) => m.messageId)).toEqual(['v-a'])
      // an upsert replaces the vector
      await vector.upsertVectors([entry('v-d', [1, 0, 0])])
      expect((await vector.queryVectors({ embedding: [1, 0, 0], model, topK: 2, threadId: 'v-t1' })).map((m) => m.messageId).sort()).toEqual(['v-a', 'v-d'])
      expect((await vector.listVectorMessageIds(['v-a', 'v-b', 'v-e', 'unknown'], model)).sort()).toEqual(['v-a', 'v-b'])
    })

    it('copies the vectors of one model to copied messages, and deletes a thread’s vectors', async (ctx) => {
      if (vector === null) return ctx.skip()
      await storage().createThread({ id: 'v-clone', resourceId: 'v-clone-r' })
      await vector.upsertVectors([entry('v-a', [1, 0, 0]), entry('v-b', [1, 1, 0])])
      const { messageIdMap } = await storage().copyMessages({
        sourceThreadId: 'v-t1',
        messageIds: ['v-a', 'v-b', 'v-f'],
        targetThreadId: 'v-clone',
        targetResourceId: 'v-clone-r',
      })
      // v-f has no vector: only v-a and v-b are copied
      expect(await vector.copyVectors({ messageIdMap, model, threadId: 'v-clone', resourceId: 'v-clone-r' })).toBe(2)
      expect((await vector.queryVectors({ embedding: [1, 0, 0], model, topK: 5, threadId: 'v-clone' })).map((m) => m.messageId)).toEqual([
        messageIdMap['v-a'],
        messageIdMap['v-b'],
      ])
      await vector.deleteVectorsForThread('v-clone')
      expect(await vector.queryVectors({ embedding: [1, 0, 0], model, topK: 5, threadId: 'v-clone' })).toEqual([])
    })

    it("counts a thread's messages and those with a vector of one model", async (ctx) => {
      if (vector === null) return ctx.skip()
      await storage().createThread({ id: 'v-count', resourceId })
      await storage().insertMessages(['p', 'q', 'r'].map((id, i) => textMessage({ id: `v-count-${id}`, threadId: 'v-count', resourceId, at: i })))
      expect(await vector.countThreadVectors({ threadId: 'v-count', model })).toEqual({ messages: 3, withVector: 0 })
      await vector.upsertVectors([
        entry('v-count-p', [1, 0], { threadId: 'v-count' }),
        entry('v-count-q', [0, 1], { threadId: 'v-count' }),
        entry('v-count-r', [1, 1], { threadId: 'v-count', model: 'other/model' }),
      ])
      expect(await vector.countThreadVectors({ threadId: 'v-count', model })).toEqual({ messages: 3, withVector: 2 })
      expect(await vector.countThreadVectors({ threadId: 'v-no-such-thread', model })).toEqual({ messages: 0, withVector: 0 })
    })

    it('refuses vectors for unknown messages', async (ctx) => {
      if (vector === null) return ctx.skip()
      await expect(vector.upsertVectors([entry('v-a', [1, 0]), entry('v-ghost', [1, 0])])).rejects.toMatchObject({
        constructor: MessageNotFoundError,
        messageIds: ['v-ghost'],
      })
    })
  })
}
