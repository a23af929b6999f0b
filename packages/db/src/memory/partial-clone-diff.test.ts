// diffThreads on a partial clone (Memory.cloneThread of messages 3-8 of 10),
// against PGlite and PostgreSQL: the shared stretch starts at the source's #3
// (the clone's #1), and the source's #1-#2 are reported as BEFORE the common
// point, not after it. The SQL answer agrees with the engine's pure
// diffHistories, the rule's one definition.
import { Memory } from '@threadline/engine'
import { expect, it } from 'vitest'
import { diffSummary, expectedDiff } from '../storage/branch-test-helpers.ts'
import { describeEachDatabase } from '../testing/index.ts'
import { seedThread } from './fixtures.ts'

describeEachDatabase('diffThreads on a partial clone', (getDb) => {
  let n = 0

  it('a clone of messages 3-8 shares 6 messages from #3; #1-#2 lie before the common point, #9-#10 after it', async () => {
    const memory = new Memory({ storage: getDb().storage })
    const p = `pcd${++n}`
    const texts = Array.from({ length: 10 }, (_, i) => `message ${i + 1}`)
    const source = await seedThread(memory, { threadId: `${p}-s`, resourceId: `${p}-r`, title: 'Support', texts })
    const picked = source.slice(2, 8).map((message) => message.id)
    const { thread: clone } = await memory.cloneThread({ sourceThreadId: `${p}-s`, title: 'Messages 3-8', options: { messageFilter: { messageIds: picked } } })

    const diff = await memory.diffThreads(`${p}-s`, clone.id)
    expect(diff.commonMessageCount).toBe(6)
    expect(diff.firstCommon).toMatchObject({ messageIdA: source[2]!.id, positionA: 3, positionB: 1 })
    expect(diff.commonAncestor?.messageIdA).toBe(source[7]!.id)
    expect(diff.onlyInA.map((message) => message.id)).toEqual([source[0]!.id, source[1]!.id, source[8]!.id, source[9]!.id])
    expect(diff.onlyInABeforeCommonCount).toBe(2)
    expect(diff).toMatchObject({ onlyInACount: 4, onlyInBCount: 0, onlyInBBeforeCommonCount: 0 })

    // seen from the clone: nothing of its own before or after; the source's first copy is its #1
    const reverse = await memory.diffThreads(clone.id, `${p}-s`)
    expect(reverse.firstCommon).toMatchObject({ positionA: 1, positionB: 3, messageIdB: source[2]!.id })
    expect(reverse).toMatchObject({ onlyInACount: 0, onlyInBCount: 4, onlyInBBeforeCommonCount: 2, onlyInABeforeCommonCount: 0 })
  })

  it('the SQL diff of a partial clone (3-8 of 10, and hand-picked) agrees with the engine`s pure diffHistories, both ways', async () => {
    const { storage, prisma } = getDb()
    const memory = new Memory({ storage })
    const p = `pcd${++n}`
    const source = await seedThread(memory, { threadId: `${p}-s`, resourceId: `${p}-r`, texts: Array.from({ length: 10 }, (_, i) => `m${i + 1}`) })
    const pick = async (indexes: number[]) =>
      (await memory.cloneThread({ sourceThreadId: `${p}-s`, options: { messageFilter: { messageIds: indexes.map((i) => source[i]!.id) } } })).thread.id
    for (const clone of [await pick([2, 3, 4, 5, 6, 7]), await pick([1, 4, 8])]) {
      for (const [a, b] of [
        [`${p}-s`, clone],
        [clone, `${p}-s`],
      ] as const) {
        const expected = await expectedDiff(prisma, a, b, true)
        expect(expected.onlyInABeforeCommonCount + expected.onlyInBBeforeCommonCount).toBeGreaterThan(0)
        expect(diffSummary(await storage.diffThreadHistories({ threadIdA: a, threadIdB: b, matchCopies: true }))).toEqual(expected)
      }
    }
  })

  it('a branch shares from #1 and has nothing before its common point', async () => {
    const memory = new Memory({ storage: getDb().storage })
    const p = `pcd${++n}`
    const source = await seedThread(memory, { threadId: `${p}-s`, resourceId: `${p}-r`, texts: ['a', 'b', 'c'] })
    const { thread: branch } = await memory.branchThread({ sourceThreadId: `${p}-s`, branchPointMessageId: source[1]!.id })
    const diff = await memory.diffThreads(`${p}-s`, branch.id)
    expect(diff.firstCommon).toMatchObject({ messageIdA: source[0]!.id, messageIdB: source[0]!.id, positionA: 1, positionB: 1 })
    expect(diff).toMatchObject({ commonMessageCount: 2, onlyInACount: 1, onlyInABeforeCommonCount: 0 })
  })
})
