// A promoted branch's id keeps working: Memory.resolveThread follows the
// redirect promoteBranch records to the thread now holding its history, on
// PGlite and PostgreSQL.
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

  it('a chain of promotions resolves in one step to the thread holding the history now', async () => {
    const m = memory()
    const { source, branch, resourceId } = await seedBranch(m, 'Middle')
    const own = storedMessage({ id: `${branch}-b0`, threadId: branch, resourceId, role: 'user', text: 'b0', at: new Date(baseTime + 3_600_000) })
    await m.saveMessages({ messages: [own] })
    const { thread: grandchild } = await m.branchThread({ sourceThreadId: branch, branchPointMessageId: own.id, title: 'Deepest' })
    await m.promoteBranch({ branchThreadId: grandchild.id }) // the grandchild's history now lives in the middle branch
    await m.promoteBranch({ branchThreadId: branch }) // and the middle branch's in the source
    expect((await m.resolveThread({ threadId: grandchild.id }))?.thread.id).toBe(source)
    expect((await m.resolveThread({ threadId: branch }))?.thread.id).toBe(source)
  })

  it('a redirect to a thread deleted since resolves to null, not to a missing thread', async () => {
    const m = memory()
    const { source, branch } = await seedBranch(m, 'Gone')
    await m.promoteBranch({ branchThreadId: branch })
    await m.deleteThread(source, { branches: 'delete' })
    expect(await m.resolveThread({ threadId: branch })).toBeNull()
  })
})
