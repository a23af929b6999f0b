import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../../errors/index.ts'
import { ProviderHistoryCompat } from './provider-history-compat.ts'
import { deepFreeze, mixedPrompt, storedMessage, toolPart } from './test-fixtures.ts'

const TOOL_ID_ERROR = new Error("messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'")
const compat = new ProviderHistoryCompat()

describe('ProviderHistoryCompat.explain', () => {
  it('reports each proactive rule and gives the prompt processLLMRequest sends', () => {
    const prompt = deepFreeze(mixedPrompt())
    const verdict = compat.explain({ prompt, model: 'cerebras/llama', messages: [], retryCount: 0 })
    expect(verdict.proactive.rules.map((o) => [o.rule.name, o.status])).toEqual([
      ['pair-orphan-tool-calls', 'unchanged'],
      ['anthropic-tool-id-format', 'not-proactive'],
      ['cerebras-strip-reasoning-content', 'changed'],
      ['anthropic-strip-foreign-reasoning-content', 'unchanged'],
      ['openai-responses-orphan-reasoning', 'unchanged'],
      ['profile-strip-reasoning', 'unchanged'],
      ['profile-tool-call-id-format', 'unchanged'],
      ['profile-tool-name-format', 'unchanged'],
      ['gemini-thought-signature-placeholder', 'unchanged'],
      ['merge-consecutive-roles', 'unchanged'],
      ['gemini-missing-thought-signature', 'not-proactive'],
      ['mistral-tool-call-id-format', 'not-proactive'],
      ['bedrock-tool-use-id-format', 'not-proactive'],
      ['orphan-tool-call-cancelled', 'not-proactive'],
      ['groq-reasoning-unsupported', 'not-proactive'],
    ])
    expect(verdict.proactive.changed).toBe(true)
    const processed = compat.processLLMRequest({ prompt, model: 'cerebras/llama', stepNumber: 0, retryCount: 0, state: {} })
    expect(verdict.proactive.prompt).toEqual(processed?.prompt)
    expect(verdict.reactive).toBeUndefined()
  })

  it('names the target family it compiled for, and says when a model is unknown (the conservative profile, no throw)', () => {
    const prompt = deepFreeze(mixedPrompt())
    expect(compat.explain({ prompt, model: 'mistral/mistral-large-latest', messages: [], retryCount: 0 }).proactive.target).toMatchObject([
      { family: 'mistral', known: true },
    ])
    const unknown = compat.explain({ prompt, model: 'nobody-knows', messages: [], retryCount: 0 }).proactive.target
    expect(unknown).toMatchObject([{ family: 'openai-compatible', known: false }])
    expect(unknown[0]?.reason).toMatch(/names no provider: the conservative OpenAI-compatible profile applies/)
  })

  it('reports nothing changed for a prompt no rule touches', () => {
    const prompt = deepFreeze(mixedPrompt())
    const verdict = compat.explain({ prompt, model: 'openai/gpt-4o', messages: [], retryCount: 0 })
    expect(verdict.proactive.prompt).toBe(prompt)
    expect(verdict.proactive.changed).toBe(false)
  })

  it('reports the reactive match and the repaired messages without touching the input', () => {
    const messages = deepFreeze([storedMessage('m1', 'assistant', [toolPart('call:1.a')])])
    const { reactive } = compat.explain({ prompt: [], model: 'anthropic/claude', error: TOOL_ID_ERROR, messages, retryCount: 0 })
    expect(reactive?.matches.map((m) => [m.rule.name, m.text])).toEqual([['anthropic-tool-id-format', TOOL_ID_ERROR.message]])
    expect(reactive?.fixes.map((o) => o.status)).toEqual(['fixed'])
    expect(reactive).toMatchObject({ retry: true, reason: 'fixed', fixedBy: { rule: { name: 'anthropic-tool-id-format' } } })
    const part = reactive?.messages[0]?.content.parts[0]
    expect(part?.type === 'tool-invocation' && part.toolInvocation.toolCallId).toBe('call_1_a')
    const original = messages[0]!.content.parts[0]!
    expect(original.type === 'tool-invocation' && original.toolInvocation.toolCallId).toBe('call:1.a')
  })

  it('reports a match whose fix had nothing to change, and an error nothing matches', () => {
    const messages = [storedMessage('m1', 'assistant', [toolPart('toolu_1')])]
    const unchanged = compat.explain({ prompt: [], model: 'anthropic/claude', error: TOOL_ID_ERROR, messages, retryCount: 0 }).reactive
    expect(unchanged).toMatchObject({ retry: false, reason: 'not-fixed' })
    expect(unchanged?.fixes.map((o) => o.status)).toEqual(['unchanged'])
    const other = compat.explain({ prompt: [], model: 'anthropic/claude', error: new Error('Overloaded'), messages, retryCount: 0 }).reactive
    expect(other).toMatchObject({ retry: false, reason: 'no-match', matches: [], fixes: [] })
  })

  it('acts on the first retry only, as processAPIError does: later the match is reported but no fix runs', async () => {
    const messages = deepFreeze([storedMessage('m1', 'assistant', [toolPart('call:1.a')])])
    const { reactive } = compat.explain({ prompt: [], model: 'anthropic/claude', error: TOOL_ID_ERROR, messages, retryCount: 1 })
    expect(reactive).toMatchObject({ retry: false, reason: 'not-first-retry', fixes: [] })
    expect(reactive?.matches.map((m) => m.rule.name)).toEqual(['anthropic-tool-id-format'])
    expect(reactive?.messages).toEqual(messages)
    const live = structuredClone(messages)
    expect(
      await compat.processAPIError({ error: TOOL_ID_ERROR, messages: live, retryCount: 1, stepNumber: 0, state: {}, model: 'anthropic/claude' }),
    ).toBeUndefined()
  })
})

describe('ProviderHistoryCompat builtInRules option', () => {
  it('runs the named built-ins only, in their own order, and keeps every built-in name reserved', () => {
    expect(
      new ProviderHistoryCompat({ builtInRules: ['anthropic-strip-foreign-reasoning-content', 'anthropic-tool-id-format'] }).rules.map((r) => r.name),
    ).toEqual(['anthropic-tool-id-format', 'anthropic-strip-foreign-reasoning-content'])
    expect(new ProviderHistoryCompat({ builtInRules: [] }).rules).toEqual([])
    const clash = () =>
      new ProviderHistoryCompat({ builtInRules: [], additionalRules: [{ name: 'cerebras-strip-reasoning-content', applyToPrompt: () => undefined }] })
    expect(clash).toThrow(InvalidInputError)
    expect(clash).toThrow(/already exists/)
  })

  it('names an unknown built-in', () => {
    expect(() => new ProviderHistoryCompat({ builtInRules: ['nope'] })).toThrow(expect.objectContaining({ field: 'builtInRules[0]' }))
  })
})
