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
    // each update is a version; the rows take the thread's resource
    const rows = await prisma.workingMemoryVersion.findMany({ where: { threadId: 'wm-t1' }, orderBy: { id: 'asc' } })
    expect(rows.map((row) => [row.lookupKey, row.scope, row.resourceId, row.text])).toEqual([
      ['thread:wm-t1', 'thread', 'wm-r1', '# Notes\n- likes tea'],
      ['thread:wm-t1', 'thread', 'wm-r1', '# Notes\n- likes coffee'],
    ])
  })

  it('keeps resource-scoped working memory, creating the resource row on first write', async () => {
    const { storage, prisma } = getDb()
    expect(await storage.getWorkingMemory({ scope: 'resource', resourceId: 'wm-fresh' })).toBeNull()
    expect(await prisma.resource.findUnique({ where: { id: 'wm-fresh' } })).toBeNull()

    await storage.setWorkingMemory({ scope: 'resource', resourceId: 'wm-fresh' }, '{"name":"Ada"}')
    await storage.setWorkingMemory({ scope: 'resource', resourceId: 'wm-fresh' }, '{"name":"Ada Lovelace"}')
    expect(await storage.getWorkingMemory({ scope: 'resource', resourceId: 'wm-fresh' })).toBe('{"name":"Ada Lovelace"}')
    expect(await prisma.resource.count({ where: { id: 'wm-fresh' } })).toBe(1)
    expect(await prisma.workingMemoryVersion.count({ where: { lookupKey: 'resource:wm-fresh', scope: 'resource', threadId: null } })).toBe(2)
  })

  it("deletes a thread's versions with the thread, resource versions stay", async () => {
    const { storage, prisma } = getDb()
    await storage.createThread({ id: 'wm-del', resourceId: 'wm-r-del' })
    await storage.setWorkingMemory({ scope: 'thread', threadId: 'wm-del' }, 'a')
    await storage.setWorkingMemory({ scope: 'resource', resourceId: 'wm-r-del' }, 'b')
    await storage.deleteThread('wm-del')
    expect(await prisma.workingMemoryVersion.count({ where: { lookupKey: 'thread:wm-del' } })).toBe(0)
    expect(await storage.getWorkingMemory({ scope: 'resource', resourceId: 'wm-r-del' })).toBe('b')
  })

  it('refuses thread-scoped working memory for an unknown thread', async () => {
    const { storage } = getDb()
    await expect(storage.setWorkingMemory({ scope: 'thread', threadId: 'nope' }, 'x')).rejects.toBeInstanceOf(ThreadNotFoundError)
  })
})
