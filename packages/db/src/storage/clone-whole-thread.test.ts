import type { WholeThreadCloneArgs } from '@threadline/engine/storage'
import { expect, it } from 'vitest'
import { describeEachDatabase, textMessage, wholeThreadCloneArgs } from '../testing/index.ts'

describeEachDatabase('cloneWholeThread', (getDb) => {
  const args = (overrides: Partial<WholeThreadCloneArgs>) => wholeThreadCloneArgs({ sourceThreadId: 'cw-source', newThreadId: 'cw-clone', ...overrides })
  const rowCount = async () => (await getDb().prisma.thread.count()) + (await getDb().prisma.message.count())

  it('creates the thread and copies the messages in one statement; a taken id, an unseen source or memory to carry write nothing', async () => {
    const { storage } = getDb()
    const thread = { threadId: 'cw-source', resourceId: 'cw-user' }
    await storage.createThread({ id: thread.threadId, resourceId: thread.resourceId, title: 'source', metadata: { keep: 1 } })
    await storage.insertMessages([0, 1, 2].map((i) => textMessage({ id: `cw-m${i}`, ...thread, at: Date.UTC(2026, 0, 1) + i })))
    await storage.setWorkingMemory({ scope: 'resource', resourceId: 'cw-user' }, 'likes tea')

    const before = await rowCount()
    expect(await storage.cloneWholeThread(args({ sourceResourceIds: ['other'] }))).toEqual({ status: 'source-not-found' })
    expect(await storage.cloneWholeThread(args({ sourceThreadId: 'cw-nothing' }))).toEqual({ status: 'source-not-found' })
    expect(await storage.cloneWholeThread(args({ newThreadId: 'cw-source' }))).toEqual({ status: 'taken' })
    // resource-scoped working memory is carried only into another resource
    const carried = { workingMemory: 'resource', observationalMemory: null } as const
    expect(await storage.cloneWholeThread(args({ resourceId: 'cw-elsewhere', carriedMemory: carried }))).toEqual({ status: 'needs-plan' })
    expect(await rowCount()).toBe(before)

    const cloned = await storage.cloneWholeThread(args({ carriedMemory: carried, metadata: { added: true, branch: 'dropped' } }))
    if (cloned.status !== 'cloned') throw new Error(`expected a clone, got ${cloned.status}`)
    expect(cloned.thread).toMatchObject({
      id: 'cw-clone',
      resourceId: 'cw-user',
      title: 'Copy: source',
      sourceThreadId: 'cw-source',
      metadata: {
        keep: 1,
        added: true,
        clone: { sourceThreadId: 'cw-source', clonedAt: '2026-01-02T00:00:00.000Z', lastMessageId: 'cw-m2', lastClonedMessageId: 'cw-m2' },
      },
    })
    expect(cloned.thread.metadata).not.toHaveProperty('branch')
    expect(Object.keys(cloned.messageIdMap)).toEqual(['cw-m0', 'cw-m1', 'cw-m2'])
    expect(cloned.messageCount).toBe(3)
    expect(cloned.clonedMessages).toEqual(await storage.listMessages({ threadId: 'cw-clone' }))
    expect(cloned.clonedMessages.map((message) => message.id)).toEqual(Object.values(cloned.messageIdMap))
    expect(await storage.countMessages('cw-clone')).toBe(3)
    expect(await storage.cloneWholeThread(args({}))).toEqual({ status: 'taken' })

    const countOnly = await storage.cloneWholeThread(args({ newThreadId: 'cw-count', returnMessages: false, returnMessageIdMap: false }))
    expect(countOnly).toMatchObject({ status: 'cloned', messageIdMap: {}, clonedMessages: [], messageCount: 3 })
    expect(await storage.countMessages('cw-count')).toBe(3)
  })
})
