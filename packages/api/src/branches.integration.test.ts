// The branches router over real HTTP on both databases: create, list, lineage,
// diff, materialize, promote, the thread reads' inherited marker, the explorer's
// branch filter, delete with branches, and the error codes a caller gets.
import { demoBranches, demoThreads } from '@threadline/db/seed'
import type { StoredMessage } from '@threadline/engine'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'

const refund = demoThreads.find((seed) => seed.thread.id === 'acme-refund-4512')!
const ACME = refund.thread.resourceId

/** A message written on `threadId` after its last one (tests write through Memory: the API has no message writes). */
function laterMessage(threadId: string, id: string, text: string, minutes: number): StoredMessage {
  return {
    id,
    threadId,
    resourceId: ACME,
    role: 'user',
    createdAt: new Date(refund.messages.at(-1)!.createdAt.getTime() + minutes * 60_000),
    type: 'v2',
    content: { format: 2, parts: [{ type: 'text', text }] },
  }
}

describeEachApi('the branches router', (getApi) => {
  let api: ApiHarness
  beforeAll(() => {
    api = getApi()
  })

  describe('a branch of a demo thread', () => {
    const branchId = 'api-refund-branch'
    beforeAll(async () => {
      await api.operator.branches.create.mutate({ sourceThreadId: refund.thread.id, branchPointMessageId: refund.messages[1]!.id, newThreadId: branchId })
    })

    it('shares the history up to the branch point; an inherited message keeps the threadId of the thread that owns it', async () => {
      const { messages, messageCount } = await api.operator.threads.byId.query({ id: branchId })
      expect(messageCount).toBe(2)
      expect(messages.map((message) => [message.id, message.threadId])).toEqual([
        [refund.messages[0]!.id, refund.thread.id],
        [refund.messages[1]!.id, refund.thread.id],
      ])
      const page = await api.operator.threads.messages.query({ threadId: branchId })
      expect(page.items.every((message) => message.threadId === refund.thread.id)).toBe(true)
      // the source's own messages are its own
      const source = await api.operator.threads.byId.query({ id: refund.thread.id })
      expect(source.messages.every((message) => message.threadId === refund.thread.id)).toBe(true)
    })

    it('says where it was cut: threads.get, branches.list and the explorer row', async () => {
      const info = await api.operator.threads.get.query({ threadId: branchId })
      expect(info).toMatchObject({
        isBranch: true,
        isClone: false,
        branch: {
          parentThreadId: refund.thread.id,
          parentTitle: refund.thread.title,
          branchPointMessageId: refund.messages[1]!.id,
          branchPointThreadId: refund.thread.id,
        },
      })
      expect(await api.operator.threads.get.query({ threadId: refund.thread.id })).toMatchObject({ isBranch: false, branch: null })
      const listed = await api.operator.branches.list.query({ threadId: refund.thread.id })
      // this branch and the seeded ones of the refund thread
      const seeded = demoBranches.filter((branch) => branch.sourceThreadId === refund.thread.id).map((branch) => branch.id)
      expect(listed.map((branch) => branch.id).sort()).toEqual([branchId, ...seeded].sort())
      expect(listed).toContainEqual(
        expect.objectContaining({ id: branchId, branchPointMessageId: refund.messages[1]!.id, branchPointThreadId: refund.thread.id }),
      )
      const rows = await api.operator.threads.list.query({ resourceId: ACME, isBranch: true, pageSize: 100 })
      expect(rows.items.map((row) => row.id)).toContain(branchId)
      expect(rows.items.every((row) => row.isBranch && row.branchParentId !== null)).toBe(true)
      const originals = await api.operator.threads.list.query({ resourceId: ACME, isBranch: false, pageSize: 100 })
      expect(originals.items.some((row) => row.isBranch)).toBe(false)
    })

    it('draws clones and branches in one lineage, each fork with its kind and point', async () => {
      const clone = await api.operator.clone.create.mutate({ sourceThreadId: refund.thread.id, newThreadId: 'api-refund-clone', returnMessages: false })
      const lineage = await api.operator.branches.lineage.query({ threadId: refund.thread.id })
      expect(lineage.thread.forkKind).toBe('root')
      const children = Object.fromEntries(lineage.thread.children.map((child) => [child.id, child]))
      expect(children[branchId]).toMatchObject({ forkKind: 'branch', forkPoint: { messageId: refund.messages[1]!.id, snippet: expect.any(String) } })
      expect(children[clone.thread.id]).toMatchObject({ forkKind: 'clone' })
      const ofBranch = await api.operator.branches.lineage.query({ threadId: branchId })
      expect(ofBranch.ancestors.map((node) => [node.id, node.forkKind])).toEqual([[refund.thread.id, 'root']])
      expect(ofBranch.thread.forkKind).toBe('branch')
      await api.operator.threads.delete.mutate({ threadId: clone.thread.id })
    })

    it('diffs it against its source from the common point', async () => {
      const diff = await api.operator.branches.diff.query({ threadIdA: refund.thread.id, threadIdB: branchId })
      expect(diff.commonMessageCount).toBe(2)
      expect(diff.commonAncestor).toMatchObject({ messageIdA: refund.messages[1]!.id, messageIdB: refund.messages[1]!.id })
      expect(diff.onlyInA.map((message) => message.id)).toEqual(refund.messages.slice(2).map((message) => message.id))
      expect(diff.onlyInB).toEqual([])
      // under the cap: the whole of each side, unmarked
      expect(diff).toMatchObject({ onlyInACount: refund.messages.length - 2, onlyInBCount: 0, truncated: { onlyInA: null, onlyInB: null } })
    })

    it('answers CONFLICT for a taken id and for deleting a source with branches without saying what to do with them', async () => {
      const taken = await failureOf(api.operator.branches.create.mutate({ sourceThreadId: refund.thread.id, newThreadId: branchId }))
      expect(taken).toMatchObject({ code: 'CONFLICT', message: `newThreadId "${branchId}" is not available` })
      expect(await failureOf(api.operator.threads.delete.mutate({ threadId: refund.thread.id }))).toMatchObject({ code: 'CONFLICT' })
      expect(await failureOf(api.operator.branches.create.mutate({ sourceThreadId: 'no-such-thread' }))).toMatchObject({ code: 'NOT_FOUND' })
    })
  })

  /** An independent copy of the refund thread (its own messages, new ids), so tests may change its lineage freely. */
  async function refundCopy(newThreadId: string): Promise<string[]> {
    await api.operator.clone.create.mutate({ sourceThreadId: refund.thread.id, newThreadId, returnMessages: false })
    return (await api.operator.threads.byId.query({ id: newThreadId })).messages.map((message) => message.id)
  }

  it('promotes a branch: the source continues along it, its former tail kept on a new branch', async () => {
    const ids = await refundCopy('api-promote-source')
    const source = { thread: { id: 'api-promote-source' } }
    const branch = await api.operator.branches.create.mutate({ sourceThreadId: source.thread.id, branchPointMessageId: ids[1]! })
    await api.services.memory.saveMessages({ messages: [laterMessage(branch.thread.id, 'api-promote-own', 'Ship a replacement instead.', 5)] })

    const result = await api.operator.branches.promote.mutate({ branchThreadId: branch.thread.id })
    expect(result).toMatchObject({ thread: { id: source.thread.id }, movedToNewBranchCount: refund.messages.length - 2, movedToSourceCount: 1 })
    const after = await api.operator.threads.byId.query({ id: source.thread.id })
    expect(after.messages.map((message) => message.id).slice(2)).toEqual(['api-promote-own'])
    const kept = await api.operator.threads.byId.query({ id: result.newBranchThread.id })
    expect(kept.messageCount).toBe(refund.messages.length)
    await api.operator.threads.delete.mutate({ threadId: source.thread.id, branches: 'delete' })
  })

  it('materializes a branch: it owns copies of what it inherited, and its source can go', async () => {
    await refundCopy('api-materialize-source')
    const source = { thread: { id: 'api-materialize-source' } }
    const branch = await api.operator.branches.create.mutate({ sourceThreadId: source.thread.id })
    expect(branch.inheritedMessageCount).toBe(refund.messages.length)
    await api.operator.branches.materialize.mutate({ threadId: branch.thread.id })
    const after = await api.operator.threads.byId.query({ id: branch.thread.id })
    expect(after.messageCount).toBe(refund.messages.length)
    expect(after.messages.every((message) => message.threadId === branch.thread.id)).toBe(true)
    expect(await api.operator.threads.get.query({ threadId: branch.thread.id })).toMatchObject({ isBranch: false })
    await api.operator.threads.delete.mutate({ threadId: source.thread.id })
    await api.operator.threads.delete.mutate({ threadId: branch.thread.id })
  })

  it("deletes a source with { branches: 'materialize' }: its branches keep their history", async () => {
    const ids = await refundCopy('api-delete-source')
    const source = { thread: { id: 'api-delete-source' } }
    const branch = await api.operator.branches.create.mutate({ sourceThreadId: source.thread.id, branchPointMessageId: ids[2]! })
    await api.operator.threads.delete.mutate({ threadId: source.thread.id, branches: 'materialize' })
    const after = await api.operator.threads.byId.query({ id: branch.thread.id })
    expect(after.messageCount).toBe(3)
    expect(after.messages.every((message) => message.threadId === branch.thread.id)).toBe(true)
    await api.operator.threads.delete.mutate({ threadId: branch.thread.id })
  })

  it('writes only with a read+write token; a read-only token reads branches, lineage and diffs', async () => {
    const reader = await api.tokenClient({ resourceIds: [ACME], canWrite: false })
    const readOnly = { code: 'FORBIDDEN', message: 'This API token is read-only' }
    expect(await failureOf(reader.branches.create.mutate({ sourceThreadId: refund.thread.id }))).toMatchObject(readOnly)
    expect(await failureOf(reader.branches.materialize.mutate({ threadId: 'api-refund-branch' }))).toMatchObject(readOnly)
    expect(await failureOf(reader.branches.promote.mutate({ branchThreadId: 'api-refund-branch' }))).toMatchObject(readOnly)
    expect((await reader.branches.list.query({ threadId: refund.thread.id })).length).toBeGreaterThan(0)
    expect((await reader.branches.lineage.query({ threadId: 'api-refund-branch' })).ancestors).toHaveLength(1)
    expect((await reader.branches.diff.query({ threadIdA: refund.thread.id, threadIdB: 'api-refund-branch' })).commonMessageCount).toBe(2)
  })

  it('shows the seeded branches: a branch of a branch, and the promoted one', async () => {
    const [first, second] = demoBranches
    const nested = await api.operator.branches.lineage.query({ threadId: second!.id })
    expect(nested.ancestors.map((node) => node.id)).toEqual([first!.sourceThreadId, first!.id])
    expect(nested.ancestors.map((node) => node.forkKind)).toEqual(['root', 'branch'])
    const promoted = demoBranches.find((branch) => branch.promote)!
    const source = await api.operator.threads.byId.query({ id: promoted.sourceThreadId })
    expect(source.messages.slice(2).map((message) => message.id)).toEqual(promoted.messages.map((message) => message.id))
    expect((await api.operator.branches.list.query({ threadId: promoted.sourceThreadId })).length).toBe(1)
  })
})
