// Issue 14 item 6 over real HTTP on both databases: a real tool-ID 400 that a
// workbench turn recorded (real @ai-sdk/anthropic against the loopback
// provider) is saved as a regression fixture of a saved rule; the rule that
// still repairs it passes, the one that does not fails and cannot be enabled.
import { anthropicInvalidToolUseId, reply, toolCallExchange, toolIdSanitizerRuleSource } from '@threadline/engine/testing'
import { useFakeProvider } from '@threadline/engine/testing/vitest'
import { beforeAll, expect, it } from 'vitest'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'

const server = useFakeProvider({ envFor: ['anthropic'] })

const RESOURCE = 'fixtures-resource'
const FOREIGN_ID = 'functions.get_weather:0'

/** Mistral's wording only: it never sees the Anthropic case. */
const mistralOnlyRule = `export default {
  name: 'mistral-only',
  errorPatterns: [/Tool call id was .* but must be a-z, A-Z, 0-9/],
  fix() { return false },
}`

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const event of stream) expect(event).toBeDefined()
}

describeEachApi(
  'Save as fixture (playground.fixtures)',
  (getApi) => {
    let api: ApiHarness
    let callId: string
    let threadId: string
    let firstRequestBody: string
    let recorded: Promise<void> | undefined
    beforeAll(() => {
      api = getApi()
    })

    /** The turn runs inside the first test (the fake provider's variables are stubbed per test); the others reuse its call. */
    const recordCall = (): Promise<void> => (recorded ??= recordFailedAttempt())

    async function recordFailedAttempt(): Promise<void> {
      threadId = `fixture-thread-${Date.now()}`
      await api.services.memory.createThread({ threadId, resourceId: RESOURCE })
      await api.services.memory.saveMessages({ messages: toolCallExchange({ threadId, resourceId: RESOURCE, toolCallId: FOREIGN_ID }) })
      server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('Sunny again.'))
      await drain(await api.operator.workbench.turn.mutate({ threadId, resourceId: RESOURCE, model: 'anthropic/claude-sonnet-4-5', message: 'And tomorrow?' }))
      expect(server.requests.map((request) => request.status)).toEqual([400, 200])
      firstRequestBody = JSON.stringify(server.requests[0]!.body)
      const [call] = (await api.operator.calls.list.query({ threadId })).calls
      callId = call!.id
    }

    it('stores the recorded 400 and the messages as they were on the wire; a passing rule passes it, a failing one fails and cannot be enabled', async () => {
      await recordCall()
      const passing = await api.operator.playground.rules.create.mutate({ name: 'tool-id-sanitizer', code: toolIdSanitizerRuleSource, enabled: true })
      const failing = await api.operator.playground.rules.create.mutate({ name: 'mistral-only', code: mistralOnlyRule })

      const { check, ...saved } = await api.operator.playground.fixtures.saveFromCall.mutate({
        callId,
        attempt: 1,
        ruleId: passing.id,
        name: 'real anthropic tool-id 400',
      })
      expect(saved).toMatchObject({ ruleId: passing.id, sourceCallId: callId, sourceAttempt: 1 })
      // the rule handles the case it was saved for: no warning
      expect(check).toEqual({ passed: true, failures: [] })
      expect((await api.operator.audit.list.query({ action: 'rule.fixture.save', limit: 1 })).events[0]).toMatchObject({
        targetId: passing.id,
        details: { name: 'tool-id-sanitizer', fixture: 'real anthropic tool-id 400', fixtureId: saved.id, callId, attempt: 1 },
      })
      const { fixture } = saved
      expect(fixture).toMatchObject({ kind: 'error', model: 'anthropic/claude-sonnet-4-5', expect: { matches: true, fixes: true } })
      // the error as the loopback server sent it
      expect(fixture.error).toMatchObject({ status: server.requests[0]!.status })
      expect(JSON.parse(fixture.error.kind === 'http' ? fixture.error.body : '')).toEqual(anthropicInvalidToolUseId.body)
      // the messages before the repair (the thread now holds the repaired id), the id the wire carried
      const { messages } = fixture
      expect(messages.map((message) => message.id).slice(0, 2)).toEqual([`${threadId}-m0`, `${threadId}-m1`])
      // and the turn's own user message, saved with the reply (not the reply itself)
      expect(messages.slice(2)).toMatchObject([{ role: 'user', content: { parts: [{ type: 'text', text: 'And tomorrow?' }] } }])
      expect(JSON.stringify(messages[1])).toContain(FOREIGN_ID)
      expect(firstRequestBody).toContain(FOREIGN_ID)
      expect(JSON.stringify(await api.services.memory.listMessages({ threadId }))).not.toContain(FOREIGN_ID)

      expect(await api.operator.playground.fixtures.list.query({ ruleId: passing.id })).toEqual([saved])
      expect((await api.operator.playground.rules.list.query()).find((rule) => rule.id === passing.id)).toMatchObject({ recordedFixtures: 1 })
      expect(await api.operator.playground.rules.runFixtures.mutate({ id: passing.id })).toEqual({
        ruleId: passing.id,
        passed: true,
        results: [{ name: 'real anthropic tool-id 400', kind: 'error', passed: true, failures: [], recordedFixtureId: saved.id }],
      })

      const onFailing = await api.operator.playground.fixtures.saveFromCall.mutate({
        callId,
        attempt: 1,
        ruleId: failing.id,
        name: 'real anthropic tool-id 400',
      })
      // saved against a rule whose patterns never match it: saved, with the warning's reasons
      expect(onFailing.check).toEqual({
        passed: false,
        failures: ['expected an error pattern to match; none did', 'expected the fix to change the messages; it did not'],
      })
      expect(await api.operator.playground.rules.runFixtures.mutate({ id: failing.id })).toMatchObject({
        passed: false,
        results: [
          {
            passed: false,
            failures: ['expected an error pattern to match; none did', 'expected the fix to change the messages; it did not'],
            recordedFixtureId: onFailing.id,
          },
        ],
      })
      // enabling is blocked while a fixture fails: disabling works, enabling again does not, nor changing its code while enabled
      await api.operator.playground.rules.update.mutate({ id: failing.id, enabled: false })
      const blocked = await failureOf(api.operator.playground.rules.update.mutate({ id: failing.id, enabled: true }))
      expect(blocked).toMatchObject({ code: 'PRECONDITION_FAILED' })
      expect(blocked.message).toContain('real anthropic tool-id 400')
      expect(await api.operator.playground.rules.get.query({ id: failing.id })).toMatchObject({ enabled: false })
      // the sanitizer's code in the failing rule's place passes, and so it may be enabled
      const fixed = await api.operator.playground.rules.update.mutate({
        id: failing.id,
        code: toolIdSanitizerRuleSource.replace("'tool-id-sanitizer'", "'mistral-only'"),
        enabled: true,
      })
      expect(fixed.enabled).toBe(true)
      // a change of an enabled rule that breaks the case is refused too
      expect(
        await failureOf(
          api.operator.playground.rules.update.mutate({ id: passing.id, code: mistralOnlyRule.replace("'mistral-only'", "'tool-id-sanitizer'") }),
        ),
      ).toMatchObject({
        code: 'PRECONDITION_FAILED',
      })

      // deleting the rule deletes its recorded fixtures
      await api.operator.playground.fixtures.delete.mutate({ id: onFailing.id })
      expect(await api.operator.playground.fixtures.list.query({ ruleId: failing.id })).toEqual([])
      expect((await api.operator.audit.list.query({ action: 'rule.fixture.delete', limit: 1 })).events[0]).toMatchObject({
        targetId: failing.id,
        details: { name: failing.name, fixture: 'real anthropic tool-id 400', fixtureId: onFailing.id },
      })
      await api.operator.playground.rules.delete.mutate({ id: passing.id })
      expect(await failureOf(api.operator.playground.fixtures.delete.mutate({ id: saved.id }))).toMatchObject({ code: 'NOT_FOUND' })
      await api.operator.playground.rules.delete.mutate({ id: failing.id })
    })

    it('refuses bad input with typed errors', async () => {
      await recordCall()
      const rule = await api.operator.playground.rules.create.mutate({
        name: 'bad-input-rule',
        code: mistralOnlyRule.replace("'mistral-only'", "'bad-input-rule'"),
      })
      const save = (input: Partial<Parameters<typeof api.operator.playground.fixtures.saveFromCall.mutate>[0]>) =>
        failureOf(api.operator.playground.fixtures.saveFromCall.mutate({ callId, attempt: 1, ruleId: rule.id, name: 'case', ...input }))
      // the second attempt succeeded: nothing to replay
      expect(await save({ attempt: 2 })).toMatchObject({ code: 'BAD_REQUEST', field: 'attempt' })
      expect(await save({ attempt: 7 })).toMatchObject({ code: 'BAD_REQUEST', field: 'attempt' })
      expect(await save({ attempt: 0 })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await save({ name: '   ' })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await save({ callId: 'no-such-call' })).toMatchObject({ code: 'NOT_FOUND' })
      expect(await save({ ruleId: 'no-such-rule' })).toMatchObject({ code: 'NOT_FOUND' })
      await api.operator.playground.fixtures.saveFromCall.mutate({ callId, attempt: 1, ruleId: rule.id, name: 'case' })
      expect(await save({})).toMatchObject({ code: 'CONFLICT' })
      expect(await failureOf(api.operator.playground.fixtures.list.query({ ruleId: 'no-such-rule' }))).toMatchObject({ code: 'NOT_FOUND' })
      await api.operator.playground.rules.delete.mutate({ id: rule.id })
    })

    it('is for operators only: a token, even one that sees every resource and may run rules, is refused', async () => {
      await recordCall()
      const token = await api.tokenClient({ allResources: true, canWrite: true, canRunRules: true })
      expect(await failureOf(token.playground.fixtures.saveFromCall.mutate({ callId, attempt: 1, ruleId: 'any', name: 'x' }))).toMatchObject({
        code: 'FORBIDDEN',
      })
      expect(await failureOf(token.playground.fixtures.list.query({ ruleId: 'any' }))).toMatchObject({ code: 'FORBIDDEN' })
      expect(await failureOf(token.playground.fixtures.delete.mutate({ id: 'any' }))).toMatchObject({ code: 'FORBIDDEN' })
    })
  },
  // fixtures compile and run in the sandbox workers: a cold worker on a loaded machine outlasts the 5 s default deadline
  { THREADLINE_PLAYGROUND_DEADLINE_MS: '30000' },
)
