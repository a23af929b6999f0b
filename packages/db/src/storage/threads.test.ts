import { ThreadAlreadyExistsError, ThreadNotFoundError } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase, observationalMemoryRecord, textMessage } from '../testing/index.ts'

describeEachDatabase('threads', (getDb) => {
  it('creates, reads, updates and deletes a thread', async () => {
    const { storage } = getDb()
    const created = await storage.createThread({ id: 'crud-1', resourceId: 'r-crud', title: 'First', metadata: { topic: 'billing' } })
    expect(created).toMatchObject({ id: 'crud-1', resourceId: 'r-crud', title: 'First', metadata: { topic: 'billing' }, sourceThreadId: null })
    expect(await storage.getThreadById('crud-1')).toEqual(created)

    const updated = await storage.updateThread('crud-1', { title: 'Renamed', metadata: { topic: 'refunds' } })
    expect(updated).toMatchObject({ title: 'Renamed', metadata: { topic: 'refunds' } })
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime())

    await storage.deleteThread('crud-1')
    expect(await storage.getThreadById('crud-1')).toBeNull()
  })

  it('defaults the title to the empty string', async () => {
    const { storage } = getDb()
    expect((await storage.createThread({ id: 'untitled', resourceId: 'r-crud' })).title).toBe('')
  })

  it('rejects a duplicate id, also when two creates race: exactly one wins', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'dup-1', resourceId: 'r-dup' })
    await expect(storage.createThread({ id: 'dup-1', resourceId: 'r-dup' })).rejects.toBeInstanceOf(ThreadAlreadyExistsError)

    const results = await Promise.allSettled([
      storage.createThread({ id: 'race-1', resourceId: 'r-a' }),
      storage.createThread({ id: 'race-1', resourceId: 'r-b' }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(rejected.reason).toBeInstanceOf(ThreadAlreadyExistsError)
  })

  it('gives typed errors for unknown ids', async () => {
    const { storage } = getDb()
    await expect(storage.updateThread('missing', { title: 'x' })).rejects.toBeInstanceOf(ThreadNotFoundError)
    await expect(storage.deleteThread('missing')).rejects.toBeInstanceOf(ThreadNotFoundError)
    expect(await storage.getThreadById('missing')).toBeNull()
  })

  it('returns threads by ids in the order asked, leaving unknown ids out', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'byids-a', resourceId: 'r-byids' })
    await storage.createThread({ id: 'byids-b', resourceId: 'r-byids' })
    const threads = await storage.getThreadsByIds(['byids-b', 'nope', 'byids-a'])
    expect(threads.map((t) => t.id)).toEqual(['byids-b', 'byids-a'])
  })

  it('cascades a delete to messages, thread working memory and thread OM, keeping resource data', async () => {
    const { storage, prisma } = getDb()
    await storage.createThread({ id: 'cascade-1', resourceId: 'r-cascade' })
    await storage.insertMessages([textMessage({ id: 'cascade-m1', threadId: 'cascade-1', resourceId: 'r-cascade', at: 1 })])
    await storage.setWorkingMemory({ scope: 'thread', threadId: 'cascade-1' }, 'thread notes')
    await storage.setWorkingMemory({ scope: 'resource', resourceId: 'r-cascade' }, 'resource notes')
    await storage.insertObservationalMemory(observationalMemoryRecord({ scope: 'thread', threadId: 'cascade-1', resourceId: 'r-cascade' }))

    await storage.deleteThread('cascade-1')
    expect(await prisma.message.count({ where: { threadId: 'cascade-1' } })).toBe(0)
    expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'cascade-1' })).toBeNull()
    expect(await storage.getObservationalMemory({ scope: 'thread', threadId: 'cascade-1' })).toBeNull()
    expect(await storage.getWorkingMemory({ scope: 'resource', resourceId: 'r-cascade' })).toBe('resource notes')
  })

  it('follows lineage: clones of a thread and the ancestry of a clone (root first)', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'lin-root', resourceId: 'r-lin' })
    await storage.createThread({ id: 'lin-child', resourceId: 'r-lin', sourceThreadId: 'lin-root', createdAt: new Date(1000) })
    await storage.createThread({ id: 'lin-child-2', resourceId: 'r-other', sourceThreadId: 'lin-root', createdAt: new Date(2000) })
    await storage.createThread({ id: 'lin-grandchild', resourceId: 'r-lin', sourceThreadId: 'lin-child' })

    expect((await storage.listClones('lin-root')).map((t) => t.id)).toEqual(['lin-child', 'lin-child-2'])
    expect((await storage.getThreadAncestry('lin-grandchild')).map((t) => t.id)).toEqual(['lin-root', 'lin-child', 'lin-grandchild'])
    expect(await storage.getThreadAncestry('nope')).toEqual([])

    await storage.deleteThread('lin-root')
    expect((await storage.getThreadAncestry('lin-grandchild')).map((t) => t.id)).toEqual(['lin-child', 'lin-grandchild'])
  })

  it('stops the ancestry at a cycle', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'cyc-a', resourceId: 'r-cyc', sourceThreadId: 'cyc-b' })
    await storage.createThread({ id: 'cyc-b', resourceId: 'r-cyc', sourceThreadId: 'cyc-a' })
    expect((await storage.getThreadAncestry('cyc-a')).map((t) => t.id)).toEqual(['cyc-b', 'cyc-a'])
  })
})
