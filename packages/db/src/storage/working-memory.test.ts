import { ThreadNotFoundError } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'

describeEachDatabase('working memory', (getDb) => {
  it('keeps thread-scoped working memory per thread', async () => {
    const { storage, prisma } = getDb()
    await storage.createThread({ id: 'wm-t1', resourceId: 'wm-r1' })
    await storage.createThread({ id: 'wm-t2', resourceId: 'wm-r1' })
    expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'wm-t1' })).toBeNull()

    await storage.setWorkingMemory({ scope: 'thread', threadId: 'wm-t1' }, '# Notes\n- likes tea')
    await storage.setWorkingMemory({ scope: 'thread', threadId: 'wm-t1' }, '# Notes\n- likes coffee')
    expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'wm-t1' })).toBe('# Notes\n- likes coffee')
    expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'wm-t2' })).toBeNull()
    // the row takes the thread's resource
    expect(await prisma.threadWorkingMemory.findUnique({ where: { threadId: 'wm-t1' } })).toMatchObject({ resourceId: 'wm-r1' })
  })

  it('keeps resource-scoped working memory, creating the resource row on first write', async () => {
    const { storage, prisma } = getDb()
    expect(await storage.getWorkingMemory({ scope: 'resource', resourceId: 'wm-fresh' })).toBeNull()
    expect(await prisma.resource.findUnique({ where: { id: 'wm-fresh' } })).toBeNull()

    await storage.setWorkingMemory({ scope: 'resource', resourceId: 'wm-fresh' }, '{"name":"Ada"}')
    await storage.setWorkingMemory({ scope: 'resource', resourceId: 'wm-fresh' }, '{"name":"Ada Lovelace"}')
    expect(await storage.getWorkingMemory({ scope: 'resource', resourceId: 'wm-fresh' })).toBe('{"name":"Ada Lovelace"}')
    expect(await prisma.resource.count({ where: { id: 'wm-fresh' } })).toBe(1)
  })

  it('refuses thread-scoped working memory for an unknown thread', async () => {
    const { storage } = getDb()
    await expect(storage.setWorkingMemory({ scope: 'thread', threadId: 'nope' }, 'x')).rejects.toBeInstanceOf(ThreadNotFoundError)
  })
})
