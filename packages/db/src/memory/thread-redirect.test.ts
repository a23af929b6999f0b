// A promoted branch's id keeps working: Memory.resolveThread follows the
// redirect promoteBranch records to the thread now holding its history, on
// PGlite and PostgreSQL; deleting a thread deletes the redirects to (and from)
// its id in the same transaction, so an old id answers "not found", never a
// redirect to nothing.
import { Memory } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { baseTime, seedThread, storedMessage } from './fixtures.ts'

describeEachDatabase('thread redirects (Memory.resolveThread)', (getDb) => {
  let n = 0
  const memory = () => new Memory({ storage: getDb().storage })

  /** A source with a branch cut at its second message; returns both ids. */
  async function seedBranch(m: Memory, title: string) {
    const p = `tr${++n}`
    const messages = await seedThread(m, { threadId: `${p}-s`, resourceId: `${p}-r`, title: 'Support', texts: ['s0', 's1', 's2'] })
    const { thread: branch } = await m.branchThread({ sourceThreadId: `${p}-s`, branchPointMessageId: messages[1]!.id, title })
    return { source: `${p}-s`, branch: branch.id, resourceId: `${p}-r` }
  }

  it('a thread id resolves to itself, an unknown id to null', async () => {
    const m = memory()
    const { source } = await seedBranch(m, 'Refund path')
    expect(await m.resolveThread({ threadId: source })).toMatchObject({ thread: { id: source }, redirectedFrom: null })
    expect(await m.resolveThread({ threadId: 'tr-nothing' })).toBeNull()
  })

  it('the id of a promoted branch resolves to its source, naming the branch by its title', async () => {
    const m = memory()
    const { source, branch } = await seedBranch(m, 'Refund path')
    await m.promoteBranch({ branchThreadId: branch })
    expect(await m.getThreadById({ threadId: branch })).toBeNull()
    const resolved = await m.resolveThread({ threadId: branch })
    expect(resolved?.thread.id).toBe(source)
    expect(resolved?.redirectedFrom).toMatchObject({ threadId: branch, title: 'Refund path', reason: 'promoted' })
    expect(resolved?.redirectedFrom?.at).toBeInstanceOf(Date)
  })

  /** A branch of a branch, promoted into its parent, which is then promoted into the source: two redirects in a chain. */
  async function seedPromotedChain(m: Memory) {
    const { source, branch, resourceId } = await seedBranch(m, 'Middle')
    const own = storedMessage({ id: `${branch}-b0`, threadId: branch, resourceId, role: 'user', text: 'b0', at: new Date(baseTime + 3_600_000) })
    await m.saveMessages({ messages: [own] })
    const { thread: grandchild } = await m.branchThread({ sourceThreadId: branch, branchPointMessageId: own.id, title: 'Deepest' })
    await m.promoteBranch({ branchThreadId: grandchild.id }) // the grandchild's history now lives in the middle branch
    await m.promoteBranch({ branchThreadId: branch }) // and the middle branch's in the source
    return { source, branch, grandchild: grandchild.id }
  }

  it('a chain of promotions resolves in one step to the thread holding the history now', async () => {
    const m = memory()
    const { source, branch, grandchild } = await seedPromotedChain(m)
    expect((await m.resolveThread({ threadId: grandchild }))?.thread.id).toBe(source)
    expect((await m.resolveThread({ threadId: branch }))?.thread.id).toBe(source)
  })

  /** The redirect rows that lead from or to these ids (read straight from the table: what deleteThread leaves behind). */
  async function redirectsTouching(ids: string[]): Promise<{ from: string; to: string }[]> {
    return getDb().prisma.$queryRaw<{ from: string; to: string }[]>`
      SELECT from_thread_id AS "from", to_thread_id AS "to" FROM thread_redirects
      WHERE from_thread_id = ANY(${ids}::text[]) OR to_thread_id = ANY(${ids}::text[]) ORDER BY from_thread_id`
  }

  it('deleting the thread a redirect leads to deletes the redirect with it: the old id is not found, nothing dangles', async () => {
    const m = memory()
    const { source, branch } = await seedBranch(m, 'Gone')
    await m.promoteBranch({ branchThreadId: branch })
    const kept = await seedBranch(m, 'Kept')
    await m.promoteBranch({ branchThreadId: kept.branch })
    expect(await redirectsTouching([branch])).toEqual([{ from: branch, to: source }])
    await m.deleteThread(source, { branches: 'delete' })
    expect(await m.resolveThread({ threadId: branch })).toBeNull()
    expect(await redirectsTouching([branch, source])).toEqual([])
    // another thread's redirect is not touched
    expect((await m.resolveThread({ threadId: kept.branch }))?.thread.id).toBe(kept.source)
  })

  it('deleting the final thread of a chain removes every redirect of the chain, in one go', async () => {
    const m = memory()
    const { source, branch, grandchild } = await seedPromotedChain(m)
    await m.deleteThread(source, { branches: 'delete' })
    expect(await m.resolveThread({ threadId: grandchild })).toBeNull()
    expect(await redirectsTouching([grandchild, branch, source])).toEqual([])
  })

  it('a thread created later under a redirected id, once deleted, takes the redirect with it', async () => {
    const m = memory()
    const { branch, resourceId } = await seedBranch(m, 'Reused')
    await m.promoteBranch({ branchThreadId: branch })
    await m.createThread({ threadId: branch, resourceId, title: 'New under the old id' })
    expect((await m.resolveThread({ threadId: branch }))?.redirectedFrom).toBeNull()
    await m.deleteThread(branch)
    expect(await m.resolveThread({ threadId: branch })).toBeNull()
  })
})
