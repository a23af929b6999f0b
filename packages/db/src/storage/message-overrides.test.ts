import { InvalidInputError, ThreadNotFoundError } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'
import { effectiveHistory, insertBranchRow, textOf } from './branch-test-helpers.ts'

const resourceId = 'ovr-r'

describeEachDatabase('saveRepairedMessages (copy-on-write)', (getDb) => {
  const read = async (id: string) => (await effectiveHistory(getDb().prisma, id)).map(textOf)

  it('a branch keeps its own version of inherited messages; the source, siblings and deeper branches read the nearest', async () => {
    const { storage, prisma } = getDb()
    await storage.createThread({ id: 'ovr-s', resourceId })
    await storage.insertMessages([1, 2, 3].map((i) => textMessage({ id: `ovr-s${i}`, threadId: 'ovr-s', resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: 'ovr-a', parentId: 'ovr-s', pointMessageId: 'ovr-s2' })
    await insertBranchRow(prisma, { id: 'ovr-b', parentId: 'ovr-s', pointMessageId: 'ovr-s2' })
    await insertBranchRow(prisma, { id: 'ovr-aa', parentId: 'ovr-a', pointMessageId: 'ovr-s2' })
    const fixed = (text: string) => textMessage({ id: 'ovr-s1', threadId: 'ovr-s', resourceId, at: 1000, text, role: 'assistant' })
    expect(await storage.saveRepairedMessages({ threadId: 'ovr-a', messages: [fixed('a v1')] })).toEqual({
      rewrittenMessageIds: [],
      overriddenMessageIds: ['ovr-s1'],
      pinnedBranchThreadIds: [],
    })
    await storage.saveRepairedMessages({ threadId: 'ovr-a', messages: [fixed('a v2')] }) // replaces its own override
    expect(await read('ovr-a')).toEqual(['a v2', 'message ovr-s2'])
    expect(await read('ovr-aa')).toEqual(['a v2', 'message ovr-s2'])
    expect(await read('ovr-b')).toEqual(['message ovr-s1', 'message ovr-s2'])
    expect(await read('ovr-s')).toEqual(['message ovr-s1', 'message ovr-s2', 'message ovr-s3'])
    const [aView] = await effectiveHistory(prisma, 'ovr-a')
    expect(aView).toMatchObject({ id: 'ovr-s1', threadId: 'ovr-s', role: 'assistant' })
    await storage.saveRepairedMessages({ threadId: 'ovr-aa', messages: [fixed('aa')] })
    expect(await read('ovr-aa')).toEqual(['aa', 'message ovr-s2'])
    expect(await read('ovr-a')).toEqual(['a v2', 'message ovr-s2'])
  })

  it('a repair of the thread`s own messages leaves the branches that inherit them as they were', async () => {
    const { storage, prisma } = getDb()
    await storage.createThread({ id: 'pin-s', resourceId })
    await storage.insertMessages([1, 2, 3].map((i) => textMessage({ id: `pin-s${i}`, threadId: 'pin-s', resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: 'pin-a', parentId: 'pin-s', pointMessageId: 'pin-s2' })
    await insertBranchRow(prisma, { id: 'pin-b', parentId: 'pin-s', pointMessageId: 'pin-s1' })
    await insertBranchRow(prisma, { id: 'pin-aa', parentId: 'pin-a', pointMessageId: 'pin-s2' })
    await storage.saveRepairedMessages({ threadId: 'pin-b', messages: [textMessage({ id: 'pin-s1', threadId: 'pin-s', resourceId, at: 1000, text: 'b own' })] })
    const repaired = [1, 2, 3].map((i) => textMessage({ id: `pin-s${i}`, threadId: 'pin-s', resourceId, at: i * 1000, text: `fixed ${i}` }))
    expect(await storage.saveRepairedMessages({ threadId: 'pin-s', messages: repaired })).toEqual({
      rewrittenMessageIds: ['pin-s1', 'pin-s2', 'pin-s3'],
      overriddenMessageIds: [],
      pinnedBranchThreadIds: ['pin-a'],
    })
    expect(await read('pin-s')).toEqual(['fixed 1', 'fixed 2', 'fixed 3'])
    expect(await read('pin-a')).toEqual(['message pin-s1', 'message pin-s2'])
    expect(await read('pin-aa')).toEqual(['message pin-s1', 'message pin-s2'])
    expect(await read('pin-b')).toEqual(['b own'])
  })

  it('refuses messages outside the thread`s history (past the cutoff, a sibling`s, unknown) and unknown threads', async () => {
    const { storage, prisma } = getDb()
    await storage.createThread({ id: 'ovr-t', resourceId })
    await storage.insertMessages([1, 2].map((i) => textMessage({ id: `ovr-t${i}`, threadId: 'ovr-t', resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: 'ovr-tb', parentId: 'ovr-t', pointMessageId: 'ovr-t1' })
    await insertBranchRow(prisma, { id: 'ovr-tc', parentId: 'ovr-t', pointMessageId: 'ovr-t1' })
    await storage.insertMessages([textMessage({ id: 'ovr-tc1', threadId: 'ovr-tc', resourceId, at: 3000 })])
    for (const id of ['ovr-t2', 'ovr-tc1', 'ovr-unknown']) {
      const attempt = storage.saveRepairedMessages({ threadId: 'ovr-tb', messages: [textMessage({ id, threadId: 'ovr-t', resourceId, at: 0 })] })
      await expect(attempt, id).rejects.toThrow(InvalidInputError)
    }
    expect(await read('ovr-tc')).toEqual(['message ovr-t1', 'message ovr-tc1'])
    const unknown = storage.saveRepairedMessages({ threadId: 'ovr-nope', messages: [textMessage({ id: 'ovr-t1', threadId: 'ovr-t', resourceId, at: 0 })] })
    await expect(unknown).rejects.toThrow(ThreadNotFoundError)
  })
})
