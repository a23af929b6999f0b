// No tenant oracle (issue 33, item 5): an id that exists only in another
// tenant answers a scoped caller exactly like an id that exists nowhere, in
// the read paths a read-only token reaches (a clone preview's newThreadId, over
// tRPC and REST), and a lineage shows no field of a source in another tenant.
// Where a write must refuse a taken id, the refusal is one answer whoever
// owns the id (the id namespace is global: docs/operations.md, "No cross-tenant hints").
import { demoThreads } from '@threadline/db/seed'
import { beforeAll, expect, it } from 'vitest'
import type { ThreadlineClient } from './client/index.ts'
import { REDACTED } from './lineage-redaction.ts'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { anonymised, failureOf } from './testing/errors.ts'
import { openApiChecker } from './testing/openapi-checker.mjs'

const OWN = 'acme-support'
const FOREIGN = 'globex-research'
const ownThreads = demoThreads.filter((seed) => seed.thread.resourceId === OWN)
const ownThread = ownThreads[0]!.thread.id
const foreignSeed = demoThreads.find((seed) => seed.thread.resourceId === FOREIGN)!
const foreignThread = foreignSeed.thread.id
const FREE = 'an-id-no-tenant-has'

describeEachApi('no tenant oracle', (getApi) => {
  let api: ApiHarness
  let readOnly: ThreadlineClient
  let readOnlyToken: string
  let writer: ThreadlineClient

  beforeAll(async () => {
    api = getApi()
    const issued = await api.issueToken({ resourceIds: [OWN] })
    readOnly = issued.client
    readOnlyToken = issued.token
    writer = await api.tokenClient({ resourceIds: [OWN], canWrite: true })
    // the operator clones a foreign thread into the token's resource: the token reads the clone, never its source
    await api.operator.clone.create.mutate({ sourceThreadId: foreignThread, newThreadId: 'oracle-foreign-clone', resourceId: OWN, returnMessages: false })
  }, 120_000)

  it('clone.preview: a newThreadId taken in another tenant previews exactly like a free one, for a read-only token; its own taken id is refused', async () => {
    const preview = (newThreadId: string) => readOnly.clone.preview.query({ sourceThreadId: ownThread, newThreadId })
    expect(await preview(foreignThread)).toEqual(await preview(FREE))
    expect(await failureOf(preview(ownThreads[1]!.thread.id))).toMatchObject({ code: 'CONFLICT', httpStatus: 409 })
    // the operator sees every tenant: for it the foreign id is taken
    expect(await failureOf(api.operator.clone.preview.query({ sourceThreadId: ownThread, newThreadId: foreignThread }))).toMatchObject({ code: 'CONFLICT' })
  })

  it('clone.preview over REST: the same status and body for an id of another tenant as for a free one', async () => {
    const checker = await openApiChecker(api.server.url)
    const preview = async (newThreadId: string) => {
      const answer = await checker.call('POST', `/api/v1/threads/${ownThread}/clones/preview`, { token: readOnlyToken, body: { newThreadId } })
      // `date` changes when the two calls straddle a second; every other header must match
      const headers = [...answer.headers].filter(([name]) => name !== 'date')
      return { status: answer.status, contentType: answer.contentType, body: answer.body, headers }
    }
    const [foreign, free] = [await preview(foreignThread), await preview(FREE)]
    expect(foreign.status).toBe(200)
    expect(foreign).toEqual(free)
  })

  it("clone.lineage and branches.lineage: no id of another tenant's source, its last message's included", async () => {
    const foreignIds = [foreignThread, ...foreignSeed.messages.map((message) => message.id)]
    const cloneLineage = await readOnly.clone.lineage.query({ threadId: 'oracle-foreign-clone' })
    const branchLineage = await readOnly.branches.lineage.query({ threadId: 'oracle-foreign-clone' })
    for (const answer of [cloneLineage, branchLineage]) {
      const text = JSON.stringify(answer)
      expect(foreignIds.filter((id) => text.includes(id))).toEqual([])
    }
    expect(cloneLineage.thread).toMatchObject({ id: 'oracle-foreign-clone', lastMessageId: REDACTED, forkedAfter: null })
    // the operator reads the source: there it is
    const asOperator = await api.operator.clone.lineage.query({ threadId: 'oracle-foreign-clone' })
    expect(asOperator.thread.lastMessageId).toBe(foreignSeed.messages.at(-1)!.id)
    // a clone of the token's own thread keeps its (readable) source's last message
    const ownClone = await writer.clone.create.mutate({ sourceThreadId: ownThread, returnMessages: false })
    const ownLineage = await readOnly.clone.lineage.query({ threadId: ownClone.thread.id })
    expect(ownLineage.thread.lastMessageId).toBe(ownThreads[0]!.messages.at(-1)!.id)
  })

  it('a write refusing a taken id answers the same whoever owns it: threads.create, clone.create, branches.create, messages.save', async () => {
    const ownOther = ownThreads[1]!
    const refusals: Record<string, (id: string) => Promise<unknown>> = {
      'threads.create': (threadId) => writer.threads.create.mutate({ threadId, resourceId: OWN }),
      'clone.create': (newThreadId) => writer.clone.create.mutate({ sourceThreadId: ownThread, newThreadId, returnMessages: false }),
      'branches.create': (newThreadId) => writer.branches.create.mutate({ sourceThreadId: ownThread, newThreadId }),
    }
    for (const [name, refuse] of Object.entries(refusals)) {
      const foreign = await failureOf(refuse(foreignThread))
      expect(foreign, name).toMatchObject({ code: 'CONFLICT', httpStatus: 409 })
      expect(anonymised(foreign, foreignThread), name).toEqual(anonymised(await failureOf(refuse(ownOther.thread.id)), ownOther.thread.id))
    }
    // a message id of another tenant's thread, saved into the token's own thread: as for an id of another of its own threads
    const saveAs = (id: string) => writer.messages.save.mutate({ messages: [{ ...ownThreads[0]!.messages[0]!, id }] })
    const foreignMessage = foreignSeed.messages[0]!.id
    const ownMessage = ownOther.messages[0]!.id
    expect(anonymised(await failureOf(saveAs(foreignMessage)), foreignMessage)).toEqual(anonymised(await failureOf(saveAs(ownMessage)), ownMessage))
  })

  it("naming another tenant's thread in a write is NOT_FOUND exactly like a missing one: messages.save, threads.update, workbench", async () => {
    const writes: Record<string, (threadId: string) => Promise<unknown>> = {
      'messages.save': (threadId) => writer.messages.save.mutate({ messages: [{ ...ownThreads[0]!.messages[0]!, id: `oracle-${threadId}`, threadId }] }),
      'threads.update': (threadId) => writer.threads.update.mutate({ threadId, title: 'probe' }),
      'workbench.context': (threadId) => writer.workbench.context.query({ threadId, resourceId: OWN, model: 'cerebras/gpt-oss-120b' }),
    }
    for (const [name, write] of Object.entries(writes)) {
      const foreign = await failureOf(write(foreignThread))
      expect(foreign, name).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 })
      expect(anonymised(foreign, foreignThread), name).toEqual(anonymised(await failureOf(write(FREE)), FREE))
    }
  })
})
