// The audit log over real HTTP on both databases: every audited action kind
// writes one entry naming its actor (operator or token, id and name), its
// target and the client address through the trusted proxy hop; a failed action
// writes none; the list filters and pages; only operators may read it.
import { demoOperator, demoThreads } from '@threadline/db/seed'
import { beforeAll, describe, expect, it } from 'vitest'
import { createThreadlineClient, type ThreadlineClient, type ThreadlineInputs, type ThreadlineOutputs } from '../client/index.ts'
import { cookieJarFetch, type ApiHarness } from '../testing/api-harness.ts'
import { describeEachApi } from '../testing/each-database.ts'
import { failureOf } from '../testing/errors.ts'

type AuditEvent = ThreadlineOutputs['audit']['list']['events'][number]

const refund = demoThreads.find((seed) => seed.thread.id === 'acme-refund-4512')!
const ACME = refund.thread.resourceId

const reminderRule = `export default {
  name: 'audit-reminder',
  applyToPrompt({ prompt }) {
    return [...prompt, { role: 'system', content: 'Answer in English.' }]
  },
}`

// with one trusted hop, the last X-Forwarded-For entry is the client; what is left of it was forged
const OPERATOR_ADDRESS = '198.51.100.7'
const TOKEN_ADDRESS = '203.0.113.9'
const forwardedFor = (address: string) => ({ 'x-forwarded-for': `10.6.6.6, ${address}` })

