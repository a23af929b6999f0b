// Branch creation under concurrency (docs/spec/branch-thread.md, "All of this holds
// under concurrency"). On PostgreSQL the calls really interleave (a pool of
// connections); on PGlite they serialize, and the same invariants must hold.
import { MessageNotFoundError, MessageSharedByBranchesError, ThreadHasBranchesError, ThreadNotFoundError, type StoredMessage } from '@threadline/engine'
import type { CreateBranchResult, MemoryStorage } from '@threadline/engine/storage'
import { expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'
import { outcomes } from './fixtures.ts'

const t0 = Date.UTC(2025, 8, 1, 8, 0, 0)
const second = 1000

function branchOf(storage: MemoryStorage, sourceThreadId: string, id: string): Promise<CreateBranchResult> {
  return storage.createBranch({ id, sourceThreadId, branchPointMessageId: null, title: null, metadata: {}, branchedAt: new Date() })
}

describeEachDatabase('branches under concurrency', (getDb) => {
  const dangling = async () => {
    const [row] = await getDb().prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM threads b
      WHERE (b.branch_parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM threads p WHERE p.id = b.branch_parent_id))
         OR (b.branch_point_message_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = b.branch_point_message_id))`
    return row!.n
  }

  it('appends racing branch creation: each branch sees exactly its history at creation; an append is its cutoff or invisible', async () => {
    const { storage } = getDb()
    const resourceId = 'cc-append'
    await storage.createThread({ id: 'cc-src', resourceId })
    await storage.insertMessages(Array.from({ length: 10 }, (_, i) => textMessage({ id: `cc-${i}`, threadId: 'cc-src', resourceId, at: t0 + i * second })))
    // new messages at the end, and backdated ones that would land inside existing branches' histories
    const appends: StoredMessage[] = Array.from({ length: 30 }, (_, i) =>
      textMessage({ id: `cc-new-${i}`, threadId: 'cc-src', resourceId, at: i % 3 === 0 ? t0 + (i % 10) * second + 500 : t0 + (100 + i) * second }),
    )
    const writes = appends.map((message) => storage.insertMessages([message]))
    const branches = Array.from({ length: 20 }, (_, i) => branchOf(storage, 'cc-src', `cc-branch-${i}`))
    const written = await Promise.allSettled(writes)
    const created = outcomes(await Promise.allSettled(branches))
    expect(created.rejected).toEqual([])
    for (const failure of outcomes(written).rejected) expect(failure).toBeInstanceOf(MessageSharedByBranchesError)

    for (const { thread, inheritedMessageCount } of created.fulfilled) {
      const history = await storage.listMessages({ threadId: thread.id })
      // nothing appeared in its history after it was created
      expect(history).toHaveLength(inheritedMessageCount)
      // its cutoff was the source's last message when it was made: every message it sees is <= it, the rest of the source is after it
      expect(history.at(-1)?.id).toBe(thread.branch!.branchPointMessageId)
      const source = await storage.listMessages({ threadId: 'cc-src' })
      const cut = source.findIndex((m) => m.id === thread.branch!.branchPointMessageId)
      expect(history.map((m) => m.id)).toEqual(source.slice(0, cut + 1).map((m) => m.id))
    }
  })

  it('deleting the source or its messages racing branch creation never leaves a branch pointing at a missing row', async () => {
    const { storage } = getDb()
    const resourceId = 'cc-delete'
    for (let round = 0; round < 5; round++) {
      const source = `cc-del-${round}`
      await storage.createThread({ id: source, resourceId })
      await storage.insertMessages(
        Array.from({ length: 5 }, (_, i) => textMessage({ id: `${source}-${i}`, threadId: source, resourceId, at: t0 + i * second })),
      )
      const results = await Promise.allSettled([
        branchOf(storage, source, `${source}-b1`),
        storage.deleteMessages({ messageIds: [`${source}-4`] }),
        branchOf(storage, source, `${source}-b2`),
        storage.deleteThread(source),
        branchOf(storage, source, `${source}-b3`),
      ])
      const expected = [ThreadNotFoundError, ThreadHasBranchesError, MessageSharedByBranchesError, MessageNotFoundError]
      for (const { reason } of results.filter((result) => result.status === 'rejected')) {
        expect(expected.some((type) => reason instanceof type)).toBe(true)
      }
      const branchesMade = [results[0], results[2], results[4]].filter((result) => result.status === 'fulfilled')
      // either the source went and no branch was made, or a branch came first and the source stayed
      if (results[3].status === 'fulfilled') expect(branchesMade).toEqual([])
      else expect(results[3].reason).toBeInstanceOf(ThreadHasBranchesError)
      expect(await dangling()).toBe(0)
    }
  })

  it('makes 20 branches of one thread at once: 20 rows, one cutoff, nothing copied', async () => {
    const { storage, prisma } = getDb()
    const resourceId = 'cc-fan'
    await storage.createThread({ id: 'cc-fan-src', resourceId })
    await storage.insertMessages(
      Array.from({ length: 50 }, (_, i) => textMessage({ id: `cc-fan-${i}`, threadId: 'cc-fan-src', resourceId, at: t0 + i * second })),
    )
    const messagesBefore = await prisma.message.count()
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => branchOf(storage, 'cc-fan-src', `cc-fan-b${i}`)))
    expect(new Set(made.map((result) => result.thread.branch?.branchPointMessageId))).toEqual(new Set(['cc-fan-49']))
    expect(made.every((result) => result.inheritedMessageCount === 50)).toBe(true)
    expect(await prisma.message.count()).toBe(messagesBefore)
    expect(await storage.listBranches('cc-fan-src')).toHaveLength(20)
  })
})
