// Issue 33: a clone (or branch) committed just before a kill had no audit entry,
// as the entry was written after the commit. Now it is written in the write's
// own transaction (or statement). Here the group-commit writer drops every
// entry, as a process killed right after the commit would: the entry of the
// write is there anyway, read straight from the table right after the answer.
import { demoThreads } from '@threadline/db/seed'
import { beforeAll, expect, it } from 'vitest'
import type { ThreadlineClient } from '../client/index.ts'
import type { ApiHarness } from '../testing/api-harness.ts'
import { describeEachApi } from '../testing/each-database.ts'

const refund = demoThreads.find((seed) => seed.thread.id === 'acme-refund-4512')!
const ACME = refund.thread.resourceId

describeEachApi('an audit entry commits with its write', (getApi) => {
  let api: ApiHarness
  let token: ThreadlineClient
  let tokenId: string

  beforeAll(async () => {
    api = getApi()
    const issued = await api.issueToken({ name: 'audit in transaction', resourceIds: [ACME], canWrite: true })
    token = issued.client
    tokenId = issued.tokenId
    // the writer of entries recorded after a commit never writes (the process died first)
    api.services.audit = { ...api.services.audit, record: async () => {} }
  })

  const entriesOf = (threadId: string) => api.db.prisma.auditEvent.findMany({ where: { threadId } })

  it('a whole-thread clone (one statement) has its entry', async () => {
    const clone = await token.clone.create.mutate({ sourceThreadId: refund.thread.id, returnMessages: false })
    const entries = await entriesOf(clone.thread.id)
    expect(entries).toMatchObject([
      {
        action: 'thread.clone',
        actorKind: 'token',
        actorId: tokenId,
        resourceId: ACME,
        targetId: refund.thread.id,
        details: { messages: clone.clonedMessageCount },
      },
    ])
    expect(clone.clonedMessageCount).toBeGreaterThan(0)
  })

  it('a filtered clone (planned, in a transaction) has its entry', async () => {
    const clone = await token.clone.create.mutate({ sourceThreadId: refund.thread.id, options: { messageLimit: 2 } })
    expect(await entriesOf(clone.thread.id)).toMatchObject([
      { action: 'thread.clone', actorId: tokenId, resourceId: ACME, targetId: refund.thread.id, details: { messages: 2 } },
    ])
  })

  it('a branch has its entry', async () => {
    const { thread, inheritedMessageCount } = await token.branches.create.mutate({ sourceThreadId: refund.thread.id })
    expect(await entriesOf(thread.id)).toMatchObject([
      { action: 'thread.branch', actorId: tokenId, resourceId: ACME, targetId: refund.thread.id, details: { inheritedMessages: inheritedMessageCount } },
    ])
  })
})