describeEachApi(
  'the audit log',
  (getApi) => {
    let api: ApiHarness
    let operator: ThreadlineClient
    let operatorId: string
    let token: ThreadlineClient
    let tokenId: string
    const tokenName = 'audit backend'

    /** The newest entry of an action (and thread), as the operator reads it. */
    async function latest(input: ThreadlineInputs['audit']['list']): Promise<AuditEvent | undefined> {
      return (await operator.audit.list.query({ ...input, limit: 1 })).events[0]
    }

    beforeAll(async () => {
      api = getApi()
      operator = createThreadlineClient({ url: api.server.url, fetch: cookieJarFetch(), headers: forwardedFor(OPERATOR_ADDRESS) })
      const { operator: signedIn } = await operator.auth.signIn.mutate({ email: demoOperator.email, password: demoOperator.password })
      operatorId = signedIn.id
      const issued = await operator.tokens.issue.mutate({ name: tokenName, resourceIds: [ACME], canWrite: true, canRunRules: true })
      tokenId = issued.summary.id
      token = createThreadlineClient({ url: api.server.url, token: issued.token, headers: forwardedFor(TOKEN_ADDRESS), retry: false })
    })

    it('records a sign-in with the operator and the address through the trusted hop (the forged entry ignored), the claimed header apart', async () => {
      expect(await latest({ action: 'operator.signIn', actorId: operatorId })).toMatchObject({
        actor: { kind: 'operator', id: operatorId, name: demoOperator.name },
        clientAddress: OPERATOR_ADDRESS,
        forwardedFor: `10.6.6.6, ${OPERATOR_ADDRESS}`,
        details: { email: demoOperator.email },
      })
    })

    it('records a token issue by the operator', async () => {
      expect(await latest({ action: 'token.issue' })).toMatchObject({
        actor: { kind: 'operator', id: operatorId },
        targetId: tokenId,
        clientAddress: OPERATOR_ADDRESS,
        details: { name: tokenName, resources: 1, canWrite: true, canRunRules: true },
      })
    })

    it('records a clone by the token: who, the new thread, its source and size', async () => {
      const clone = await token.clone.create.mutate({ sourceThreadId: refund.thread.id, newThreadId: 'audit-clone', returnMessages: false })
      expect(await latest({ action: 'thread.clone' })).toMatchObject({
        actor: { kind: 'token', id: tokenId, name: tokenName },
        resourceId: ACME,
        threadId: clone.thread.id,
        targetId: refund.thread.id,
        clientAddress: TOKEN_ADDRESS,
        details: { messages: refund.messages.length },
      })
    })

    it('records nothing for a failed action: a taken clone id, an unknown token, a wrong password', async () => {
      const before = (await operator.audit.list.query({ limit: 200 })).events.length
      expect((await failureOf(token.clone.create.mutate({ sourceThreadId: refund.thread.id, newThreadId: 'audit-clone' }))).code).toBe('CONFLICT')
      expect((await failureOf(operator.tokens.revoke.mutate({ id: 'no-such-token' }))).code).toBe('NOT_FOUND')
      const stranger = api.anonymous()
      expect((await failureOf(stranger.auth.signIn.mutate({ email: demoOperator.email, password: 'wrong password' }))).code).toBe('UNAUTHORIZED')
      expect((await operator.audit.list.query({ limit: 200 })).events.length).toBe(before)
    })

    it('records a branch, its materialisation and a thread delete', async () => {
      const { thread } = await token.branches.create.mutate({
        sourceThreadId: refund.thread.id,
        branchPointMessageId: refund.messages[1]!.id,
        newThreadId: 'audit-branch',
      })
      expect(await latest({ action: 'thread.branch' })).toMatchObject({
        actor: { kind: 'token', id: tokenId },
        threadId: thread.id,
        targetId: refund.thread.id,
        details: { inheritedMessages: 2 },
      })
      await token.branches.materialize.mutate({ threadId: thread.id })
      expect(await latest({ action: 'branch.materialize' })).toMatchObject({ threadId: thread.id, resourceId: ACME })
      await token.threads.delete.mutate({ threadId: thread.id })
      expect(await latest({ action: 'thread.delete' })).toMatchObject({ actor: { kind: 'token', id: tokenId }, threadId: thread.id, resourceId: ACME })
    })

    it('records a working-memory edit with its scope and size, not its text', async () => {
      await token.memory.working.update.mutate({ scope: 'thread', threadId: 'audit-clone', workingMemory: '# Notes\nsecret plan' })
      const event = await latest({ action: 'workingMemory.update' })
      expect(event).toMatchObject({ threadId: 'audit-clone', resourceId: ACME, details: { scope: 'thread', characters: 19 } })
      expect(JSON.stringify(event)).not.toContain('secret plan')
    })

    it('records rule saves, runs (saved fixtures, and a playground run with custom code) and deletes', async () => {
      const rule = await operator.playground.rules.create.mutate({ name: 'audit-reminder', code: reminderRule })
      expect(await latest({ action: 'rule.create' })).toMatchObject({ targetId: rule.id, details: { name: 'audit-reminder' } })
      await operator.playground.rules.update.mutate({ id: rule.id, description: 'changed' })
      expect(await latest({ action: 'rule.update' })).toMatchObject({ targetId: rule.id })
      await operator.playground.rules.runFixtures.mutate({ id: rule.id })
      expect(await latest({ action: 'rule.run' })).toMatchObject({ targetId: rule.id, details: { run: 'fixtures', passed: true } })
      const prompt = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]
      await token.playground.runPrompt.mutate({ source: { kind: 'prompt', prompt }, model: 'openai/gpt-4o', customRules: [{ ruleId: rule.id }] })
      expect(await latest({ action: 'rule.run' })).toMatchObject({
        actor: { kind: 'token', id: tokenId },
        targetId: rule.id,
        details: { run: 'prompt', rules: 'audit-reminder', savedRules: 1, inlineRules: 0 },
      })
      // built-in rules alone run no custom code: not a rule run
      const runs = (await operator.audit.list.query({ action: 'rule.run' })).events.length
      await token.playground.runPrompt.mutate({ source: { kind: 'prompt', prompt }, model: 'openai/gpt-4o' })
      expect((await operator.audit.list.query({ action: 'rule.run' })).events.length).toBe(runs)
      await operator.playground.rules.delete.mutate({ id: rule.id })
      expect(await latest({ action: 'rule.delete' })).toMatchObject({
        targetId: rule.id,
        actor: { kind: 'operator', id: operatorId },
        details: { name: 'audit-reminder' },
      })
    })

    it('records a token revoke', async () => {
      const spare = await api.issueToken({ name: 'spare', allResources: true })
      await operator.tokens.revoke.mutate({ id: spare.tokenId })
      expect(await latest({ action: 'token.revoke' })).toMatchObject({ targetId: spare.tokenId, details: { name: 'spare' }, clientAddress: OPERATOR_ADDRESS })
    })

    describe('reading', () => {
      it('filters by actor, action, thread, resource and time range, newest first', async () => {
        const byToken = (await operator.audit.list.query({ actorId: tokenId, limit: 200 })).events
        expect(byToken.length).toBeGreaterThanOrEqual(6)
        expect(byToken.every((event) => event.actor.id === tokenId)).toBe(true)
        const ids = byToken.map((event) => BigInt(event.id))
        expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)))
        expect(byToken.map((event) => event.action)).toContain('thread.clone')

        const onClone = (await operator.audit.list.query({ threadId: 'audit-clone' })).events.map((event) => event.action)
        expect(onClone.sort()).toEqual(['thread.clone', 'workingMemory.update'])
        const inAcme = (await operator.audit.list.query({ resourceId: ACME, limit: 200 })).events
        expect(inAcme.length).toBeGreaterThanOrEqual(5)
        expect(inAcme.every((event) => event.resourceId === ACME)).toBe(true)

        const clone = (await latest({ action: 'thread.clone' }))!
        const around = { from: new Date(clone.at.getTime() - 1).toISOString(), to: new Date(clone.at.getTime() + 1).toISOString() }
        expect((await operator.audit.list.query({ action: 'thread.clone', ...around })).events.map((event) => event.id)).toEqual([clone.id])
        const future = new Date(Date.now() + 3_600_000).toISOString()
        expect((await operator.audit.list.query({ from: future })).events).toEqual([])
        expect((await operator.audit.list.query({ to: new Date(clone.at.getTime()).toISOString(), action: 'thread.clone' })).events).toEqual([])
        expect(await failureOf(operator.audit.list.query({ from: future, to: around.from }))).toMatchObject({ code: 'BAD_REQUEST', field: 'to' })
        expect(await failureOf(operator.audit.list.query({ from: '2026-02-30T00:00:00Z' }))).toMatchObject({ code: 'BAD_REQUEST', field: 'from' })
      })

      it('pages by cursor without gaps or repeats', async () => {
        const all = (await operator.audit.list.query({ limit: 200 })).events.map((event) => event.id)
        const paged: string[] = []
        let cursor: string | undefined
        for (;;) {
          const page = await operator.audit.list.query({ limit: 3, ...(cursor === undefined ? {} : { cursor }) })
          paged.push(...page.events.map((event) => event.id))
          if (page.nextCursor === null) break
          expect(page.events).toHaveLength(3)
          cursor = page.nextCursor
        }
        expect(paged).toEqual(all)
        expect((await failureOf(operator.audit.list.query({ cursor: 'drop table' }))).field).toBe('cursor')
        // past PostgreSQL's bigint: refused by the schema, not a database error
        expect((await failureOf(operator.audit.list.query({ cursor: '9'.repeat(19) }))).field).toBe('cursor')
      })

      it('lists the actors seen, with their names, for the filter', async () => {
        const actors = await operator.audit.actors.query()
        expect(actors).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ kind: 'token', id: tokenId, name: tokenName }),
            expect.objectContaining({ kind: 'operator', id: operatorId, name: demoOperator.name }),
          ]),
        )
        expect(new Set(actors.map((actor) => actor.id)).size).toBe(actors.length)
      })

      it('is for operators only: a token (even one for every resource) is FORBIDDEN, no credentials UNAUTHORIZED', async () => {
        const wide = await api.tokenClient({ allResources: true, canWrite: true, canRunRules: true })
        expect((await failureOf(wide.audit.list.query({}))).code).toBe('FORBIDDEN')
        expect((await failureOf(token.audit.actors.query())).code).toBe('FORBIDDEN')
        expect((await failureOf(api.anonymous().audit.list.query({}))).code).toBe('UNAUTHORIZED')
      })

      it('bounds what it stores: an oversized forwarded address is cut, and so is the claimed header kept beside it', async () => {
        const long = createThreadlineClient({ url: api.server.url, fetch: cookieJarFetch(), headers: { 'x-forwarded-for': 'a'.repeat(5000) } })
        await long.auth.signIn.mutate({ email: demoOperator.email, password: demoOperator.password })
        expect(await latest({ action: 'operator.signIn' })).toMatchObject({ clientAddress: 'a'.repeat(100), forwardedFor: 'a'.repeat(500) })
      })
    })
  },
  // the sandbox's first worker can take seconds to start on a loaded machine: the run deadline is not under test here
  { THREADLINE_TRUSTED_PROXY_HOPS: '1', THREADLINE_PLAYGROUND_DEADLINE_MS: '60000' },
)
