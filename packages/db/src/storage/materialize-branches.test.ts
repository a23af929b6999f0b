import { NotABranchError, ThreadNotFoundError } from '@threadline/engine'
import { beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'
import { effectiveHistory, insertBranchRow, miscountedThreads, textOf } from './branch-test-helpers.ts'

const resourceId = 'mat-r'

describeEachDatabase('materializeBranches', (getDb, kind) => {
  let n = 0
  /**
   * root: r1..r5; b (branch of root at r3): b1, b2; c (branch of root at r4);
   * g (branch of b at r2, inherited by b); h (branch of b at b1, b's own);
   * gg (branch of g at r1). Overrides: b on r2, g on r1.
   */
  async function seedTree() {
    const { storage, prisma } = getDb()
    const p = `m${++n}`
    const id = (name: string) => `${p}-${name}`
    await storage.createThread({ id: id('root'), resourceId })
    await storage.insertMessages([1, 2, 3, 4, 5].map((i) => textMessage({ id: id(`r${i}`), threadId: id('root'), resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: id('b'), parentId: id('root'), pointMessageId: id('r3') })
    await storage.insertMessages([6, 7].map((i) => textMessage({ id: id(`b${i - 5}`), threadId: id('b'), resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: id('c'), parentId: id('root'), pointMessageId: id('r4') })
    await insertBranchRow(prisma, { id: id('g'), parentId: id('b'), pointMessageId: id('r2') })
    await insertBranchRow(prisma, { id: id('h'), parentId: id('b'), pointMessageId: id('b1') })
    await insertBranchRow(prisma, { id: id('gg'), parentId: id('g'), pointMessageId: id('r1') })
    await storage.saveRepairedMessages({
      threadId: id('b'),
      messages: [textMessage({ id: id('r2'), threadId: id('root'), resourceId, at: 2000, text: 'b fixed r2' })],
    })
    await storage.saveRepairedMessages({
      threadId: id('g'),
      messages: [textMessage({ id: id('r1'), threadId: id('root'), resourceId, at: 1000, text: 'g fixed r1' })],
    })
    return id
  }

  const histories = async (ids: string[]) => {
    const { prisma } = getDb()
    return Object.fromEntries(await Promise.all(ids.map(async (id) => [id, (await effectiveHistory(prisma, id)).map(textOf)] as const)))
  }

  it('copies the inherited history (override applied) into the branch, which keeps its id and reads the same', async () => {
    const id = await seedTree()
    const { storage, prisma } = getDb()
    const everyone = ['root', 'b', 'c', 'g', 'h', 'gg'].map(id)
    const before = await histories(everyone)
    expect(before[id('b')]).toEqual(['message ' + id('r1'), 'b fixed r2', 'message ' + id('r3'), 'message ' + id('b1'), 'message ' + id('b2')])

    const [done] = await storage.materializeBranches({ threadIds: [id('b')], materializedAt: new Date('2026-12-03T08:00:00Z') })
    expect(done).toMatchObject({ threadId: id('b'), copiedMessageCount: 3, repointedBranchThreadIds: [id('g'), id('gg')] })
    expect(Object.keys(done!.overriddenCopies)).toEqual([id('r2')])

    // nobody's history changed
    expect(await histories(everyone)).toEqual(before)
    // b owns every message it reads; the copies are new rows
    const own = await storage.listMessages({ threadId: id('b') })
    expect(own.map(textOf)).toEqual(before[id('b')])
    expect(own.every((m) => m.threadId === id('b'))).toBe(true)
    expect(own.slice(0, 3).map((m) => m.id)).not.toContain(id('r1'))

    const b = await storage.getThreadById(id('b'))
    const [columns] = await prisma.$queryRaw<{ parent: string | null }[]>`SELECT branch_parent_id AS parent FROM threads WHERE id = ${id('b')}`
    expect(columns!.parent).toBeNull()
    expect(b!.metadata.branch).toBeUndefined()
    expect(b!.metadata.materializedBranch).toMatchObject({
      sourceThreadId: id('root'),
      parentThreadId: id('root'),
      branchPointMessageId: id('r3'),
      copiedMessageCount: 3,
    })
    const overrides = await prisma.$queryRaw<{ threadId: string; messageId: string }[]>`
      SELECT thread_id AS "threadId", message_id AS "messageId" FROM message_overrides WHERE thread_id = ANY(${everyone}::text[]) ORDER BY thread_id`
    // b's override is gone (applied); g's now names b's copy of r1
    expect(overrides).toEqual([{ threadId: id('g'), messageId: own[0]!.id }])
    const [g] = await prisma.$queryRaw<{ owner: string; point: string }[]>`
      SELECT branch_point_thread_id AS owner, branch_point_message_id AS point FROM threads WHERE id = ${id('g')}`
    expect(g).toEqual({ owner: id('b'), point: own[1]!.id })
  })

  it('re-points every branch below whose cutoff lay in the inherited part, at any depth', async () => {
    const id = await seedTree()
    const { storage, prisma } = getDb()
    await storage.materializeBranches({ threadIds: [id('b')], materializedAt: new Date() })
    const rows = await prisma.$queryRaw<{ id: string; owner: string }[]>`
      SELECT id, branch_point_thread_id AS owner FROM threads WHERE id = ANY(${[id('g'), id('h'), id('gg'), id('c')]}::text[]) ORDER BY id`
    expect(Object.fromEntries(rows.map((row) => [row.id, row.owner]))).toEqual({
      [id('c')]: id('root'),
      [id('g')]: id('b'),
      [id('gg')]: id('b'),
      [id('h')]: id('b'),
    })
    // the root's messages are no longer anyone's cutoff below b: it can be deleted (after c goes)
    await prisma.$executeRaw`DELETE FROM threads WHERE id = ${id('c')}`
    await prisma.$executeRaw`DELETE FROM threads WHERE id = ${id('root')}`
    expect((await effectiveHistory(prisma, id('gg'))).map(textOf)).toEqual(['g fixed r1'])
  })

  it.runIf(kind === 'pglite')('copies the vectors of every model, except for copies made from an override', async () => {
    const id = await seedTree()
    const { storage, vector, prisma } = getDb()
    const entry = (messageId: string, model: string) => ({ messageId, threadId: id('root'), resourceId, model, embedding: [1, 0, 0], dimensions: 3 })
    await vector.upsertVectors([entry(id('r1'), 'one'), entry(id('r1'), 'two'), entry(id('r2'), 'one'), entry(id('r3'), 'two'), entry(id('r5'), 'one')])
    const [done] = await storage.materializeBranches({ threadIds: [id('b')], materializedAt: new Date() })
    expect(done!.copiedVectorCount).toBe(3)
    const copied = await prisma.$queryRaw<{ model: string; threadId: string }[]>`
      SELECT model, thread_id AS "threadId" FROM message_embeddings WHERE thread_id = ${id('b')} ORDER BY message_id, model`
    expect(copied).toEqual([
      { model: 'one', threadId: id('b') },
      { model: 'two', threadId: id('b') },
      { model: 'two', threadId: id('b') },
    ])
  })

  it('materializes several branches of one thread together (deleteThread with branches: materialize)', async () => {
    const id = await seedTree()
    const { storage, prisma } = getDb()
    const done = await storage.materializeBranches({ threadIds: [id('b'), id('c')], materializedAt: new Date() })
    expect(done.map((d) => [d.threadId, d.copiedMessageCount])).toEqual([
      [id('b'), 3],
      [id('c'), 4],
    ])
    const before = await histories(['b', 'c', 'g', 'h', 'gg'].map(id))
    await prisma.$executeRaw`DELETE FROM threads WHERE id = ${id('root')}`
    expect(await histories(['b', 'c', 'g', 'h', 'gg'].map(id))).toEqual(before)
    // the counters follow: the materialized branches own their history now, the ones below read the same count
    expect(await miscountedThreads(prisma)).toEqual([])
    for (const name of ['b', 'c', 'g', 'h', 'gg']) expect(await storage.countMessages(id(name)), name).toBe(before[id(name)]!.length)
  })

  it('rejects an unknown thread and a thread that is not a branch, changing nothing', async () => {
    const id = await seedTree()
    const { storage } = getDb()
    await expect(storage.materializeBranches({ threadIds: [id('nope')], materializedAt: new Date() })).rejects.toThrow(ThreadNotFoundError)
    await expect(storage.materializeBranches({ threadIds: [id('b'), id('root')], materializedAt: new Date() })).rejects.toThrow(NotABranchError)
    expect((await storage.getThreadById(id('b')))!.metadata.branch).toBeDefined()
    const [own] = await getDb().prisma.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM messages WHERE thread_id = ${id('b')}`
    expect(own!.count).toBe(2)
  })

  describe('an empty branch of an empty history', () => {
    beforeAll(async () => {
      const { storage } = getDb()
      await storage.createThread({ id: 'mat-lonely', resourceId })
    })
    it('has nothing to copy', async () => {
      const { storage, prisma } = getDb()
      await storage.insertMessages([textMessage({ id: 'mat-only', threadId: 'mat-lonely', resourceId, at: 1 })])
      await insertBranchRow(prisma, { id: 'mat-lonely-b', parentId: 'mat-lonely', pointMessageId: 'mat-only' })
      const [done] = await storage.materializeBranches({ threadIds: ['mat-lonely-b'], materializedAt: new Date() })
      expect(done!.copiedMessageCount).toBe(1)
    })
  })
})
