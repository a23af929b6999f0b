import { NotABranchError, ThreadNotFoundError } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'
import { effectiveHistory, insertBranchRow, miscountedThreads, textOf } from './branch-test-helpers.ts'

const resourceId = 'pro-r'

describeEachDatabase('promoteBranch', (getDb, kind) => {
  let n = 0
  const prefix = () => `p${++n}`

  async function histories(ids: string[]): Promise<Record<string, string[]>> {
    const { prisma } = getDb()
    return Object.fromEntries(await Promise.all(ids.map(async (id) => [id, (await effectiveHistory(prisma, id)).map(textOf)] as const)))
  }

  async function allMessageIds(ids: string[]): Promise<string[]> {
    const { prisma } = getDb()
    const rows = await prisma.$queryRaw<{ id: string }[]>`SELECT id FROM messages WHERE thread_id = ANY(${ids}::text[]) ORDER BY id`
    return rows.map((row) => row.id)
  }

  const promote = (branchThreadId: string, newBranchThreadId: string) =>
    getDb().storage.promoteBranch({ branchThreadId, newBranchThreadId, newBranchTitle: 'Branch of S', newBranchMetadata: { kept: 1 }, promotedAt: new Date() })

  it('cut in the source`s own messages: the source reads what the branch read, the new branch what the source read', async () => {
    const { storage, prisma } = getDb()
    const p = prefix()
    const id = (name: string) => `${p}-${name}`
    await storage.createThread({ id: id('s'), resourceId, title: 'S' })
    await storage.insertMessages([1, 2, 3, 4, 5].map((i) => textMessage({ id: id(`s${i}`), threadId: id('s'), resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: id('b'), parentId: id('s'), pointMessageId: id('s3') })
    await storage.insertMessages([6, 7].map((i) => textMessage({ id: id(`b${i - 5}`), threadId: id('b'), resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: id('c'), parentId: id('s'), pointMessageId: id('s4') }) // after the cutoff
    await insertBranchRow(prisma, { id: id('d'), parentId: id('s'), pointMessageId: id('s2') }) // before
    await insertBranchRow(prisma, { id: id('e'), parentId: id('s'), pointMessageId: id('s3') }) // at the cutoff
    await insertBranchRow(prisma, { id: id('f'), parentId: id('b'), pointMessageId: id('b1') }) // cut in b's own messages
    await insertBranchRow(prisma, { id: id('f2'), parentId: id('b'), pointMessageId: id('s2') }) // cut in b's inherited part
    await insertBranchRow(prisma, { id: id('cc'), parentId: id('c'), pointMessageId: id('s4') }) // below c, cut owned by s past p
    await storage.saveRepairedMessages({
      threadId: id('b'),
      messages: [textMessage({ id: id('s2'), threadId: id('s'), resourceId, at: 2000, text: 'b fixed s2' })],
    })
    await storage.saveRepairedMessages({
      threadId: id('b'),
      messages: [textMessage({ id: id('s1'), threadId: id('s'), resourceId, at: 1000, text: 'b fixed s1' })],
    })
    await storage.saveRepairedMessages({
      threadId: id('d'),
      messages: [textMessage({ id: id('s1'), threadId: id('s'), resourceId, at: 1000, text: 'd fixed s1' })],
    })

    const others = ['c', 'd', 'e', 'f', 'f2', 'cc'].map(id)
    const before = await histories([id('s'), id('b'), ...others])
    const messagesBefore = await allMessageIds([id('s'), id('b'), ...others])

    const promoted = await promote(id('b'), id('n'))
    expect(promoted).toMatchObject({
      movedToNewBranchCount: 2,
      movedToSourceCount: 2,
      reparentedToNewBranch: [id('c')],
      reparentedToSource: [id('f'), id('f2')],
      rewrittenMessageIds: [id('s1'), id('s2')],
    })
    expect(promoted.thread.id).toBe(id('s'))
    expect(promoted.thread.metadata.promotedBranch).toMatchObject({ branchThreadId: id('b'), newBranchThreadId: id('n') })
    expect(promoted.newBranchThread).toMatchObject({ id: id('n'), title: 'Branch of S', resourceId })
    expect(promoted.newBranchThread.metadata).toMatchObject({ kept: 1, branch: { sourceThreadId: id('s'), branchPointMessageId: id('s3') } })

    const after = await histories([id('s'), id('n'), ...others])
    expect(after[id('s')]).toEqual(before[id('b')])
    expect(after[id('n')]).toEqual(before[id('s')])
    for (const other of others) expect(after[other], other).toEqual(before[other])
    // nothing lost: the same rows, now owned by s and n
    expect(await allMessageIds([id('s'), id('n'), ...others])).toEqual(messagesBefore)
    expect(await storage.getThreadById(id('b'))).toBeNull()
    expect(await miscountedThreads(prisma)).toEqual([])
    expect(await storage.countMessages(id('s'))).toBe(before[id('b')]!.length)
    expect(await storage.countMessages(id('n'))).toBe(before[id('s')]!.length)
    const parents = await prisma.$queryRaw<{ id: string; parent: string; owner: string }[]>`
      SELECT id, branch_parent_id AS parent, branch_point_thread_id AS owner FROM threads WHERE id = ANY(${[id('n'), ...others]}::text[]) ORDER BY id`
    expect(parents.map((row) => [row.id, row.parent, row.owner])).toEqual([
      [id('c'), id('n'), id('n')],
      [id('cc'), id('c'), id('n')],
      [id('d'), id('s'), id('s')],
      [id('e'), id('s'), id('s')],
      [id('f'), id('s'), id('s')],
      [id('f2'), id('s'), id('s')],
      [id('n'), id('s'), id('s')],
    ])
  })

  it('cut in the source`s inherited part: the source takes the branch`s cutoff, the new branch the source`s', async () => {
    const { storage, prisma } = getDb()
    const p = prefix()
    const id = (name: string) => `${p}-${name}`
    await storage.createThread({ id: id('x'), resourceId })
    await storage.insertMessages([1, 2, 3, 4, 5].map((i) => textMessage({ id: id(`x${i}`), threadId: id('x'), resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: id('s'), parentId: id('x'), pointMessageId: id('x4') })
    await storage.insertMessages([6, 7].map((i) => textMessage({ id: id(`s${i - 5}`), threadId: id('s'), resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: id('b'), parentId: id('s'), pointMessageId: id('x2') })
    await storage.insertMessages([textMessage({ id: id('b1'), threadId: id('b'), resourceId, at: 8000 })])
    await insertBranchRow(prisma, { id: id('c'), parentId: id('s'), pointMessageId: id('x3') }) // after
    await insertBranchRow(prisma, { id: id('d'), parentId: id('s'), pointMessageId: id('x1') }) // before
    await insertBranchRow(prisma, { id: id('e'), parentId: id('s'), pointMessageId: id('s1') }) // in s's own
    await storage.saveRepairedMessages({
      threadId: id('s'),
      messages: [textMessage({ id: id('x1'), threadId: id('x'), resourceId, at: 1000, text: 's fixed x1' })],
    })
    await storage.saveRepairedMessages({
      threadId: id('b'),
      messages: [textMessage({ id: id('x1'), threadId: id('x'), resourceId, at: 1000, text: 'b fixed x1' })],
    })
    await storage.saveRepairedMessages({
      threadId: id('b'),
      messages: [textMessage({ id: id('x2'), threadId: id('x'), resourceId, at: 2000, text: 'b fixed x2' })],
    })

    const others = ['x', 'c', 'd', 'e'].map(id)
    const before = await histories([id('s'), id('b'), ...others])
    const messagesBefore = await allMessageIds([id('s'), id('b'), ...others])
    const promoted = await promote(id('b'), id('n'))
    expect(promoted).toMatchObject({ movedToNewBranchCount: 2, movedToSourceCount: 1, reparentedToNewBranch: [id('c'), id('e')], rewrittenMessageIds: [] })
    expect(promoted.newBranchThread.metadata).toMatchObject({ branch: { sourceThreadId: id('s'), branchPointMessageId: id('x4') } })
    const after = await histories([id('s'), id('n'), ...others])
    expect(after[id('s')]).toEqual(before[id('b')])
    expect(after[id('n')]).toEqual(before[id('s')])
    for (const other of others) expect(after[other], other).toEqual(before[other])
    expect(await allMessageIds([id('s'), id('n'), ...others])).toEqual(messagesBefore)
    expect((await storage.getThreadById(id('s')))!.metadata.branch).toMatchObject({ branchPointMessageId: id('x2') })
    // the counters follow: S counts what B counted, N what S counted
    expect(await miscountedThreads(prisma)).toEqual([])
    expect(await storage.countMessages(id('s'))).toBe(before[id('b')]!.length)
    expect(await storage.countMessages(id('n'))).toBe(before[id('s')]!.length)
  })

  it.runIf(kind === 'pglite')('moves the vectors with their messages', async () => {
    const { storage, vector, prisma } = getDb()
    const p = prefix()
    const id = (name: string) => `${p}-${name}`
    await storage.createThread({ id: id('s'), resourceId })
    await storage.insertMessages([1, 2].map((i) => textMessage({ id: id(`s${i}`), threadId: id('s'), resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: id('b'), parentId: id('s'), pointMessageId: id('s1') })
    await storage.insertMessages([textMessage({ id: id('b1'), threadId: id('b'), resourceId, at: 3000 })])
    const entry = (messageId: string, threadId: string) => ({ messageId, threadId, resourceId, model: 'm', embedding: [1, 0], dimensions: 2 })
    await vector.upsertVectors([entry(id('s2'), id('s')), entry(id('b1'), id('b'))])
    await promote(id('b'), id('n'))
    const rows = await prisma.$queryRaw<{ messageId: string; threadId: string }[]>`
      SELECT message_id AS "messageId", thread_id AS "threadId" FROM message_embeddings WHERE message_id LIKE ${p + '-%'} ORDER BY message_id`
    expect(rows).toEqual([
      { messageId: id('b1'), threadId: id('s') },
      { messageId: id('s2'), threadId: id('n') },
    ])
  })

  it('rejects an unknown thread and a thread that is not a branch', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'pro-root', resourceId })
    await expect(promote('pro-nope', 'pro-n1')).rejects.toThrow(ThreadNotFoundError)
    await expect(promote('pro-root', 'pro-n2')).rejects.toThrow(NotABranchError)
    expect(await storage.getThreadById('pro-n2')).toBeNull()
  })
})
