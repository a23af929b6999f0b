// The rule playground over real HTTP: the acceptance checks of the issue, the
// sandbox seen through the API, and saved rules with their fixtures.
import { builtInCompatRules } from '@threadline/engine'
import { anthropicInvalidToolUseId, anthropicRateLimited, openaiResponsesReasoningWithoutFollowingItem } from '@threadline/engine/testing'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'

const CEREBRAS_THREAD = 'globex-weekly-digest-cerebras'
const KIMI_THREAD = 'acme-delivery-storm'

/** A custom rule that appends a system reminder for every model. */
const reminderRule = `export default {
  name: 'append-reminder',
  applyToPrompt({ prompt, model }) {
    console.log('model', model)
    return [...prompt, { role: 'system', content: 'Answer in English.' }]
  },
}`

const userPrompt = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]

describeEachApi('the playground', (getApi, kind) => {
  let api: ApiHarness
  beforeAll(() => {
    api = getApi()
  })

  describe('playground.runPrompt', () => {
    it('reports the Cerebras rule as fired on a demo thread for cerebras/..., with the reasoning parts it removed', async () => {
      const result = await api.operator.playground.runPrompt.mutate({
        source: { kind: 'thread', threadId: CEREBRAS_THREAD },
        model: 'cerebras/gpt-oss-120b',
      })
      const cerebras = result.rules.find((rule) => rule.name === 'cerebras-strip-reasoning-content')!
      expect(cerebras).toMatchObject({ origin: 'built-in', status: 'changed', fired: true, error: null })
      const removed = cerebras.changes!.messages.flatMap((change) => change.removedParts) as { type: string; text: string }[]
      expect(removed.map((part) => part.type)).toEqual(['reasoning', 'reasoning'])
      expect(removed.map((part) => part.text)).toEqual([
        'Lead with the sodium-ion number, then the sulfide limits; keep it under 200 words.',
        'Two sentences: one on sodium-ion, one comparing sulfides and garnets.',
      ])
      expect(cerebras.changes!.messages.every((change) => change.role === 'assistant' && change.addedParts.length === 0)).toBe(true)
      expect(result.promptChanged).toBe(true)
      expect(JSON.stringify(result.finalPrompt)).not.toContain('"type":"reasoning"')
      expect(JSON.stringify(result.inputPrompt)).toContain('"type":"reasoning"')
      // the other built-ins ran and left the prompt alone
      expect(result.rules.filter((rule) => rule.name !== cerebras.name).every((rule) => !rule.fired)).toBe(true)
    })

    it('shows the reactive rules that would act on the provider rejection: for Anthropic on foreign tool IDs, the tool-ID rule would repair the thread', async () => {
      const result = await api.operator.playground.runPrompt.mutate({
        source: { kind: 'thread', threadId: KIMI_THREAD },
        model: 'anthropic/claude-sonnet-4-5',
      })
      expect(result.reactive.map((rule) => [rule.name, rule.wouldFix])).toEqual([
        ['anthropic-tool-id-format', true],
        ['openai-responses-orphan-reasoning', false],
        ['gemini-missing-thought-signature', true],
        ['mistral-tool-call-id-format', true],
        ['bedrock-tool-use-id-format', true],
        ['orphan-tool-call-cancelled', false],
        ['groq-reasoning-unsupported', false],
      ])
      expect(result.reactive[0]!.errorPatterns[0]!.source).toContain('tool_use')
      // nothing was saved by the dry run
      expect(JSON.stringify((await api.operator.threads.byId.query({ id: KIMI_THREAD })).messages)).toContain('functions.get_weather:1')
      const pasted = await api.operator.playground.runPrompt.mutate({ source: { kind: 'prompt', prompt: userPrompt }, model: 'anthropic/claude-sonnet-4-5' })
      expect(pasted.reactive.every((rule) => rule.wouldFix === null)).toBe(true)
    })

    it('does not fire the Cerebras rule for another provider', async () => {
      const result = await api.operator.playground.runPrompt.mutate({ source: { kind: 'thread', threadId: CEREBRAS_THREAD }, model: 'openai/gpt-4o' })
      expect(result.promptChanged).toBe(false)
      expect(result.rules.find((rule) => rule.name === 'cerebras-strip-reasoning-content')).toMatchObject({ status: 'unchanged', fired: false })
    })

    it('runs inline custom rules after the built-ins, in the sandbox, reporting what each changed', async () => {
      const result = await api.operator.playground.runPrompt.mutate({
        source: { kind: 'prompt', prompt: userPrompt },
        model: 'openai/gpt-4o',
        builtInRules: [],
        customRules: [{ code: reminderRule }],
      })
      expect(result.rules).toHaveLength(1)
      expect(result.rules[0]).toMatchObject({ name: 'append-reminder', origin: 'custom', fired: true })
      expect(result.rules[0]!.changes!.addedMessages).toEqual([{ role: 'system', content: 'Answer in English.' }])
      expect(result.finalPrompt).toHaveLength(2)
      // a successful rule's console output is collected, as the template promises
      expect(result.rules[0]!.logs).toEqual([{ level: 'log', message: 'model openai/gpt-4o' }])
    })

    it('reports a rule that loops forever as a timeout, and the next request is answered normally', async () => {
      const looping = await api.operator.playground.runPrompt.mutate({
        source: { kind: 'prompt', prompt: userPrompt },
        model: 'openai/gpt-4o',
        customRules: [{ name: 'spin', code: 'export default { name: "spin", applyToPrompt() { while (true) {} } }' }],
      })
      const spin = looping.rules.find((rule) => rule.name === 'spin')!
      expect(spin).toMatchObject({ status: 'failed', fired: false, error: { kind: 'timeout' } })
      expect(spin.error!.message).toMatch(/time limit/i)
      expect(looping.promptChanged).toBe(false)

      // a loop at the top level of the module fails while compiling, also reported
      const topLevel = await api.operator.playground.runPrompt.mutate({
        source: { kind: 'prompt', prompt: userPrompt },
        model: 'openai/gpt-4o',
        customRules: [{ name: 'spin-at-load', code: 'while (true) {}\nexport default { name: "x" }' }],
      })
      expect(topLevel.rules.find((rule) => rule.name === 'spin-at-load')).toMatchObject({ status: 'compile-failed', error: { kind: 'timeout' } })

      const next = await api.operator.playground.runPrompt.mutate({
        source: { kind: 'prompt', prompt: userPrompt },
        model: 'openai/gpt-4o',
        customRules: [{ code: reminderRule }],
      })
      expect(next.rules.find((rule) => rule.name === 'append-reminder')).toMatchObject({ fired: true })
      expect(await api.operator.health.check.query()).toMatchObject({ database: kind })
    })

    it('gives rules no process, env or modules: each attempt is a clear failure', async () => {
      const attempts = {
        env: 'export default { name: "env", applyToPrompt({ prompt }) { return [...prompt, { role: "system", content: String(process.env.DATABASE_URL) }] } }',
        fs: 'import fs from "fs"\nexport default { name: "fs", applyToPrompt() { return undefined } }',
        require: 'export default { name: "require", applyToPrompt() { require("fs"); return undefined } }',
        garbage: 'export default { name: "garbage", applyToPrompt() { return "not a prompt" } }',
      }
      const result = await api.operator.playground.runPrompt.mutate({
        source: { kind: 'prompt', prompt: userPrompt },
        model: 'openai/gpt-4o',
        builtInRules: [],
        customRules: Object.values(attempts).map((code) => ({ code })),
      })
      expect(result.promptChanged).toBe(false)
      const byName = new Map(result.rules.map((rule) => [rule.name, rule]))
      expect(byName.get('env')).toMatchObject({ status: 'failed', error: { kind: 'runtime' } })
      expect(byName.get('env')!.error!.message).toMatch(/process/)
      expect(byName.get('require')).toMatchObject({ status: 'failed', error: { kind: 'runtime' } })
      expect(byName.get('garbage')).toMatchObject({ status: 'failed', error: { kind: 'invalid-result' } })
      const fs = result.rules.find((rule) => rule.status === 'compile-failed')!
      expect(fs.error!.message).toMatch(/fs/)
    })

    it('answers bad input with BAD_REQUEST naming the field', async () => {
      const badModel = await failureOf(api.operator.playground.runPrompt.mutate({ source: { kind: 'prompt', prompt: userPrompt }, model: 'gpt-4o' }))
      expect(badModel).toMatchObject({ code: 'BAD_REQUEST', field: 'model' })
      const badPrompt = await failureOf(
        api.operator.playground.runPrompt.mutate({ source: { kind: 'prompt', prompt: [{ role: 'wizard', content: 'x' }] }, model: 'openai/gpt-4o' }),
      )
      expect(badPrompt).toMatchObject({ code: 'BAD_REQUEST' })
      expect(badPrompt.field).toMatch(/^source\.prompt/)
      expect(
        await failureOf(
          api.operator.playground.runPrompt.mutate({
            source: { kind: 'prompt', prompt: userPrompt },
            model: 'openai/gpt-4o',
            customRules: [{ ruleId: 'nope' }],
          }),
        ),
      ).toMatchObject({ code: 'NOT_FOUND' })
    })

    it('refuses, as production does, a custom rule named like a built-in (even one not selected), naming that rule', async () => {
      const clash = await failureOf(
        api.operator.playground.runPrompt.mutate({
          source: { kind: 'prompt', prompt: userPrompt },
          model: 'openai/gpt-4o',
          builtInRules: [],
          customRules: [{ code: 'export default {' }, { name: 'cerebras-strip-reasoning-content', code: reminderRule }],
        }),
      )
      expect(clash).toMatchObject({ code: 'BAD_REQUEST', field: 'customRules[1].name' })
      expect(clash.message).toContain('a rule named "cerebras-strip-reasoning-content" already exists')
    })
  })

  describe('playground.runError', () => {
    it('matches the tool-ID rule on the real Anthropic 400 body and reports the ids it rewrote, saving nothing', async () => {
      const before = await api.operator.threads.byId.query({ id: KIMI_THREAD })
      const result = await api.operator.playground.runError.mutate({
        threadId: KIMI_THREAD,
        model: 'anthropic/claude-sonnet-4-5',
        error: { kind: 'http', status: anthropicInvalidToolUseId.status, headers: {}, body: JSON.stringify(anthropicInvalidToolUseId.body) },
      })
      const toolIdRule = result.rules.find((rule) => rule.name === 'anthropic-tool-id-format')!
      expect(toolIdRule).toMatchObject({ matched: true, fix: 'fixed', error: null })
      expect(toolIdRule.matchedText).toContain("tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'")
      expect(result).toMatchObject({ compatRetry: true, fixedBy: 'anthropic-tool-id-format' })
      expect(result.changes.toolCallIdChanges.map(({ from, to }) => [from, to])).toEqual([
        ['functions.track_shipment:0', 'functions_track_shipment_0'],
        ['functions.get_weather:1', 'functions_get_weather_1'],
        ['functions.get_weather:2', 'functions_get_weather_2'],
      ])
      expect(result.changes.changedMessageIds).toEqual(
        before.messages.filter((message) => message.content.parts.some((part) => part.type === 'tool-invocation')).map((message) => message.id),
      )
      expect(JSON.stringify(result.before)).toContain('functions.get_weather:1')
      expect(JSON.stringify(result.after)).not.toContain('functions.get_weather:1')
      // a 400 is not transient: StreamErrorRetryProcessor would not retry it
      expect(result.retryDecision).toMatchObject({ retry: false })
      // nothing persisted
      expect(await api.operator.threads.byId.query({ id: KIMI_THREAD })).toEqual(before)
    })

    it('applies the first-retry gate: on a later retry the rule still matches, but nothing is fixed and ProviderHistoryCompat does not retry', async () => {
      const result = await api.operator.playground.runError.mutate({
        threadId: KIMI_THREAD,
        model: 'anthropic/claude-sonnet-4-5',
        error: { kind: 'http', status: anthropicInvalidToolUseId.status, headers: {}, body: JSON.stringify(anthropicInvalidToolUseId.body) },
        retryCount: 1,
      })
      expect(result.rules.find((rule) => rule.name === 'anthropic-tool-id-format')).toMatchObject({ matched: true, fix: null })
      expect(result).toMatchObject({ compatRetry: false, compatReason: 'not-first-retry', fixedBy: null })
      expect(result.changes.changedMessageIds).toEqual([])
    })

    it('takes messages as JSON and a stream error chunk, with the retry decision for it', async () => {
      const { messages } = await api.operator.threads.byId.query({ id: KIMI_THREAD })
      const chunk = {
        type: 'error',
        sequence_number: 2,
        error: {
          type: 'server_error',
          code: 'server_error',
          message: 'An error occurred while processing your request. You can retry your request.',
          param: null,
        },
      }
      const result = await api.operator.playground.runError.mutate({
        messages,
        model: 'openai/gpt-5',
        error: { kind: 'stream-chunk', chunk },
        retryOptions: { maxRetries: 2, delayMs: 250 },
      })
      expect(result.rules.every((rule) => !rule.matched)).toBe(true)
      expect(result.changes.changedMessageIds).toEqual([])
      expect(result.retryDecision).toMatchObject({ retry: true, reason: 'openai-responses', delayMs: 250, delaySource: 'configured', maxRetries: 2 })
    })
    it("repairs an orphaned OpenAI reasoning item on OpenAI's real 400, with the orphan rule named", async () => {
      const reasoning = {
        type: 'reasoning',
        reasoning: 'cut short',
        details: [{ type: 'text', text: 'cut short' }],
        providerMetadata: { openai: { itemId: 'rs_cut' } },
      }
      const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second))
      const message = (id: string, role: 'user' | 'assistant', parts: unknown[], second: number) => ({
        id,
        threadId: 't',
        resourceId: 'r',
        role,
        createdAt: at(second),
        content: { format: 2 as const, parts },
      })
      const result = await api.operator.playground.runError.mutate({
        messages: [
          message('m1', 'user', [{ type: 'text', text: 'refund?' }], 1),
          message('m2', 'assistant', [reasoning], 2),
          message('m3', 'user', [{ type: 'text', text: 'hello?' }], 3),
        ] as never,
        model: 'openai/gpt-5',
        error: { kind: 'http', status: 400, body: JSON.stringify(openaiResponsesReasoningWithoutFollowingItem.body) },
      })
      expect(result).toMatchObject({ compatRetry: true, compatReason: 'fixed', fixedBy: 'openai-responses-orphan-reasoning' })
      expect(result.changes.changedMessageIds).toEqual(['m2'])
      expect(JSON.stringify(result.after)).not.toContain('rs_cut')
    })
  })

  describe('playground.retryDecision', () => {
    it('takes a dropped connection (the ECONNRESET preset): no rule retries it, the spec matcher does', async () => {
      const error = { kind: 'connection' as const, code: 'ECONNRESET', message: 'socket hang up' }
      expect(await api.operator.playground.retryDecision.mutate({ error, options: { maxRetries: 5 } })).toMatchObject({ retry: false, reason: 'no-match' })
      const matched = await api.operator.playground.retryDecision.mutate({
        error,
        options: { maxRetries: 5, matchers: [{ pattern: 'econnreset|socket hang up', flags: 'i' }] },
      })
      expect(matched).toMatchObject({ retry: true, reason: 'matcher', matcherIndex: 0, maxRetries: 5 })
      expect(await failureOf(api.operator.playground.retryDecision.mutate({ error: { ...error, code: ' ' } }))).toMatchObject({
        code: 'BAD_REQUEST',
        field: 'error.code',
      })
    })

    it('says retry after 7000 ms for a 429 with Retry-After: 7', async () => {
      const decision = await api.operator.playground.retryDecision.mutate({
        error: { kind: 'http', status: 429, headers: { 'Retry-After': '7' }, body: JSON.stringify(anthropicRateLimited.body) },
        options: { maxRetries: 3 },
        retryCount: 0,
      })
      expect(decision).toMatchObject({ retry: true, delayMs: 7000, retryCount: 0, maxRetries: 3 })
      expect(decision.delaySource).toMatch(/retry-after/)
      // a bare 429 (no provider error body): retryable by its status, same delay
      const bare = await api.operator.playground.retryDecision.mutate({
        error: { kind: 'http', status: 429, headers: { 'retry-after': '7' }, body: 'Too Many Requests' },
      })
      expect(bare).toMatchObject({ retry: true, reason: 'is-retryable', delayMs: 7000 })
    })

    it('says why not: terminal errors, an exhausted budget, no match; custom matchers decide with their own policy', async () => {
      const quota = await api.operator.playground.retryDecision.mutate({
        error: {
          kind: 'http',
          status: 429,
          body: '{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","code":"insufficient_quota"}}',
        },
      })
      expect(quota).toMatchObject({ retry: false, reason: 'terminal' })
      const exhausted = await api.operator.playground.retryDecision.mutate({
        error: { kind: 'http', status: 503, body: 'upstream unavailable' },
        options: { maxRetries: 1 },
        retryCount: 1,
      })
      expect(exhausted).toMatchObject({ retry: false, reason: 'budget-exhausted', matchedBy: 'is-retryable' })
      const badRequest = await api.operator.playground.retryDecision.mutate({ error: { kind: 'http', status: 400, body: '{"error":{"message":"bad"}}' } })
      expect(badRequest).toMatchObject({ retry: false })
      const custom = await api.operator.playground.retryDecision.mutate({
        error: { kind: 'http', status: 400, body: 'Tool call id was 2968-LWy3uasib but must be a-z, A-Z, 0-9, with a length of 9.' },
        options: { matchers: [{ pattern: 'Tool call id was', flags: 'i', maxRetries: 2, delayMs: 100 }] },
      })
      expect(custom).toMatchObject({ retry: true, reason: 'matcher', matcherIndex: 0, delayMs: 100 })
      expect(
        await failureOf(api.operator.playground.retryDecision.mutate({ error: { kind: 'http', status: 429 }, options: { matchers: [{ pattern: '(' }] } })),
      ).toMatchObject({
        code: 'BAD_REQUEST',
        field: 'options.matchers[0].pattern',
      })
    })
  })

  describe('playground.rules', () => {
    const toolIdFixRule = `export default {
  name: 'mistral-tool-id',
  errorPatterns: [/Tool call id was .* but must be a-z, A-Z, 0-9, with a length of 9/],
  fix(messages) {
    let changed = false
    for (const message of messages) for (const part of message.content.parts) {
      if (part.type === 'tool-invocation' && !/^[a-zA-Z0-9]{9}$/.test(part.toolInvocation.toolCallId)) {
        part.toolInvocation.toolCallId = part.toolInvocation.toolCallId.replace(/[^a-zA-Z0-9]/g, '').padEnd(9, '0').slice(0, 9)
        changed = true
      }
    }
    return changed
  },
}`
    const mistralError = {
      kind: 'http' as const,
      status: 400,
      body: '{"message":"Tool call id was 2968-LWy3uasib but must be a-z, A-Z, 0-9, with a length of 9."}',
    }

    it('creates, lists, updates, runs fixtures for, exports and deletes saved rules', async () => {
      const { messages } = await api.operator.threads.byId.query({ id: KIMI_THREAD })
      const rule = await api.operator.playground.rules.create.mutate({
        name: 'mistral-tool-id',
        description: 'Mistral wants 9-character alphanumeric tool ids',
        code: toolIdFixRule,
        order: 5,
        fixtures: [
          { name: 'repairs Kimi ids', kind: 'error', model: 'mistral/mistral-large', error: mistralError, messages, expect: { matches: true, fixes: true } },
          {
            name: 'ignores other errors',
            kind: 'error',
            model: 'mistral/mistral-large',
            error: { kind: 'http', status: 500, body: 'boom' },
            messages,
            expect: { matches: false },
          },
        ],
      })
      // saved, not live: a rule runs in workbench turns only once an operator enables it
      expect(rule).toMatchObject({ name: 'mistral-tool-id', enabled: false, order: 5, errorPatterns: [] })
      expect((await api.operator.playground.rules.list.query()).map((saved) => saved.id)).toContain(rule.id)
      expect(await api.operator.playground.rules.runFixtures.mutate({ id: rule.id })).toMatchObject({
        passed: true,
        results: [
          { name: 'repairs Kimi ids', passed: true },
          { name: 'ignores other errors', passed: true },
        ],
      })

      // the saved rule runs in runError by id
      const viaId = await api.operator.playground.runError.mutate({
        threadId: KIMI_THREAD,
        model: 'mistral/mistral-large',
        error: mistralError,
        // the built-in mistral-tool-call-id-format rule would answer this error before the saved one
        builtInRules: builtInCompatRules.map((builtIn) => builtIn.name).filter((name) => name !== 'mistral-tool-call-id-format'),
        customRules: [{ ruleId: rule.id }],
      })
      expect(viaId.rules.find((candidate) => candidate.ruleId === rule.id)).toMatchObject({ matched: true, fix: 'fixed', origin: 'custom' })
      expect(viaId.changes.toolCallIdChanges[0]).toMatchObject({ from: 'functions.track_shipment:0', to: 'functions' })

      // a fixture that no longer holds is reported as failing
      const updated = await api.operator.playground.rules.update.mutate({
        id: rule.id,
        fixtures: [{ name: 'wrong expectation', kind: 'error', model: 'mistral/mistral-large', error: mistralError, messages, expect: { matches: false } }],
      })
      expect(updated.fixtures).toHaveLength(1)
      const failing = await api.operator.playground.rules.runFixtures.mutate({ id: rule.id })
      expect(failing).toMatchObject({ passed: false, results: [{ passed: false, failures: ['expected no pattern to match; one did'] }] })

      const exported = await api.operator.playground.rules.exportCode.query()
      expect(exported.code).toContain('loadSandboxedRules')
      expect(exported.code).toContain('"mistral-tool-id"')

      expect(await api.operator.playground.rules.delete.mutate({ id: rule.id })).toEqual({ deleted: rule.id })
      expect(await failureOf(api.operator.playground.rules.get.query({ id: rule.id }))).toMatchObject({ code: 'NOT_FOUND' })
    })

    it('refuses code that does not compile (BAD_REQUEST naming code) and a duplicate name (CONFLICT)', async () => {
      const broken = await failureOf(api.operator.playground.rules.create.mutate({ name: 'broken', code: 'export default {' }))
      expect(broken).toMatchObject({ code: 'BAD_REQUEST', field: 'code' })
      expect(broken.message).toMatch(/syntax/)
      const looping = await failureOf(api.operator.playground.rules.create.mutate({ name: 'loop', code: 'for(;;){}' }))
      expect(looping).toMatchObject({ code: 'BAD_REQUEST', field: 'code' })
      // production would refuse it: ProviderHistoryCompat reserves the built-in names
      expect(await failureOf(api.operator.playground.rules.create.mutate({ name: 'anthropic-tool-id-format', code: reminderRule }))).toMatchObject({
        code: 'BAD_REQUEST',
        field: 'name',
      })
      await api.operator.playground.rules.create.mutate({ name: 'unique-name', code: reminderRule })
      expect(await failureOf(api.operator.playground.rules.create.mutate({ name: 'unique-name', code: reminderRule }))).toMatchObject({
        code: 'CONFLICT',
        httpStatus: 409,
      })
    })

    it('offers the rule template and the built-in rule names', async () => {
      const template = await api.operator.playground.template.query()
      expect(template.code).toContain('export default')
      expect(template.builtInRules).toEqual([
        'pair-orphan-tool-calls',
        'anthropic-tool-id-format',
        'cerebras-strip-reasoning-content',
        'anthropic-strip-foreign-reasoning-content',
        'openai-responses-orphan-reasoning',
        'profile-strip-reasoning',
        'profile-tool-call-id-format',
        'profile-tool-name-format',
        'gemini-thought-signature-placeholder',
        'merge-consecutive-roles',
        'gemini-missing-thought-signature',
        'mistral-tool-call-id-format',
        'bedrock-tool-use-id-format',
        'orphan-tool-call-cancelled',
        'groq-reasoning-unsupported',
      ])
    })
  })
})
