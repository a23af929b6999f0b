import { InvalidInputError, ThreadNotFoundError } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'
import { effectiveHistory, insertBranchRow, textOf } from './branch-test-helpers.ts'

const resourceId = 'ovr-r'

describeEachDatabase('saveMessageOverrides', (getDb) => {
  it('a branch keeps its own version of inherited messages; the source, siblings and deeper branches read the nearest', async () => {
    const { storage, prisma } = getDb()
    await storage.createThread({ id: 'ovr-s', resourceId })
    await storage.insertMessages([1, 2, 3].map((i) => textMessage({ id: `ovr-s${i}`, threadId: 'ovr-s', resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: 'ovr-a', parentId: 'ovr-s', pointMessageId: 'ovr-s2' })
    await insertBranchRow(prisma, { id: 'ovr-b', parentId: 'ovr-s', pointMessageId: 'ovr-s2' })
    await insertBranchRow(prisma, { id: 'ovr-aa', parentId: 'ovr-a', pointMessageId: 'ovr-s2' })
    const fixed = (text: string) => textMessage({ id: 'ovr-s1', threadId: 'ovr-s', resourceId, at: 1000, text, role: 'assistant' })
    await storage.saveMessageOverrides({ threadId: 'ovr-a', messages: [fixed('a v1')] })
    await storage.saveMessageOverrides({ threadId: 'ovr-a', messages: [fixed('a v2')] }) // replaces its own override
    const read = async (id: string) => (await effectiveHistory(prisma, id)).map(textOf)
    expect(await read('ovr-a')).toEqual(['a v2', 'message ovr-s2'])
    expect(await read('ovr-aa')).toEqual(['a v2', 'message ovr-s2'])
    expect(await read('ovr-b')).toEqual(['message ovr-s1', 'message ovr-s2'])
    expect(await read('ovr-s')).toEqual(['message ovr-s1', 'message ovr-s2', 'message ovr-s3'])
    const [aView] = await effectiveHistory(prisma, 'ovr-a')
    expect(aView).toMatchObject({ id: 'ovr-s1', threadId: 'ovr-s', role: 'assistant' })
    await storage.saveMessageOverrides({ threadId: 'ovr-aa', messages: [fixed('aa')] })
    expect(await read('ovr-aa')).toEqual(['aa', 'message ovr-s2'])
    expect(await read('ovr-a')).toEqual(['a v2', 'message ovr-s2'])
  })

  it('refuses messages the thread does not inherit (its own, past the cutoff, elsewhere) and unknown threads', async () => {
    const { storage, prisma } = getDb()
    await storage.createThread({ id: 'ovr-t', resourceId })
    await storage.insertMessages([1, 2].map((i) => textMessage({ id: `ovr-t${i}`, threadId: 'ovr-t', resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: 'ovr-tb', parentId: 'ovr-t', pointMessageId: 'ovr-t1' })
    await storage.insertMessages([textMessage({ id: 'ovr-tb1', threadId: 'ovr-tb', resourceId, at: 3000 })])
    for (const id of ['ovr-t2', 'ovr-tb1', 'ovr-s1']) {
      await expect(storage.saveMessageOverrides({ threadId: 'ovr-tb', messages: [textMessage({ id, threadId: 'ovr-t', resourceId, at: 0 })] })).rejects.toThrow(
        InvalidInputError,
      )
    }
    await expect(
      storage.saveMessageOverrides({ threadId: 'ovr-t', messages: [textMessage({ id: 'ovr-t1', threadId: 'ovr-t', resourceId, at: 0 })] }),
    ).rejects.toThrow(InvalidInputError)
    await expect(
      storage.saveMessageOverrides({ threadId: 'ovr-nope', messages: [textMessage({ id: 'ovr-t1', threadId: 'ovr-t', resourceId, at: 0 })] }),
    ).rejects.toThrow(ThreadNotFoundError)
  })
})

describeEachDatabase('pinMessagesForBranches', (getDb) => {
  it('gives the branches that inherit a message an override holding the current row, keeping their own', async () => {
    const { storage, prisma } = getDb()
    await storage.createThread({ id: 'pin-s', resourceId })
    await storage.insertMessages([1, 2, 3].map((i) => textMessage({ id: `pin-s${i}`, threadId: 'pin-s', resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: 'pin-a', parentId: 'pin-s', pointMessageId: 'pin-s2' })
    await insertBranchRow(prisma, { id: 'pin-b', parentId: 'pin-s', pointMessageId: 'pin-s1' })
    await insertBranchRow(prisma, { id: 'pin-aa', parentId: 'pin-a', pointMessageId: 'pin-s2' })
    await storage.saveMessageOverrides({ threadId: 'pin-b', messages: [textMessage({ id: 'pin-s1', threadId: 'pin-s', resourceId, at: 1000, text: 'b own' })] })
    expect(await storage.pinMessagesForBranches({ threadId: 'pin-s', messageIds: ['pin-s1', 'pin-s2', 'pin-s3'] })).toEqual(['pin-a'])
    await storage.upsertMessages([1, 2, 3].map((i) => textMessage({ id: `pin-s${i}`, threadId: 'pin-s', resourceId, at: i * 1000, text: `fixed ${i}` })))
    const read = async (id: string) => (await effectiveHistory(prisma, id)).map(textOf)
    expect(await read('pin-s')).toEqual(['fixed 1', 'fixed 2', 'fixed 3'])
    expect(await read('pin-a')).toEqual(['message pin-s1', 'message pin-s2'])
    expect(await read('pin-aa')).toEqual(['message pin-s1', 'message pin-s2'])
    expect(await read('pin-b')).toEqual(['b own'])
  })
})
