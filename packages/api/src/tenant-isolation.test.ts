// Tenant isolation over real HTTP: a token scoped to one resource tries every
// procedure on another resource's threads and on the resource itself. Each
// attempt fails (NOT_FOUND for a thread, FORBIDDEN for a named resource or an
// operator-only procedure), the answer for an existing foreign thread is the
// same as for a thread that does not exist, and nothing changes.
import { demoCalls, demoClones, demoThreads } from '@threadline/db/seed'
import { builtInCompatRules } from '@threadline/engine'
import { anthropicInvalidToolUseId, toolIdSanitizerRuleSource } from '@threadline/engine/testing'
import { beforeAll, expect, it } from 'vitest'
import type { ThreadlineClient } from './client/index.ts'
import type { ApiHarness } from './testing/api-harness.ts'
import { REDACTED } from './lineage-redaction.ts'
import { describeEachApi } from './testing/each-database.ts'
import { anonymised, failureOf } from './testing/errors.ts'

const OWN = 'acme-support'
const FOREIGN = 'globex-research'
const ownThread = demoThreads.find((seed) => seed.thread.resourceId === OWN)!.thread.id
const foreignThread = demoThreads.find((seed) => seed.thread.resourceId === FOREIGN)!.thread.id
const MISSING = 'thread-that-does-not-exist'
/** a branch in the foreign resource (made by the operator): never visible to the token */
const FOREIGN_BRANCH = 'foreign-branch'
/** a seeded clone in the foreign resource: cloning it again gives a clone of a clone */
const foreignClone = demoClones.find((clone) => clone.source.thread.resourceId === FOREIGN)!

/** Every procedure that takes a thread id, called with `threadId`. */
const threadProcedures: Record<string, (client: ThreadlineClient, threadId: string) => Promise<unknown>> = {
  'threads.get': (client, threadId) => client.threads.get.query({ threadId }),
  'threads.byId': (client, threadId) => client.threads.byId.query({ id: threadId }),
  'threads.messages': (client, threadId) => client.threads.messages.query({ threadId }),
  'threads.timeline.page': (client, threadId) => client.threads.timeline.page.query({ threadId, at: 'latest' }),
  'threads.timeline.positions': (client, threadId) => client.threads.timeline.positions.query({ threadId, messageIds: ['m'] }),
  'threads.timeline.byIds': (client, threadId) => client.threads.timeline.byIds.query({ threadId, messageIds: ['m'] }),
  'threads.delete': (client, threadId) => client.threads.delete.mutate({ threadId }),
  'clone.create (from)': (client, threadId) => client.clone.create.mutate({ sourceThreadId: threadId, resourceId: OWN }),
  'clone.preview (from)': (client, threadId) => client.clone.preview.query({ sourceThreadId: threadId }),
  'clone.lineage': (client, threadId) => client.clone.lineage.query({ threadId }),
  'branches.create (from)': (client, threadId) => client.branches.create.mutate({ sourceThreadId: threadId }),
  'branches.list': (client, threadId) => client.branches.list.query({ threadId }),
  'branches.lineage': (client, threadId) => client.branches.lineage.query({ threadId }),
  'branches.materialize': (client, threadId) => client.branches.materialize.mutate({ threadId }),
  'branches.promote': (client, threadId) => client.branches.promote.mutate({ branchThreadId: threadId }),
  'branches.diff (a)': (client, threadId) => client.branches.diff.query({ threadIdA: threadId, threadIdB: ownThread }),
  'branches.diff (b)': (client, threadId) => client.branches.diff.query({ threadIdA: ownThread, threadIdB: threadId }),
  'recall.search (thread)': (client, threadId) => client.recall.search.query({ threadId, query: 'battery' }),
  'indexing.start (thread)': (client, threadId) => client.indexing.start.mutate({ threadId }),
  'indexing.status (thread)': (client, threadId) => client.indexing.status.query({ threadId }),
  'recall.status': (client, threadId) => client.recall.status.query({ threadId }),
  'memory.workingMemory.get (thread scope)': (client, threadId) => client.memory.workingMemory.get.query({ scope: 'thread', threadId }),
  'memory.workingMemory.get (resource scope, by thread)': (client, threadId) => client.memory.workingMemory.get.query({ scope: 'resource', threadId }),
  'memory.workingMemory.update': (client, threadId) => client.memory.workingMemory.update.mutate({ scope: 'resource', threadId, workingMemory: 'pwned' }),
  'memory.working.update': (client, threadId) => client.memory.working.update.mutate({ scope: 'thread', threadId, workingMemory: 'pwned' }),
  'memory.observational.get': (client, threadId) => client.memory.observational.get.query({ scope: 'thread', threadId }),
  'playground.runPrompt (thread)': (client, threadId) =>
    client.playground.runPrompt.mutate({ source: { kind: 'thread', threadId }, model: 'cerebras/gpt-oss-120b' }),
  'playground.runError (thread)': (client, threadId) =>
    client.playground.runError.mutate({
      threadId,
      model: 'anthropic/claude-sonnet-4-5',
      error: { kind: 'http', status: 400, body: JSON.stringify(anthropicInvalidToolUseId.body) },
    }),
  'calls.list (thread)': (client, threadId) => client.calls.list.query({ threadId }),
}

