// Parity: for each fixture, what the playground reports is what the real
// ProviderHistoryCompat does in production (its constructor, processLLMRequest
// and processAPIError, called here directly). The fixtures are the engine's
// (its compat test fixtures and the provider-error catalogue) in the shape of
// the playground's rule fixtures (fixtures.ts), run against the rule sets a
// user can choose: built-ins, custom rules compiled in the sandbox, and sets
// production refuses.
import { ProviderHistoryCompat, toPrompt, type ProcessAPIErrorResult, type ProcessLLMRequestResult, type StoredMessage } from '@threadline/engine'
import { deepFreeze, mixedPrompt, providerErrorPresets, providerErrorShape, storedMessage, toolPart, toolResult } from '@threadline/engine/testing'
import { beforeAll, describe, expect, it } from 'vitest'
import { compileCustomRule, type ResolvedCustomRule } from './custom-rules.ts'
import { evaluateError, evaluatePrompt, ruleSet } from './evaluate.ts'
import type { RuleFixture } from './fixtures.ts'
import { providerErrorInput, toProviderError } from './provider-error.ts'
import { resolveRetryOptions } from './retry-options.ts'

type PromptFixture = Omit<Extract<RuleFixture, { kind: 'prompt' }>, 'expect'>
type ErrorFixture = Omit<Extract<RuleFixture, { kind: 'error' }>, 'expect'>

// --- the fixtures ------------------------------------------------------------

/** A history whose tool-call IDs Anthropic rejects: in parts, and in the legacy `toolInvocations` field. */
function foreignIdHistory(): StoredMessage[] {
  return [
    storedMessage('m1', 'user', [{ type: 'text', text: 'Weather in Paris?' }]),
    storedMessage('m2', 'assistant', [toolPart('functions.get_weather:0'), { type: 'text', text: 'Sunny.' }]),
    storedMessage('m3', 'user', [{ type: 'text', text: 'And Lyon?' }]),
    storedMessage('m4', 'assistant', [{ type: 'text', text: 'Also sunny.' }], [toolResult('call:1.lyon')]),
  ]
}

function validIdHistory(): StoredMessage[] {
  return [
    storedMessage('v1', 'user', [{ type: 'text', text: 'Weather?' }]),
    storedMessage('v2', 'assistant', [toolPart('toolu_01'), { type: 'text', text: 'Sunny.' }]),
  ]
}

const models = ['anthropic/claude-sonnet-4-5', 'cerebras/gpt-oss-120b', 'openai/gpt-4o', 'example-provider/model']

const promptFixtures: PromptFixture[] = models.flatMap((model) => [
  { name: `mixed reasoning for ${model}`, kind: 'prompt', model, prompt: mixedPrompt() },
  { name: `a stored history for ${model}`, kind: 'prompt', model, prompt: toPrompt(foreignIdHistory()) },
])

/** Every catalogue error as a client sees it (a dropped connection as its Node error), against both histories. */
const providerErrors = providerErrorPresets.map((preset) => ({ name: preset.name, error: providerErrorShape(preset.reply) }))

const errorFixtures: ErrorFixture[] = [
  ...providerErrors,
  {
    name: 'a tool_result id Anthropic rejects',
    error: { kind: 'http', status: 400, body: "messages.2.content.0.tool_result.tool_use_id: String should match pattern '^[a-zA-Z0-9_-]+$'" },
  },
  {
    name: 'Mistral tool ID format (plain body)',
    error: { kind: 'http', status: 400, body: '{"message":"Tool call id was 2968-LWy3uasib but must be a-z, A-Z, 0-9, with a length of 9."}' },
  },
].flatMap(({ name, error: shape }) => {
  // as the playground's input (validated: each fixture is one a user can send)
  const error = providerErrorInput.parse(shape)
  return [
    { name: `${name}, foreign IDs`, kind: 'error' as const, model: 'anthropic/claude-sonnet-4-5', error, messages: foreignIdHistory() },
    { name: `${name}, valid IDs`, kind: 'error' as const, model: 'anthropic/claude-sonnet-4-5', error, messages: validIdHistory() },
  ]
})

// --- the rule sets -------------------------------------------------------------

const stripMetadataRule = `export default {
  name: 'strip-unsupported-assistant-metadata',
  applyToPrompt({ prompt, model }) {
    if (typeof model !== 'string' || !model.startsWith('example-provider/')) return undefined
    let changed = false
    const next = prompt.map((message) => {
      if (message.role !== 'assistant' || typeof message.content === 'string') return message
      return { ...message, content: message.content.map((part) => {
        if (!('providerOptions' in part)) return part
        changed = true
        const { providerOptions, ...rest } = part
        return rest
      }) }
    })
    return changed ? next : undefined
  },
}`

