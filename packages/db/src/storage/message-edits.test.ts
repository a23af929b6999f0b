import { InheritedMessageError, MessageNotFoundError, MessageSharedByBranchesError, MessageVersionConflictError, type StoredMessage } from '@threadline/engine'
import { beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'

const t0 = Date.UTC(2026, 0, 1)
const resourceId = 'r-edit'
const edited = (text: string): StoredMessage['content'] => ({ format: 2, parts: [{ type: 'text', text }], content: text })
const textOf = (message: StoredMessage | undefined) => message?.content.content

describeEachDatabase('message edits (versions)', (getDb) => {
  beforeAll(async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'edits', resourceId })
    await storage.insertMessages(Array.from({ length: 6 }, (_, i) => textMessage({ id: `e${i}`, threadId: 'edits', resourceId, at: t0 + i * 1000 })))
    // a branch cut at e2: it inherits e0..e2 and owns b0
    await storage.createBranch({
      id: 'edits-branch',
      sourceThreadId: 'edits',
      branchPointMessageId: 'e2',
      title: null,
      metadata: {},
      branchedAt: new Date(t0 + 10_000),
    })
    await storage.insertMessages([textMessage({ id: 'b0', threadId: 'edits-branch', resourceId, at: t0 + 20_000 })])
  })

  it('an edit at the current version replaces the content and adds 1; the stale version after it is refused and writes nothing', async () => {
    const { storage } = getDb()
    expect(await storage.getMessageVersions(['e4', 'absent'])).toEqual([{ id: 'e4', version: 1 }])
    const first = await storage.updateMessageContent({ threadId: 'edits', messageId: 'e4', content: edited('first edit'), expectedVersion: 1 })
    expect(first.version).toBe(2)
    expect(textOf(first.message)).toBe('first edit')
    const stale = storage.updateMessageContent({ threadId: 'edits', messageId: 'e4', content: edited('lost update'), expectedVersion: 1 })
    await expect(stale).rejects.toSatisfy(
      (error) => MessageVersionConflictError.isInstance(error) && error.currentVersion === 2 && error.field === 'expectedVersion',
    )
    const [back] = await storage.listMessages({ threadId: 'edits', messageIds: ['e4'] })
    expect(textOf(back)).toBe('first edit')
  })

  it('a save that changes a message adds 1 to its version; saving it unchanged does not', async () => {
    const { storage } = getDb()
    const [e5] = await storage.listMessages({ threadId: 'edits', messageIds: ['e5'] })
    await storage.upsertMessages([e5!])
    expect(await storage.getMessageVersions(['e5'])).toEqual([{ id: 'e5', version: 1 }])
    await storage.upsertMessages([{ ...e5!, content: edited('saved over') }])
    expect(await storage.getMessageVersions(['e5'])).toEqual([{ id: 'e5', version: 2 }])
  })

  it('the branch guards: inherited through the branch, shared with a branch at the owner, unknown: typed errors naming messageId', async () => {
    const { storage } = getDb()
    const edit = (threadId: string, messageId: string) => storage.updateMessageContent({ threadId, messageId, content: edited('x'), expectedVersion: 1 })
    await expect(edit('edits-branch', 'e1')).rejects.toSatisfy((error) => InheritedMessageError.isInstance(error))
    await expect(edit('edits', 'e1')).rejects.toSatisfy((error) => MessageSharedByBranchesError.isInstance(error))
    await expect(edit('edits', 'b0')).rejects.toSatisfy((error) => MessageNotFoundError.isInstance(error) && error.field === 'messageId')
    await expect(edit('edits', 'absent')).rejects.toSatisfy((error) => MessageNotFoundError.isInstance(error) && error.field === 'messageId')
    expect(await storage.getMessageVersions(['e1'])).toEqual([{ id: 'e1', version: 1 }])
    // the branch edits its own message
    expect((await edit('edits-branch', 'b0')).version).toBe(2)
  })
})