/** Every procedure that names a resource, called with `resourceId`. */
const resourceProcedures: Record<string, (client: ThreadlineClient, resourceId: string) => Promise<unknown>> = {
  'threads.list': (client, resourceId) => client.threads.list.query({ resourceId }),
  'clone.create (into)': (client, resourceId) => client.clone.create.mutate({ sourceThreadId: ownThread, resourceId }),
  'clone.preview (into)': (client, resourceId) => client.clone.preview.query({ sourceThreadId: ownThread, resourceId }),
  'branches.create (into)': (client, resourceId) => client.branches.create.mutate({ sourceThreadId: ownThread, resourceId }),
  'recall.search (resource)': (client, resourceId) => client.recall.search.query({ resourceId, query: 'battery' }),
  'memory.workingMemory.get (resource)': (client, resourceId) => client.memory.workingMemory.get.query({ scope: 'resource', resourceId }),
  'memory.workingMemory.update (resource)': (client, resourceId) =>
    client.memory.workingMemory.update.mutate({ scope: 'resource', resourceId, workingMemory: 'pwned' }),
  'memory.observational.get (resource)': (client, resourceId) => client.memory.observational.get.query({ scope: 'resource', resourceId }),
  'calls.list (resource)': (client, resourceId) => client.calls.list.query({ resourceId }),
}

/** Procedures only an operator may call. */
const operatorProcedures: Record<string, (client: ThreadlineClient) => Promise<unknown>> = {
  'tokens.issue': (client) => client.tokens.issue.mutate({ name: 'escalate', allResources: true, canWrite: true }),
  'tokens.list': (client) => client.tokens.list.query(),
  'tokens.revoke': (client) => client.tokens.revoke.mutate({ id: 'any' }),
  'playground.rules.list': (client) => client.playground.rules.list.query(),
  'playground.rules.get': (client) => client.playground.rules.get.query({ id: 'any' }),
  'playground.rules.create': (client) => client.playground.rules.create.mutate({ name: 'x', code: 'export default { name: "x" }' }),
  'playground.rules.update': (client) => client.playground.rules.update.mutate({ id: 'any', enabled: false }),
  'playground.rules.delete': (client) => client.playground.rules.delete.mutate({ id: 'any' }),
  'playground.rules.runFixtures': (client) => client.playground.rules.runFixtures.mutate({ id: 'any' }),
  'playground.rules.exportCode': (client) => client.playground.rules.exportCode.query(),
  'playground.fixtures.list': (client) => client.playground.fixtures.list.query({ ruleId: 'any' }),
  'playground.fixtures.saveFromCall': (client) => client.playground.fixtures.saveFromCall.mutate({ callId: 'any', attempt: 1, ruleId: 'any', name: 'x' }),
  'playground.fixtures.delete': (client) => client.playground.fixtures.delete.mutate({ id: 'any' }),
}