const mistralToolIdRule = `export default {
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

const namedLikeABuiltIn = `export default { name: 'anthropic-tool-id-format', errorPatterns: [/tool_use/], fix() { return false } }`
const fixWithoutPatterns = `export default { name: 'fix-without-patterns', fix() { return true } }`
const doesNotCompile = `export default {`

type RuleSetChoice = { name: string; builtInRules?: string[]; custom: string[] }

const ruleSetChoices: RuleSetChoice[] = [
  { name: 'the built-ins', custom: [] },
  { name: 'the built-ins and two custom rules', custom: [stripMetadataRule, mistralToolIdRule] },
  {
    name: 'one built-in, a rule that does not compile and a custom rule',
    builtInRules: ['cerebras-strip-reasoning-content'],
    custom: [doesNotCompile, mistralToolIdRule],
  },
  { name: 'a custom rule named like a built-in', custom: [stripMetadataRule, namedLikeABuiltIn] },
  { name: 'a custom rule named like a built-in that is not selected', builtInRules: [], custom: [namedLikeABuiltIn] },
  { name: 'two custom rules with one name', custom: [mistralToolIdRule, doesNotCompile, mistralToolIdRule] },
  { name: 'a fix without errorPatterns', custom: [fixWithoutPatterns] },
]

type CompiledChoice = RuleSetChoice & { resolved: ResolvedCustomRule[] }
let choices: CompiledChoice[] = []

beforeAll(async () => {
  choices = await Promise.all(
    ruleSetChoices.map(async (choice) => ({
      ...choice,
      resolved: await Promise.all(choice.custom.map((code) => compileCustomRule(code, { name: undefined, errorPatterns: undefined, ruleId: null }))),
    })),
  )
}, 60_000)

// --- the two sides ---------------------------------------------------------------

/** Production: the processor built from the rules that compiled (an app loads only those), or the error it throws. */
function production(choice: CompiledChoice): ProviderHistoryCompat | Error {
  try {
    return new ProviderHistoryCompat({
      additionalRules: choice.resolved.flatMap((entry) => (entry.rule ? [entry.rule] : [])),
      ...(choice.builtInRules ? { builtInRules: choice.builtInRules } : {}),
    })
  } catch (error) {
    return error as Error
  }
}

function playgroundRules(choice: CompiledChoice) {
  try {
    return ruleSet(choice.builtInRules, choice.resolved)
  } catch (error) {
    return error as Error
  }
}

const RETRY_COUNTS = [0, 1]

describe('the playground and ProviderHistoryCompat agree', () => {
  it('on which rule sets are refused, and why', () => {
    const refused: string[] = []
    for (const choice of choices) {
      const processor = production(choice)
      const set = playgroundRules(choice)
      expect(set instanceof Error, choice.name).toBe(processor instanceof Error)
      if (processor instanceof Error && set instanceof Error) {
        // the playground names the custom rule at fault and says what production said
        expect(set.message, choice.name).toContain(processor.message)
        refused.push(choice.name)
      }
    }
    // the fixtures cover both outcomes
    expect(refused).toEqual([
      'a custom rule named like a built-in',
      'a custom rule named like a built-in that is not selected',
      'two custom rules with one name',
      'a fix without errorPatterns',
    ])
  })

  it('on the prompt each fixture sends (processLLMRequest)', () => {
    let rewrites = 0
    for (const choice of choices) {
      const processor = production(choice)
      const set = playgroundRules(choice)
      if (processor instanceof Error || set instanceof Error) continue
      for (const fixture of promptFixtures) {
        for (const retryCount of RETRY_COUNTS) {
          const prompt = deepFreeze(structuredClone(fixture.prompt))
          const label = `${choice.name} / ${fixture.name} / retry ${retryCount}`
          const result: ProcessLLMRequestResult = processor.processLLMRequest({ prompt, model: fixture.model, stepNumber: 0, retryCount, state: {} })
          const report = evaluatePrompt(set, prompt, fixture.model)
          expect(report.promptChanged, label).toBe(result !== undefined)
          expect(report.finalPrompt, label).toEqual(result ? result.prompt : prompt)
          if (result) rewrites++
        }
      }
    }
    expect(rewrites).toBeGreaterThan(0)
  })

  it('on the retry and the repaired messages for each error fixture (processAPIError)', async () => {
    const verdicts = new Set<string>()
    for (const choice of choices) {
      const processor = production(choice)
      const set = playgroundRules(choice)
      if (processor instanceof Error || set instanceof Error) continue
      for (const fixture of errorFixtures) {
        for (const retryCount of RETRY_COUNTS) {
          const label = `${choice.name} / ${fixture.name} / retry ${retryCount}`
          const live = structuredClone(fixture.messages)
          const result: ProcessAPIErrorResult = await processor.processAPIError({
            error: toProviderError(fixture.error),
            messages: live,
            retryCount,
            stepNumber: 0,
            state: {},
            model: fixture.model,
          })
          const report = await evaluateError({
            set,
            error: toProviderError(fixture.error),
            messages: deepFreeze(structuredClone(fixture.messages)),
            model: fixture.model,
            retryOptions: await resolveRetryOptions({}),
            retryCount,
          })
          expect(report.compatRetry, label).toBe(result?.retry === true)
          expect(report.after, label).toEqual(live)
          verdicts.add(`${retryCount}:${report.compatReason}`)
        }
      }
    }
    // the fixtures reach every verdict, the first-retry gate included
    expect([...verdicts].sort()).toEqual(['0:fixed', '0:no-match', '0:not-fixed', '1:not-first-retry'])
  }, 120_000)
})
