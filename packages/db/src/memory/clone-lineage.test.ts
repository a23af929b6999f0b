// The clone helpers: getCloneMetadata, isClone, getSourceThread, listClones, getCloneHistory.
import { Memory, ThreadNotFoundError } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { numbered, seedThread } from './fixtures.ts'

describeEachDatabase('clone lineage', (getDb) => {
  const memory = () => new Memory({ storage: getDb().storage, vector: getDb().vector })

  it('follows clones of clones: source, clones across resources, history root first', async () => {
    await seedThread(memory(), { threadId: 'root', resourceId: 'alice', title: 'Root', texts: numbered(2) })
    const { thread: child } = await memory().cloneThread({ sourceThreadId: 'root', newThreadId: 'child' })
    await memory().cloneThread({ sourceThreadId: 'root', newThreadId: 'child-elsewhere', resourceId: 'bob' })
    const { thread: grandchild } = await memory().cloneThread({ sourceThreadId: 'child', newThreadId: 'grandchild' })

    const root = await memory().getThreadById({ threadId: 'root' })
    expect(memory().isClone(root)).toBe(false)
    expect(memory().getCloneMetadata(root!)).toBeNull()
    expect(memory().isClone(grandchild)).toBe(true)
    const cloneMetadata = memory().getCloneMetadata(grandchild)
    expect(cloneMetadata).toEqual({
      sourceThreadId: 'child',
      clonedAt: expect.any(Date),
      lastMessageId: expect.any(String),
      lastClonedMessageId: expect.any(String),
    })
    // a full clone is cut where its source ended
    expect(cloneMetadata!.lastClonedMessageId).toBe(cloneMetadata!.lastMessageId)

    expect((await memory().getSourceThread('grandchild'))?.id).toBe('child')
    expect(await memory().getSourceThread('root')).toBeNull()
    expect((await memory().listClones('root')).map((t) => t.id).sort()).toEqual(['child', 'child-elsewhere'])
    expect(await memory().listClones('grandchild')).toEqual([])
    expect((await memory().getCloneHistory('grandchild')).map((t) => t.id)).toEqual(['root', 'child', 'grandchild'])
    expect((await memory().getCloneHistory('root')).map((t) => t.id)).toEqual(['root'])
    expect(child.sourceThreadId).toBe('root')

    await expect(memory().getCloneHistory('nobody')).rejects.toThrow(ThreadNotFoundError)
    await expect(memory().getSourceThread('nobody')).rejects.toThrow(ThreadNotFoundError)
  })

  it('survives a deleted source and a lineage cycle', async () => {
    await seedThread(memory(), { threadId: 'cyc-a', resourceId: 'r', texts: numbered(1) })
    await memory().cloneThread({ sourceThreadId: 'cyc-a', newThreadId: 'cyc-b' })
    await memory().deleteThread('cyc-a')
    expect(await memory().getSourceThread('cyc-b')).toBeNull()
    expect((await memory().listClones('cyc-a')).map((t) => t.id)).toEqual(['cyc-b'])
    expect((await memory().getCloneHistory('cyc-b')).map((t) => t.id)).toEqual(['cyc-b'])

    // re-using the deleted id closes a cycle: cyc-a <- cyc-b <- (new) cyc-a
    await memory().cloneThread({ sourceThreadId: 'cyc-b', newThreadId: 'cyc-a' })
    const history = (await memory().getCloneHistory('cyc-b')).map((t) => t.id)
    expect(history).toEqual(['cyc-a', 'cyc-b'])
  })
})