describeEachApi('a token scoped to another resource', (getApi) => {
  let api: ApiHarness
  let token: ThreadlineClient

  beforeAll(async () => {
    api = getApi()
    token = await api.tokenClient({ resourceIds: [OWN], canWrite: true })
    // an operator clones an own thread INTO the foreign resource: the token must not see that clone either
    await api.operator.clone.create.mutate({ sourceThreadId: ownThread, newThreadId: 'own-cloned-into-foreign', resourceId: FOREIGN, returnMessages: false })
    // ... and a foreign thread INTO the token's resource: the token sees the clone, never its source
    await api.operator.clone.create.mutate({ sourceThreadId: foreignClone.id, newThreadId: 'foreign-cloned-into-own', resourceId: OWN, returnMessages: false })
    await api.operator.branches.create.mutate({ sourceThreadId: foreignThread, newThreadId: FOREIGN_BRANCH })
  }, 120_000)

  for (const [name, call] of Object.entries(threadProcedures)) {
    it(`${name}: a foreign thread is NOT_FOUND, exactly like a missing one`, async () => {
      const foreign = await failureOf(call(token, foreignThread))
      const missing = await failureOf(call(token, MISSING))
      expect(foreign).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 })
      expect(anonymised(foreign, foreignThread)).toEqual(anonymised(missing, MISSING))
      // the operator sees that thread: the token's answer hid it
      expect(await api.operator.threads.get.query({ threadId: foreignThread })).toMatchObject({ thread: { resourceId: FOREIGN } })
    })
  }

  for (const [name, call] of Object.entries(resourceProcedures)) {
    it(`${name}: a foreign resource is FORBIDDEN`, async () => {
      const failure = await failureOf(call(token, FOREIGN))
      expect(failure).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 })
      expect(failure.message).toContain(FOREIGN)
      // the same answer whether or not the resource has any data
      expect(anonymised(await failureOf(call(token, 'empty-resource')), 'empty-resource')).toEqual(anonymised(failure, FOREIGN))
    })
  }

  for (const [name, call] of Object.entries(operatorProcedures)) {
    it(`${name}: FORBIDDEN for any token`, async () => {
      expect(await failureOf(call(token))).toMatchObject({ code: 'FORBIDDEN' })
    })
  }

  it('lists only its own resource and its own threads, and works on them', async () => {
    expect((await token.resources.list.query()).map((resource) => resource.id)).toEqual([OWN])
    const listed = await token.threads.list.query({ pageSize: 100 })
    expect(listed.items.length).toBeGreaterThan(0)
    expect(listed.items.every((item) => item.resourceId === OWN)).toBe(true)
    expect(await token.threads.get.query({ threadId: ownThread })).toMatchObject({ thread: { id: ownThread } })
    const clone = await token.clone.create.mutate({ sourceThreadId: ownThread, returnMessages: false })
    expect(clone.thread.resourceId).toBe(OWN)
  })

  it("leaves the foreign clone out of its own thread's lineage", async () => {
    const lineage = await token.clone.lineage.query({ threadId: ownThread })
    const ids = JSON.stringify(lineage)
    expect(ids).not.toContain('own-cloned-into-foreign')
    const asOperator = await api.operator.clone.lineage.query({ threadId: ownThread })
    expect(asOperator.thread.children.map((child) => child.id)).toContain('own-cloned-into-foreign')
  })

  it("shows its clone of a foreign thread without the source or the source's fork-point message", async () => {
    const lineage = await token.clone.lineage.query({ threadId: 'foreign-cloned-into-own' })
    expect(lineage.ancestors).toEqual([])
    expect(lineage.thread.forkedAfter).toBeNull()
    // its clone depth stops at the foreign source: that one's own lineage stays hidden
    const rows = await token.threads.list.query({ pageSize: 100 })
    expect(rows.items.find((item) => item.id === 'foreign-cloned-into-own')).toMatchObject({ isClone: true, cloneDepth: 1 })
    const asOperator = await api.operator.clone.lineage.query({ threadId: 'foreign-cloned-into-own' })
    expect(asOperator.ancestors.map((node) => node.id)).toEqual([foreignClone.source.thread.id, foreignClone.id])
    expect(asOperator.thread.forkedAfter?.snippet).toBeTruthy()
    const operatorRows = await api.operator.threads.list.query({ resourceId: OWN, pageSize: 100 })
    expect(operatorRows.items.find((item) => item.id === 'foreign-cloned-into-own')).toMatchObject({ cloneDepth: 2 })
  })

  // (clone.preview writes nothing: there another tenant's id is as free as one that exists nowhere, tenant-oracle.integration.test.ts)
  it('answers a taken newThreadId the same whoever owns it, in clone.create and branches.create', async () => {
    const attempts: Record<string, (newThreadId: string) => Promise<unknown>> = {
      'clone.create': (newThreadId) => token.clone.create.mutate({ sourceThreadId: ownThread, newThreadId, returnMessages: false }),
      'branches.create': (newThreadId) => token.branches.create.mutate({ sourceThreadId: ownThread, newThreadId }),
    }
    for (const [name, attempt] of Object.entries(attempts)) {
      const foreign = await failureOf(attempt(foreignThread))
      const own = await failureOf(attempt(ownThread))
      expect(foreign, name).toMatchObject({ code: 'CONFLICT', httpStatus: 409, message: `newThreadId "${foreignThread}" is not available` })
      expect(anonymised(foreign, foreignThread), name).toEqual(anonymised(own, ownThread))
    }
  })

  it('shows the source of its clone of a foreign thread as redacted: metadata.clone, the lineage column, the listing', async () => {
    const sourceId = foreignClone.id
    const got = await token.threads.get.query({ threadId: 'foreign-cloned-into-own' })
    expect(got.isClone).toBe(true)
    expect(got.thread.sourceThreadId).toBe(REDACTED)
    expect(got.thread.metadata.clone).toMatchObject({ sourceThreadId: REDACTED, lastMessageId: REDACTED, lastClonedMessageId: REDACTED })
    expect(got.clone).toMatchObject({ sourceThreadId: REDACTED, lastMessageId: REDACTED })
    const page = await token.threads.byId.query({ id: 'foreign-cloned-into-own' })
    const rows = await token.threads.list.query({ pageSize: 100 })
    const updated = await token.threads.update.mutate({ threadId: 'foreign-cloned-into-own', title: 'renamed by the token' })
    expect(rows.items.find((item) => item.id === 'foreign-cloned-into-own')).toMatchObject({ isClone: true, sourceThreadId: REDACTED })
    for (const answer of [got, page, rows, updated]) expect(JSON.stringify(answer)).not.toContain(sourceId)
    // its own clones keep their (readable) source
    const ownClone = await token.clone.create.mutate({ sourceThreadId: ownThread, returnMessages: false })
    expect((await token.threads.get.query({ threadId: ownClone.thread.id })).clone).toMatchObject({ sourceThreadId: ownThread })
    // the operator reads everything
    const asOperator = await api.operator.threads.get.query({ threadId: 'foreign-cloned-into-own' })
    expect(asOperator.clone?.sourceThreadId).toBe(sourceId)
    expect(asOperator.thread.sourceThreadId).toBe(sourceId)
  })

  it("never reaches another tenant's history through a branch, a lineage or a diff", async () => {
    // the foreign branch is as missing as a thread that does not exist, in every branch procedure
    const calls = [
      () => token.branches.list.query({ threadId: FOREIGN_BRANCH }),
      () => token.branches.lineage.query({ threadId: FOREIGN_BRANCH }),
      () => token.branches.diff.query({ threadIdA: ownThread, threadIdB: FOREIGN_BRANCH }),
      () => token.branches.create.mutate({ sourceThreadId: FOREIGN_BRANCH }),
      () => token.threads.byId.query({ id: FOREIGN_BRANCH }),
    ]
    for (const call of calls) expect(await failureOf(call())).toMatchObject({ code: 'NOT_FOUND' })
    // its own branch of the clone of a foreign thread: the lineage stops at the clone, the diff sees only its own side
    const own = await token.branches.create.mutate({ sourceThreadId: 'foreign-cloned-into-own' })
    const lineage = await token.branches.lineage.query({ threadId: own.thread.id })
    expect(lineage.ancestors.map((node) => node.id)).toEqual(['foreign-cloned-into-own'])
    expect(JSON.stringify(lineage)).not.toContain(foreignClone.source.thread.id)
    const diff = await token.branches.diff.query({ threadIdA: own.thread.id, threadIdB: 'foreign-cloned-into-own' })
    expect([...diff.onlyInA, ...diff.onlyInB].every((message) => message.resourceId === OWN)).toBe(true)
    const page = await token.threads.byId.query({ id: own.thread.id })
    expect(page.messages.every((message) => message.resourceId === OWN && message.threadId === 'foreign-cloned-into-own')).toBe(true)
    // the foreign source lists its branch for the operator only
    expect((await api.operator.branches.list.query({ threadId: foreignThread })).map((branch) => branch.id)).toContain(FOREIGN_BRANCH)
    const rows = await token.threads.list.query({ isBranch: true, pageSize: 100 })
    expect(rows.items.map((row) => row.id)).not.toContain(FOREIGN_BRANCH)
  })

  it("sees the recorded LLM calls of its own resource only: another tenant's call is NOT_FOUND like a missing one", async () => {
    const call = (id: string, resourceId: string | null, threadId: string | null, rules: string[] = []) => ({
      id,
      turnId: `turn-${id}`,
      stepNumber: 0,
      threadId,
      resourceId,
      provider: 'anthropic',
      modelId: 'claude-sonnet-4-5',
      responseMessageId: null,
      parameters: { temperature: null, maxOutputTokens: null },
      outcome: 'failed' as const,
      startedAt: new Date(),
      latencyMs: 3,
      finishReason: null,
      usage: null,
      error: { name: 'AI_APICallError', message: 'Overloaded', statusCode: 529 },
      attempts: [],
      events: [],
      body: null,
      retries: 0,
      waitedMs: 0,
      rules,
      repairedMessageIds: [],
      promptOnlyMessageIds: [],
    })
    await api.services.calls.record(call('call-own', OWN, ownThread, ['own-custom-rule', 'anthropic-tool-id-format']))
    await api.services.calls.record(call('call-foreign', FOREIGN, foreignThread, ['foreign-custom-rule']))
    await api.services.calls.record(call('call-no-resource', null, null, ['resourceless-rule']))
    // the demo seed's calls of its own resource are listed too, no other tenant's
    const ownDemoCalls = demoCalls.filter((demo) => demo.resourceId === OWN).map((demo) => demo.id)
    expect(ownDemoCalls.length).toBeGreaterThan(0)
    expect((await token.calls.list.query({})).calls.map((listed) => listed.id).sort()).toEqual(['call-own', ...ownDemoCalls].sort())
    expect(await token.calls.get.query({ id: 'call-own' })).toMatchObject({ id: 'call-own' })
    for (const hidden of ['call-foreign', 'call-no-resource']) {
      const failure = await failureOf(token.calls.get.query({ id: hidden }))
      expect(failure).toMatchObject({ code: 'NOT_FOUND' })
      expect(anonymised(failure, hidden)).toEqual(anonymised(await failureOf(token.calls.get.query({ id: 'call-missing' })), 'call-missing'))
    }
    // the operator sees them all
    expect((await api.operator.calls.list.query({})).calls.map((listed) => listed.id)).toEqual(
      expect.arrayContaining(['call-own', 'call-foreign', 'call-no-resource']),
    )
    // the Rule filter's custom rules: those recorded in the caller's calls; the saved playground rules for the operator only
    await api.operator.playground.rules.create.mutate({
      name: 'saved-filter-rule',
      code: toolIdSanitizerRuleSource.replace("'tool-id-sanitizer'", "'saved-filter-rule'"),
    })
    const builtIn = builtInCompatRules.map((rule) => rule.name)
    expect(await token.calls.rules.query()).toEqual({ builtIn, custom: ['own-custom-rule'] })
    const operatorRules = await api.operator.calls.rules.query()
    expect(operatorRules.builtIn).toEqual(builtIn)
    expect(operatorRules.custom).toEqual(expect.arrayContaining(['foreign-custom-rule', 'own-custom-rule', 'resourceless-rule', 'saved-filter-rule']))
    expect(operatorRules.custom).toEqual([...operatorRules.custom].sort())
    expect(operatorRules.custom.some((name) => builtIn.includes(name))).toBe(false)
    // and filtering by a custom rule finds its call
    expect((await token.calls.list.query({ rule: 'own-custom-rule' })).calls.map((listed) => listed.id)).toEqual(['call-own'])
  })

  it('changed nothing of the other tenant', async () => {
    expect(await api.operator.threads.get.query({ threadId: foreignThread })).toMatchObject({ thread: { id: foreignThread } })
    const memory = await api.operator.memory.workingMemory.get.query({ scope: 'resource', resourceId: FOREIGN })
    expect(memory.workingMemory).not.toBe('pwned')
    const foreignThreads = await api.operator.threads.list.query({ resourceId: FOREIGN, pageSize: 100 })
    expect(foreignThreads.items.every((item) => item.resourceId === FOREIGN)).toBe(true)
    expect(foreignThreads.items.map((item) => item.id)).toContain('own-cloned-into-foreign')
  })

  it('a token for several resources must name one when listing threads', async () => {
    const several = await api.tokenClient({ resourceIds: [OWN, 'initech-ops'] })
    expect(await failureOf(several.threads.list.query({}))).toMatchObject({ code: 'BAD_REQUEST', field: 'resourceId' })
    expect((await several.threads.list.query({ resourceId: 'initech-ops' })).total).toBeGreaterThan(0)
    expect(await failureOf(several.threads.list.query({ resourceId: FOREIGN }))).toMatchObject({ code: 'FORBIDDEN' })
  })
})
