import { ThreadNotFoundError } from '@threadline/engine'
import type { DiffThreadHistoriesInput } from '@threadline/engine/storage'
import { expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'
import { diffSummary, expectedDiff, insertBranchRow } from './branch-test-helpers.ts'

const resourceId = 'diff-r'

describeEachDatabase('diffThreadHistories', (getDb) => {
  let n = 0
  async function seed() {
    const { storage, prisma } = getDb()
    const p = `d${++n}`
    const id = (name: string) => `${p}-${name}`
    await storage.createThread({ id: id('root'), resourceId })
    await storage.insertMessages([1, 2, 3, 4].map((i) => textMessage({ id: id(`r${i}`), threadId: id('root'), resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: id('a'), parentId: id('root'), pointMessageId: id('r2') })
    await storage.insertMessages([textMessage({ id: id('a1'), threadId: id('a'), resourceId, at: 5000 })])
    await insertBranchRow(prisma, { id: id('b'), parentId: id('root'), pointMessageId: id('r3') })
    await storage.insertMessages([5, 6].map((i) => textMessage({ id: id(`b${i - 4}`), threadId: id('b'), resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: id('aa'), parentId: id('a'), pointMessageId: id('a1') })
    return id
  }
  const diff = (threadIdA: string, threadIdB: string, matchCopies = false, page: Pick<DiffThreadHistoriesInput, 'limit' | 'afterA' | 'afterB'> = {}) =>
    getDb().storage.diffThreadHistories({ threadIdA, threadIdB, matchCopies, ...page })
  const ids = (messages: { id: string }[]) => messages.map((m) => m.id)

  it('sibling branches: the common point is the earlier cutoff, each side`s own messages listed', async () => {
    const id = await seed()
    const result = await diff(id('a'), id('b'))
    expect(result.commonCount).toBe(2)
    expect(result.lastCommon).toEqual({ messageIdA: id('r2'), messageIdB: id('r2') })
    expect(ids(result.onlyInA)).toEqual([id('a1')])
    expect(ids(result.onlyInB)).toEqual([id('r3'), id('b1'), id('b2')])
  })

  it('a branch and its source, and a branch of a branch against the root', async () => {
    const id = await seed()
    const withSource = await diff(id('b'), id('root'))
    expect(withSource.lastCommon).toEqual({ messageIdA: id('r3'), messageIdB: id('r3') })
    expect(ids(withSource.onlyInA)).toEqual([id('b1'), id('b2')])
    expect(ids(withSource.onlyInB)).toEqual([id('r4')])
    const deep = await diff(id('aa'), id('root'))
    expect(deep.commonCount).toBe(2)
    expect(ids(deep.onlyInA)).toEqual([id('a1')])
  })

  it('agrees with the engine`s pure diffHistories, common point, shared stretch and before counts included', async () => {
    const id = await seed()
    const { prisma } = getDb()
    for (const [x, y] of [
      ['a', 'b'],
      ['aa', 'b'],
      ['root', 'aa'],
      ['b', 'b'],
    ] as const) {
      expect(diffSummary(await diff(id(x), id(y)))).toEqual(await expectedDiff(prisma, id(x), id(y), false))
    }
  })

  it('a clone and its source: copies pair by createdAt, role and content when asked', async () => {
    const id = await seed()
    const { storage } = getDb()
    await storage.createThread({ id: id('clone'), resourceId, sourceThreadId: id('root') })
    await storage.copyThreadMessages({ sourceThreadId: id('root'), targetThreadId: id('clone'), targetResourceId: resourceId })
    await storage.insertMessages([textMessage({ id: id('c1'), threadId: id('clone'), resourceId, at: 9000 })])
    const unpaired = await diff(id('clone'), id('b'))
    expect(unpaired.lastCommon).toBeNull()
    const paired = await diff(id('clone'), id('b'), true)
    expect(paired.commonCount).toBe(3)
    expect(paired.lastCommon!.messageIdB).toBe(id('r3'))
    expect(paired.lastCommon!.messageIdA).not.toBe(id('r3'))
    expect(paired.onlyInA).toHaveLength(2) // the copy of r4 and c1
    expect(ids(paired.onlyInB)).toEqual([id('b1'), id('b2')])
  })

  it('unrelated threads have no common point; an unknown thread is ThreadNotFoundError', async () => {
    const id = await seed()
    const { storage } = getDb()
    await storage.createThread({ id: id('other'), resourceId })
    await storage.insertMessages([textMessage({ id: id('o1'), threadId: id('other'), resourceId, at: 1000 })])
    const result = await diff(id('other'), id('a'), true)
    expect(result).toMatchObject({ commonCount: 0, lastCommon: null })
    expect(ids(result.onlyInA)).toEqual([id('o1')])
    await expect(diff(id('nope'), id('a'))).rejects.toThrow(ThreadNotFoundError)
  })

  it('pages each side in the query: at most `limit` rows, the full counts, and where the next page starts', async () => {
    const id = await seed()
    const whole = await diff(id('a'), id('b'))
    expect(whole).toMatchObject({ onlyInACount: 1, onlyInBCount: 3, nextAfterA: null, nextAfterB: null })
    const first = await diff(id('a'), id('b'), false, { limit: 2 })
    expect(first).toMatchObject({ commonCount: 2, lastCommon: whole.lastCommon, onlyInACount: 1, onlyInBCount: 3, nextAfterA: null })
    expect(ids(first.onlyInA)).toEqual([id('a1')])
    expect(ids(first.onlyInB)).toEqual([id('r3'), id('b1')])
    // r3 and b1 are b's 3rd and 4th messages: the next page starts after position 4
    expect(first.nextAfterB).toBe(4)
    const second = await diff(id('a'), id('b'), false, { limit: 2, afterA: first.nextAfterA ?? undefined, afterB: first.nextAfterB ?? undefined })
    expect(ids(second.onlyInA)).toEqual([id('a1')])
    expect(ids(second.onlyInB)).toEqual([id('b2')])
    expect(second).toMatchObject({ onlyInBCount: 3, nextAfterB: null })
    const exact = await diff(id('a'), id('b'), false, { limit: 3 })
    expect(exact).toMatchObject({ nextAfterA: null, nextAfterB: null })
    expect(exact.onlyInB).toHaveLength(3)
  })
})
