// The MemoryStorage contract for shared-history branches (docs/spec/branch-thread.md):
// creation, the effective history every read goes through, the write guards,
// deleting with branches and the lineage. Run by describeMemoryStorageContract.
import { beforeAll, describe, expect, it } from 'vitest'
import { InheritedMessageError, MessageSharedByBranchesError, ThreadHasBranchesError } from '../errors/branch-errors.ts'
import { InvalidInputError, MessageAlreadyExistsError, MessageNotFoundError, ThreadAlreadyExistsError, ThreadNotFoundError } from '../errors/index.ts'
import type { MemoryStorage, MessageVector, VectorStore } from '../storage/types.ts'
import { textMessage } from './storage-fixtures.ts'

const minute = 60_000
const t0 = Date.UTC(2025, 5, 1, 9, 0, 0)
const ids = (rows: { id: string }[]) => rows.map((row) => row.id)
const resourceId = 'b-r'
const at = (minutes: number) => new Date(t0 + minutes * minute)

/**
 * b-root: r1..r5 (minutes 1..5), r6 written AFTER the branches (minute 6)
 * b-a    = branch of b-root at r3, own a1, a2 (minutes 10, 11)
 * b-b    = branch of b-root at r2, own b1 (minute 12)       (a sibling of b-a)
 * b-aa   = branch of b-a at r2 (an inherited cutoff: owner b-root), own aa1 (minute 13)
 * b-ab   = branch of b-a at a1 (its own message), own ab1 (minute 14)
 */
async function seedTree(storage: MemoryStorage): Promise<void> {
  const message = (id: string, threadId: string, minutes: number) => textMessage({ id, threadId, resourceId, at: at(minutes), text: `text of ${id}` })
  await storage.createThread({ id: 'b-root', resourceId, title: 'Support', metadata: { topic: 'billing', clone: { sourceThreadId: 'x', clonedAt: 'y' } } })
  await storage.insertMessages([1, 2, 3, 4, 5].map((i) => message(`r${i}`, 'b-root', i)))
  const branch = (id: string, sourceThreadId: string, branchPointMessageId: string, day: number) =>
    storage.createBranch({ id, sourceThreadId, branchPointMessageId, title: null, metadata: {}, branchedAt: new Date(Date.UTC(2025, 6, day)) })
  await branch('b-a', 'b-root', 'r3', 1)
  await branch('b-b', 'b-root', 'r2', 2)
  await storage.insertMessages([message('a1', 'b-a', 10), message('a2', 'b-a', 11), message('b1', 'b-b', 12)])
  await branch('b-aa', 'b-a', 'r2', 3)
  await branch('b-ab', 'b-a', 'a1', 4)
  await storage.insertMessages([message('aa1', 'b-aa', 13), message('ab1', 'b-ab', 14), message('r6', 'b-root', 6)])
}

