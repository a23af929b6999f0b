// threads.message_count (kept by the statement-level triggers on messages) and
// threads.inherited_message_count (set with the cutoff) against a recount of
// the rows after each kind of write; countMessages and createBranch read them.
import { expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'
import { miscountedThreads } from './branch-test-helpers.ts'

const resourceId = 'cnt-r'

describeEachDatabase('thread message counters', (getDb) => {
  it('follow inserts, upserts, deletes, copies, branches (any cutoff) and thread deletes', async () => {
    const { storage, prisma } = getDb()
    const agree = async () => expect(await miscountedThreads(prisma)).toEqual([])
    const message = (id: string, threadId: string, at: number, text = id) => textMessage({ id, threadId, resourceId, at: at * 1000, text })
    await storage.createThread({ id: 'cnt-a', resourceId })
    await storage.createThread({ id: 'cnt-x', resourceId })
    // one statement writing to two threads
    await storage.insertMessages([...[1, 2, 3, 4, 5].map((i) => message(`a${i}`, 'cnt-a', i)), message('x1', 'cnt-x', 1)])
    await agree()
    expect(await storage.countMessages('cnt-a')).toBe(5)
    // an upsert that changes one row and adds one: +1
    await storage.upsertMessages([message('a5', 'cnt-a', 5, 'changed'), message('a6', 'cnt-a', 6)])
    await agree()
    expect(await storage.countMessages('cnt-a')).toBe(6)
    await storage.deleteMessages({ messageIds: ['a6', 'x1'] })
    await agree()

    // a branch at the source's last message, one cut inside it, one of a branch cut in the inherited part
    const last = await storage.createBranch({
      id: 'cnt-b',
      sourceThreadId: 'cnt-a',
      branchPointMessageId: null,
      title: null,
      metadata: {},
      branchedAt: new Date(),
    })
    expect(last.inheritedMessageCount).toBe(5)
    await storage.insertMessages([message('b1', 'cnt-b', 10), message('b2', 'cnt-b', 11)])
    const inner = await storage.createBranch({
      id: 'cnt-c',
      sourceThreadId: 'cnt-b',
      branchPointMessageId: 'a3',
      title: null,
      metadata: {},
      branchedAt: new Date(),
    })
    expect(inner.inheritedMessageCount).toBe(3)
    const own = await storage.createBranch({
      id: 'cnt-d',
      sourceThreadId: 'cnt-b',
      branchPointMessageId: 'b1',
      title: null,
      metadata: {},
      branchedAt: new Date(),
    })
    expect(own.inheritedMessageCount).toBe(6)
    // a branch without own messages: its default cutoff is its own
    const empty = await storage.createBranch({
      id: 'cnt-e',
      sourceThreadId: 'cnt-c',
      branchPointMessageId: null,
      title: null,
      metadata: {},
      branchedAt: new Date(),
    })
    expect(empty.thread.branch?.branchPointMessageId).toBe('a3')
    expect(empty.inheritedMessageCount).toBe(3)
    await agree()
    for (const [id, count] of [
      ['cnt-b', 7],
      ['cnt-c', 3],
      ['cnt-d', 6],
      ['cnt-e', 3],
    ] as const) {
      expect(await storage.countMessages(id), id).toBe(count)
      expect(await storage.listMessages({ threadId: id }), id).toHaveLength(count)
    }

    // a copy of a branch's effective history (clone) owns its rows
    await storage.createThread({ id: 'cnt-copy', resourceId })
    await storage.copyThreadMessages({ sourceThreadId: 'cnt-d', targetThreadId: 'cnt-copy', targetResourceId: resourceId })
    await agree()
    expect(await storage.countMessages('cnt-copy')).toBe(6)

    await storage.deleteThread('cnt-b', { branches: 'delete' })
    await agree()
    expect(await storage.countMessages('cnt-a')).toBe(5)
    expect(await storage.countMessages('cnt-b')).toBe(0)
  })
})