export function describeBranches(storage: () => MemoryStorage, vector: () => VectorStore | null): void {
  describe('branches', () => {
    beforeAll(async () => {
      await seedTree(storage())
    })

    it('creates ONE thread row with its link, lineage metadata, default title and the count it inherits', async () => {
      const { thread, inheritedMessageCount } = await storage().createBranch({
        id: 'b-new',
        sourceThreadId: 'b-a',
        branchPointMessageId: null,
        title: null,
        metadata: { experiment: 'b', topic: 'refunds', branch: 'forged', clone: 'forged' },
        branchedAt: new Date(Date.UTC(2025, 7, 1)),
      })
      // default cutoff: the source's last message in its effective history
      expect(inheritedMessageCount).toBe(5)
      expect(thread).toMatchObject({
        id: 'b-new',
        resourceId,
        title: 'Branch of Branch of Support',
        sourceThreadId: null,
        branch: { parentThreadId: 'b-a', branchPointMessageId: 'a2', branchPointThreadId: 'b-a', branchPointCreatedAt: at(11) },
        metadata: {
          topic: 'refunds',
          experiment: 'b',
          branch: { sourceThreadId: 'b-a', branchPointMessageId: 'a2', branchedAt: '2025-08-01T00:00:00.000Z' },
        },
      })
      // the source's clone metadata is lineage, not inherited
      expect(thread.metadata).not.toHaveProperty('clone')
      expect(await storage().getThreadById('b-new')).toEqual(thread)
      expect(await storage().listMessages({ threadId: 'b-new' })).toHaveLength(5)
      await storage().deleteThread('b-new')
    })

    it('keeps an explicit title, an empty one for an untitled source, and the lineage keys through updateThread', async () => {
      await storage().createThread({ id: 'b-untitled', resourceId })
      await storage().insertMessages([textMessage({ id: 'u1', threadId: 'b-untitled', resourceId, at: at(1) })])
      const untitled = await storage().createBranch({
        id: 'b-untitled-1',
        sourceThreadId: 'b-untitled',
        branchPointMessageId: null,
        title: null,
        metadata: {},
        branchedAt: new Date(),
      })
      expect(untitled.thread.title).toBe('')
      const named = await storage().createBranch({
        id: 'b-untitled-2',
        sourceThreadId: 'b-untitled',
        branchPointMessageId: 'u1',
        title: 'Try Claude from here',
        metadata: {},
        branchedAt: new Date(),
      })
      expect(named).toMatchObject({ thread: { title: 'Try Claude from here' }, inheritedMessageCount: 1 })
      const updated = await storage().updateThread('b-untitled-2', { metadata: { note: 'x', branch: { sourceThreadId: 'forged' } } })
      expect(updated.metadata).toEqual({ note: 'x', branch: named.thread.metadata.branch })
    })

    it('refuses an unknown source, a taken id, an unknown cutoff, one outside the history and an empty source', async () => {
      const create = (over: Partial<Parameters<MemoryStorage['createBranch']>[0]>) =>
        storage().createBranch({
          id: 'b-refused',
          sourceThreadId: 'b-root',
          branchPointMessageId: null,
          title: null,
          metadata: {},
          branchedAt: new Date(),
          ...over,
        })
      await expect(create({ sourceThreadId: 'b-nope' })).rejects.toBeInstanceOf(ThreadNotFoundError)
      await expect(create({ id: 'b-a' })).rejects.toBeInstanceOf(ThreadAlreadyExistsError)
      await expect(create({ branchPointMessageId: 'nope' })).rejects.toMatchObject({ constructor: MessageNotFoundError, field: 'branchPointMessageId' })
      // after b-a's cutoff in its source, and a sibling's message
      await expect(create({ sourceThreadId: 'b-a', branchPointMessageId: 'r4' })).rejects.toMatchObject({
        constructor: InvalidInputError,
        field: 'branchPointMessageId',
      })
      await expect(create({ sourceThreadId: 'b-a', branchPointMessageId: 'b1' })).rejects.toBeInstanceOf(InvalidInputError)
      await storage().createThread({ id: 'b-empty', resourceId })
      await expect(create({ sourceThreadId: 'b-empty' })).rejects.toMatchObject({ constructor: InvalidInputError, field: 'sourceThreadId' })
      expect(await storage().getThreadById('b-refused')).toBeNull()
    })

    it('reads the effective history: ancestors up to the cutoff, root level first, then its own; no later or sibling message', async () => {
      expect(ids(await storage().listMessages({ threadId: 'b-root' }))).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6'])
      expect(ids(await storage().listMessages({ threadId: 'b-a' }))).toEqual(['r1', 'r2', 'r3', 'a1', 'a2'])
      expect(ids(await storage().listMessages({ threadId: 'b-b' }))).toEqual(['r1', 'r2', 'b1'])
      expect(ids(await storage().listMessages({ threadId: 'b-aa' }))).toEqual(['r1', 'r2', 'aa1'])
      expect(ids(await storage().listMessages({ threadId: 'b-ab' }))).toEqual(['r1', 'r2', 'r3', 'a1', 'ab1'])
      // inherited rows are the same rows: their ids and their owner's threadId
      const [first] = await storage().listMessages({ threadId: 'b-ab', limit: 1 })
      expect(first).toEqual((await storage().getMessagesByIds(['r1']))[0])
      expect(first?.threadId).toBe('b-root')
    })

    it('applies every selection to the effective history: last, pages, dates, ids; counts and id lists too', async () => {
      const ab = { threadId: 'b-ab' }
      expect(ids(await storage().listMessages({ ...ab, last: 3 }))).toEqual(['r3', 'a1', 'ab1'])
      expect(ids(await storage().listMessages({ ...ab, last: 1 }))).toEqual(['ab1'])
      expect(ids(await storage().listMessages({ threadId: 'b-a', last: 50 }))).toEqual(['r1', 'r2', 'r3', 'a1', 'a2'])
      expect(ids(await storage().listMessages({ ...ab, limit: 2, offset: 2 }))).toEqual(['r3', 'a1'])
      expect(ids(await storage().listMessages({ ...ab, offset: 3 }))).toEqual(['a1', 'ab1'])
      expect(ids(await storage().listMessages({ ...ab, startDate: at(2), endDate: at(10) }))).toEqual(['r2', 'r3', 'a1'])
      // a later source message, a sibling's and another branch's are not selectable by id
      expect(ids(await storage().listMessages({ ...ab, messageIds: ['r1', 'r4', 'r6', 'b1', 'a2', 'aa1', 'ab1'] }))).toEqual(['r1', 'ab1'])
      expect(ids(await storage().listMessages({ ...ab, last: 2, messageIds: ['r1', 'r2', 'r6'] }))).toEqual(['r1', 'r2'])
      expect(await storage().countMessages('b-ab')).toBe(5)
      expect(await storage().countMessages('b-b')).toBe(3)
      expect(await storage().listMessageIds({ ...ab, last: 2 })).toEqual([
        { id: 'a1', createdAt: at(10), role: 'user' },
        { id: 'ab1', createdAt: at(14), role: 'user' },
      ])
    })

    it('places messages in the effective history: inherited levels first; a message of another branch has no place', async () => {
      const positions = await storage().messagePositions({ threadId: 'b-ab', messageIds: ['r1', 'r3', 'a1', 'ab1', 'r4', 'b1'] })
      expect(Object.fromEntries(positions)).toEqual({ r1: 1, r3: 3, a1: 4, ab1: 5 })
      expect(ids(await storage().listMessages({ threadId: 'b-ab', before: { createdAt: at(14), id: 'ab1' }, last: 2 }))).toEqual(['r3', 'a1'])
    })

    it('finds neighbours in the effective history of the anchored thread, in their own thread otherwise', async () => {
      expect(ids(await storage().listMessagesAround({ threadId: 'b-a', messageIds: ['r3'], before: 1, after: 2 }))).toEqual(['r2', 'r3', 'a1', 'a2'])
      expect(ids(await storage().listMessagesAround({ threadId: 'b-ab', messageIds: ['a1'], before: 2, after: 5 }))).toEqual(['r2', 'r3', 'a1', 'ab1'])
      expect(ids(await storage().listMessagesAround({ threadId: 'b-b', messageIds: ['b1'], before: 5, after: 5 }))).toEqual(['r1', 'r2', 'b1'])
      expect(ids(await storage().listMessagesAround({ messageIds: ['r3'], before: 1, after: 2 }))).toEqual(['r2', 'r3', 'r4', 'r5'])
    })

    it('reads branches of branches to depth 6, each level cut where its child branched', async () => {
      let parent = 'b-deep-0'
      await storage().createThread({ id: parent, resourceId })
      await storage().insertMessages([textMessage({ id: 'deep-0', threadId: parent, resourceId, at: at(0) })])
      for (let depth = 1; depth <= 6; depth++) {
        const id = `b-deep-${depth}`
        await storage().createBranch({ id, sourceThreadId: parent, branchPointMessageId: null, title: null, metadata: {}, branchedAt: new Date() })
        // a message each branch's child never sees, written to the parent after the cut
        await storage().insertMessages([
          textMessage({ id: `deep-${depth}`, threadId: id, resourceId, at: at(depth) }),
          textMessage({ id: `late-${depth - 1}`, threadId: parent, resourceId, at: at(100 + depth) }),
        ])
        parent = id
      }
      const expected = ['deep-0', 'deep-1', 'deep-2', 'deep-3', 'deep-4', 'deep-5', 'deep-6']
      expect(ids(await storage().listMessages({ threadId: 'b-deep-6' }))).toEqual(expected)
      expect(ids(await storage().listMessages({ threadId: 'b-deep-6', last: 3 }))).toEqual(expected.slice(-3))
      expect(await storage().countMessages('b-deep-6')).toBe(7)
      expect(ids(await storage().listMessages({ threadId: 'b-deep-3' }))).toEqual([...expected.slice(0, 4), 'late-3'])
      expect(ids(await storage().getLineage('b-deep-6'))).toEqual(expected.map((_, depth) => `b-deep-${depth}`))
    })

    it('refuses to change an inherited message through a branch, and a shared one at its owner; identical rewrites are no change', async () => {
      const r2 = (await storage().getMessagesByIds(['r2']))[0]!
      const edited = { ...r2, content: { ...r2.content, parts: [{ type: 'text' as const, text: 'edited' }] } }
      await expect(storage().upsertMessages([{ ...edited, threadId: 'b-a' }])).rejects.toMatchObject({
        constructor: InheritedMessageError,
        messageId: 'r2',
        ownerThreadId: 'b-root',
      })
      const shared = await storage()
        .upsertMessages([edited])
        .catch((error: unknown) => error)
      expect(shared).toBeInstanceOf(MessageSharedByBranchesError)
      expect((shared as MessageSharedByBranchesError).messageIds).toEqual(['r2'])
      expect([...(shared as MessageSharedByBranchesError).branchThreadIds].sort()).toEqual(['b-a', 'b-aa', 'b-ab', 'b-b'])
      await storage().upsertMessages([r2])
      // a message nobody inherits can change; one written to the branch is the branch's
      const r5 = (await storage().getMessagesByIds(['r5']))[0]!
      await storage().upsertMessages([{ ...r5, content: { ...r5.content, parts: [{ type: 'text', text: 'r5 edited' }] } }])
      await storage().upsertMessages([textMessage({ id: 'a3', threadId: 'b-a', resourceId, at: at(20) })])
      expect((await storage().getMessagesByIds(['r2']))[0]).toEqual(r2)
      await expect(storage().insertMessages([textMessage({ id: 'r1', threadId: 'b-a', resourceId, at: at(30) })])).rejects.toBeInstanceOf(
        MessageAlreadyExistsError,
      )
    })

    it('refuses a new message placed at or before a branch cutoff in its thread, and takes one after it', async () => {
      const early = textMessage({ id: 'r-early', threadId: 'b-root', resourceId, at: at(2.5) })
      await expect(storage().insertMessages([early])).rejects.toMatchObject({ constructor: MessageSharedByBranchesError, messageIds: ['r-early'] })
      await expect(storage().upsertMessages([early])).rejects.toBeInstanceOf(MessageSharedByBranchesError)
      await storage().insertMessages([textMessage({ id: 'r-late', threadId: 'b-root', resourceId, at: at(3.5) })])
      expect(ids(await storage().listMessages({ threadId: 'b-a' }))).not.toContain('r-late')
    })

    it('deletes messages with the same guards', async () => {
      await expect(storage().deleteMessages({ messageIds: ['r2'], threadId: 'b-a' })).rejects.toMatchObject({
        constructor: InheritedMessageError,
        ownerThreadId: 'b-root',
      })
      await expect(storage().deleteMessages({ messageIds: ['r3'] })).rejects.toMatchObject({
        constructor: MessageSharedByBranchesError,
        branchThreadIds: ['b-a', 'b-ab'],
      })
      await expect(storage().deleteMessages({ messageIds: ['a1'] })).rejects.toMatchObject({ branchThreadIds: ['b-ab'] })
      await expect(storage().deleteMessages({ messageIds: ['nope'] })).rejects.toBeInstanceOf(MessageNotFoundError)
      await expect(storage().deleteMessages({ messageIds: ['b1'], threadId: 'b-a' })).rejects.toBeInstanceOf(MessageNotFoundError)
      expect(await storage().deleteMessages({ messageIds: ['a3', 'r-late'] })).toBe(2)
      expect(await storage().deleteMessages({ messageIds: ['a2'], threadId: 'b-a' })).toBe(1)
      expect(ids(await storage().listMessages({ threadId: 'b-a' }))).toEqual(['r1', 'r2', 'r3', 'a1'])
    })

    it('names the branches that inherit a thread, with their cut, in one query', async () => {
      const all = await storage().branchesInheriting({ threadId: 'b-root' })
      expect(all.map((b) => [b.branchThreadId, b.parentThreadId, b.depth, b.cut.messageId])).toEqual([
        ['b-a', 'b-root', 1, 'r3'],
        ['b-b', 'b-root', 1, 'r2'],
        ['b-aa', 'b-a', 2, 'r2'],
        ['b-ab', 'b-a', 2, 'r3'],
      ])
      expect(all[0]?.cut.createdAt).toEqual(at(3))
      expect((await storage().branchesInheriting({ threadId: 'b-root', messageIds: ['r3', 'r6'] })).map((b) => b.branchThreadId)).toEqual(['b-a', 'b-ab'])
      expect((await storage().branchesInheriting({ threadId: 'b-a' })).map((b) => b.branchThreadId)).toEqual(['b-ab'])
      expect(await storage().branchesInheriting({ threadId: 'b-ab' })).toEqual([])
    })

    it('lists direct branches oldest first, and the lineage over branches and clones (the clone ancestry stays clone-only)', async () => {
      expect(ids(await storage().listBranches('b-root'))).toEqual(['b-a', 'b-b'])
      expect(ids(await storage().listBranches('b-a'))).toEqual(['b-aa', 'b-ab'])
      await storage().createThread({ id: 'b-ab-clone', resourceId, sourceThreadId: 'b-ab' })
      expect(ids(await storage().getLineage('b-ab-clone'))).toEqual(['b-root', 'b-a', 'b-ab', 'b-ab-clone'])
      expect(ids(await storage().getThreadAncestry('b-ab-clone'))).toEqual(['b-ab', 'b-ab-clone'])
      expect(await storage().getLineage('b-nope')).toEqual([])
      await storage().deleteThread('b-ab-clone')
    })

    it('copies a branch’s whole effective history into a clone', async () => {
      await storage().createThread({ id: 'b-copy', resourceId })
      const { messageIdMap, count } = await storage().copyThreadMessages({ sourceThreadId: 'b-ab', targetThreadId: 'b-copy', targetResourceId: resourceId })
      expect(count).toBe(5)
      expect(Object.keys(messageIdMap)).toEqual(['r1', 'r2', 'r3', 'a1', 'ab1'])
      const partial = await storage().copyMessages({
        sourceThreadId: 'b-ab',
        messageIds: ['r2', 'ab1'],
        targetThreadId: 'b-copy',
        targetResourceId: resourceId,
      })
      expect(partial.count).toBe(2)
      await expect(
        storage().copyMessages({ sourceThreadId: 'b-ab', messageIds: ['r6'], targetThreadId: 'b-copy', targetResourceId: resourceId }),
      ).rejects.toBeInstanceOf(MessageNotFoundError)
      await storage().deleteThread('b-copy')
    })

    it('searches a branch’s vectors in thread scope: the inherited ones up to the cutoff and its own, none copied', async ({ skip }) => {
      const store = vector()
      if (store === null) return skip('no vector store on this backend')
      const every = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'a1', 'b1', 'aa1', 'ab1']
      const messages = await storage().getMessagesByIds(every)
      // the same direction for all: each message is an equally good match
      const vectors: MessageVector[] = messages.map((m) => ({
        messageId: m.id,
        threadId: m.threadId,
        resourceId,
        embedding: [1, 0, 0],
        model: 'b-model',
        dimensions: 3,
      }))
      await store.upsertVectors(vectors)
      const query = { embedding: [1, 0, 0], model: 'b-model', topK: 50 }
      const found = async (threadId: string) => (await store.queryVectors({ ...query, threadId })).map((m) => m.messageId).sort()
      expect(await found('b-ab')).toEqual(['a1', 'ab1', 'r1', 'r2', 'r3'])
      expect(await found('b-b')).toEqual(['b1', 'r1', 'r2'])
      expect(await found('b-root')).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6'])
      expect(await store.countThreadVectors({ threadId: 'b-ab', model: 'b-model' })).toEqual({ messages: 5, withVector: 5 })
      // resource scope: each message once, whatever number of branches inherit it
      expect((await store.queryVectors({ ...query, resourceId })).map((m) => m.messageId).sort()).toEqual([...every].sort())
    })

    it('refuses to delete a thread with branches unless told; "delete" removes the whole subtree and nothing else', async () => {
      await expect(storage().deleteThread('b-root')).rejects.toMatchObject({ constructor: ThreadHasBranchesError, branchThreadIds: ['b-a', 'b-b'] })
      await storage().deleteThread('b-a', { branches: 'delete' })
      expect(await storage().getThreadsByIds(['b-a', 'b-aa', 'b-ab'])).toEqual([])
      expect(await storage().getMessagesByIds(['a1', 'aa1', 'ab1'])).toEqual([])
      expect(ids(await storage().listMessages({ threadId: 'b-b' }))).toEqual(['r1', 'r2', 'b1'])
      await storage().deleteThread('b-root', { branches: 'delete' })
      expect(await storage().getThreadsByIds(['b-root', 'b-b'])).toEqual([])
      expect(await storage().getMessagesByIds(['r1', 'b1'])).toEqual([])
    })
  })
}
