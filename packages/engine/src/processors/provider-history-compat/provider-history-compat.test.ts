import { APICallError } from '@ai-sdk/provider'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InvalidInputError } from '../../errors/index.ts'
import type { StoredMessage } from '../../messages/types.ts'
import type { LanguageModelPrompt, ProcessAPIErrorArgs, ProcessLLMRequestArgs } from '../types.ts'
import { builtInCompatRules } from './built-in-rules.ts'
import { ProviderHistoryCompat } from './provider-history-compat.ts'
import { bareReasoning, deepFreeze, mixedPrompt, openaiReasoning, signedThinking, storedMessage, toolPart } from './test-fixtures.ts'
import type { CompatRule } from './types.ts'

afterEach(() => vi.restoreAllMocks())

const ANTHROPIC_TOOL_ID_MESSAGE = "messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'"
const ANTHROPIC_TOOL_ID_BODY = JSON.stringify({
  type: 'error',
  error: { type: 'invalid_request_error', message: ANTHROPIC_TOOL_ID_MESSAGE },
})

function llmArgs(prompt: LanguageModelPrompt, model: ProcessLLMRequestArgs['model']): ProcessLLMRequestArgs {
  return { prompt, model, stepNumber: 0, retryCount: 0, state: {} }
}

function apiErrorArgs(error: unknown, messages: StoredMessage[], retryCount = 0): ProcessAPIErrorArgs {
  return { error, messages, retryCount, stepNumber: 0, state: {}, model: 'anthropic/claude-sonnet-4-5' }
}

function badIdHistory(): StoredMessage[] {
  return [
    storedMessage('m1', 'user', [{ type: 'text', text: 'weather?' }]),
    storedMessage('m2', 'assistant', [toolPart('functions.get_weather:0'), { type: 'text', text: 'sunny' }]),
  ]
}

function anthropicBadRequest(message: string, responseBody: string): APICallError {
  return new APICallError({
    message,
    url: 'http://127.0.0.1/v1/messages',
    requestBodyValues: {},
    statusCode: 400,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody,
    isRetryable: false,
  })
}

describe('ProviderHistoryCompat', () => {
  it('has the spec id, name and built-in rules in order', () => {
    const processor = new ProviderHistoryCompat()
    expect(processor.id).toBe('provider-history-compat')
    expect(processor.name).toBe('Provider History Compat')
    expect(processor.rules.map((r) => r.name)).toEqual([
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

  describe('processLLMRequest', () => {
    it('returns undefined when no rule applies (other provider)', () => {
      const prompt = deepFreeze(mixedPrompt())
      expect(new ProviderHistoryCompat().processLLMRequest(llmArgs(prompt, 'openai/gpt-4o'))).toBeUndefined()
    })

    it('rewrites for Cerebras without mutating the input; untouched messages keep identity', () => {
      const prompt = deepFreeze(mixedPrompt())
      const result = new ProviderHistoryCompat().processLLMRequest(llmArgs(prompt, 'cerebras/llama-3.3-70b'))
      if (!result) throw new Error('expected a rewrite')
      expect(JSON.stringify(result.prompt)).not.toContain('"reasoning"')
      expect(prompt).toEqual(mixedPrompt())
      const kept = new Set<unknown>(prompt)
      expect(result.prompt.filter((m) => kept.has(m)).map((m) => m.role)).toEqual(['system', 'user', 'tool', 'user', 'user', 'user'])
    })

    it('keeps Anthropic thinking and drops foreign reasoning for Anthropic', () => {
      const prompt = deepFreeze(mixedPrompt())
      const result = new ProviderHistoryCompat().processLLMRequest(llmArgs(prompt, { provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' }))
      const text = JSON.stringify(result?.prompt)
      expect(text).toContain('sig-abc')
      expect(text).toContain('opaque')
      expect(text).not.toContain(openaiReasoning.text)
      expect(text).not.toContain(bareReasoning.text)
    })

    it('runs custom proactive rules after the built-ins, on their output', () => {
      const seen: LanguageModelPrompt[] = []
      const custom: CompatRule = {
        name: 'custom-observer',
        applyToPrompt: ({ prompt }) => {
          seen.push(prompt)
          return [...prompt, { role: 'user', content: [{ type: 'text', text: 'appended by custom' }] }]
        },
      }
      const prompt = deepFreeze(mixedPrompt())
      const result = new ProviderHistoryCompat({ additionalRules: [custom] }).processLLMRequest(llmArgs(prompt, 'cerebras/llama'))
      expect(seen).toHaveLength(1)
      expect(JSON.stringify(seen[0])).not.toContain('"reasoning"') // the Cerebras rule already ran
      expect(result?.prompt.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'appended by custom' }] })
    })

    it('skips a custom rule that throws, logs its name, and keeps the built-ins result', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const broken: CompatRule = {
        name: 'broken-rule',
        applyToPrompt: () => {
          throw new Error('bug in rule')
        },
      }
      const prompt = deepFreeze(mixedPrompt())
      const processor = new ProviderHistoryCompat({ additionalRules: [broken] })
      expect(processor.processLLMRequest(llmArgs(prompt, 'openai/gpt-4o'))).toBeUndefined()
      const result = processor.processLLMRequest(llmArgs(prompt, 'cerebras/llama'))
      expect(JSON.stringify(result?.prompt)).not.toContain('"reasoning"')
      expect(warn).toHaveBeenCalledTimes(2)
      expect(String(warn.mock.calls[0]![0])).toContain('"broken-rule"')
    })
  })

  describe('processAPIError', () => {
    it('repairs tool IDs in place and asks for a retry on the Anthropic error', async () => {
      const messages = badIdHistory()
      const error = anthropicBadRequest(ANTHROPIC_TOOL_ID_MESSAGE, ANTHROPIC_TOOL_ID_BODY)
      expect(await new ProviderHistoryCompat().processAPIError(apiErrorArgs(error, messages))).toEqual({ retry: true })
      const part = messages[1]!.content.parts[0]!
      expect(part.type === 'tool-invocation' && part.toolInvocation.toolCallId).toBe('functions_get_weather_0')
    })

    it('matches when the pattern is only in the response body', async () => {
      const messages = badIdHistory()
      const error = anthropicBadRequest('Bad Request', ANTHROPIC_TOOL_ID_BODY)
      expect(await new ProviderHistoryCompat().processAPIError(apiErrorArgs(error, messages))).toEqual({ retry: true })
    })

    it('returns undefined and changes nothing when the IDs are already valid', async () => {
      const messages = [storedMessage('m1', 'assistant', [toolPart('toolu_01abc')])]
      const before = structuredClone(messages)
      const error = anthropicBadRequest(ANTHROPIC_TOOL_ID_MESSAGE, ANTHROPIC_TOOL_ID_BODY)
      expect(await new ProviderHistoryCompat().processAPIError(apiErrorArgs(error, messages))).toBeUndefined()
      expect(messages).toEqual(before)
    })

    it('returns undefined for errors no rule matches', async () => {
      const processor = new ProviderHistoryCompat()
      const messages = badIdHistory()
      const before = structuredClone(messages)
      for (const error of [
        new Error('socket hang up'),
        anthropicBadRequest('Overloaded', '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'),
        anthropicBadRequest('messages.1.content.0: Invalid `signature` in `thinking` block', '{}'),
        undefined,
      ]) {
        expect(await processor.processAPIError(apiErrorArgs(error, messages))).toBeUndefined()
      }
      expect(messages).toEqual(before)
    })

    it('acts on the first retry only', async () => {
      const messages = badIdHistory()
      const before = structuredClone(messages)
      const error = anthropicBadRequest(ANTHROPIC_TOOL_ID_MESSAGE, ANTHROPIC_TOOL_ID_BODY)
      const processor = new ProviderHistoryCompat()
      expect(await processor.processAPIError(apiErrorArgs(error, messages, 1))).toBeUndefined()
      expect(await processor.processAPIError(apiErrorArgs(error, messages, 5))).toBeUndefined()
      expect(messages).toEqual(before)
    })

    it('runs a custom reactive rule after the built-ins', async () => {
      const mistralIdRule: CompatRule = {
        name: 'mistral-tool-id-format',
        errorPatterns: [/Tool call id was .* but must be a-z, A-Z, 0-9, with a length of 9/],
        fix: (messages) => {
          let changed = false
          for (const message of messages) {
            for (const part of message.content.parts) {
              if (part.type === 'tool-invocation' && !/^[a-zA-Z0-9]{9}$/.test(part.toolInvocation.toolCallId)) {
                part.toolInvocation.toolCallId = part.toolInvocation.toolCallId
                  .replace(/[^a-zA-Z0-9]/g, '')
                  .padEnd(9, '0')
                  .slice(0, 9)
                changed = true
              }
            }
          }
          return changed
        },
      }
      const messages = [storedMessage('m1', 'assistant', [toolPart('2968-LWy3uasib')])]
      const error = new Error('Tool call id was 2968-LWy3uasib but must be a-z, A-Z, 0-9, with a length of 9.')
      // the built-in mistral-tool-call-id-format rule would answer this error first
      const builtInRules = builtInCompatRules.map((rule) => rule.name).filter((name) => name !== 'mistral-tool-call-id-format')
      const processor = new ProviderHistoryCompat({ additionalRules: [mistralIdRule], builtInRules })
      expect(await processor.processAPIError(apiErrorArgs(error, messages))).toEqual({ retry: true })
      const part = messages[0]!.content.parts[0]!
      expect(part.type === 'tool-invocation' && part.toolInvocation.toolCallId).toBe('2968LWy3u')
    })

    it('skips a fix that throws and logs its name', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const throwing: CompatRule = {
        name: 'throwing-fix',
        errorPatterns: [/boom/],
        fix: () => {
          throw new Error('fix crashed')
        },
      }
      const processor = new ProviderHistoryCompat({ additionalRules: [throwing] })
      expect(await processor.processAPIError(apiErrorArgs(new Error('boom'), []))).toBeUndefined()
      expect(String(warn.mock.calls[0]![0])).toContain('"throwing-fix"')
    })
  })

  describe('constructor validation', () => {
    const invalidRules: [unknown, string][] = [
      [{ name: '', applyToPrompt: () => undefined }, 'additionalRules[0].name'],
      [{ name: 'r' }, 'additionalRules[0]'],
      [{ name: 'r', fix: () => true }, 'additionalRules[0].errorPatterns'],
      [{ name: 'r', fix: () => true, errorPatterns: [] }, 'additionalRules[0].errorPatterns'],
      [{ name: 'r', fix: () => true, errorPatterns: ['not a regexp'] }, 'additionalRules[0].errorPatterns[0]'],
      [{ name: 'r', applyToPrompt: 'not a function' }, 'additionalRules[0].applyToPrompt'],
      [{ name: 'anthropic-tool-id-format', applyToPrompt: () => undefined }, 'additionalRules[0].name'],
    ]
    it.each(invalidRules)('rejects %j naming %s', (rule, field) => {
      let thrown: unknown
      try {
        new ProviderHistoryCompat({ additionalRules: [rule as CompatRule] })
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(InvalidInputError)
      expect((thrown as InvalidInputError).field).toBe(field)
    })

    it('rejects duplicate custom names and a non-array', () => {
      const rule: CompatRule = { name: 'same', applyToPrompt: () => undefined }
      expect(() => new ProviderHistoryCompat({ additionalRules: [rule, { ...rule }] })).toThrow(/"same" already exists/)
      expect(() => new ProviderHistoryCompat({ additionalRules: 'x' as unknown as CompatRule[] })).toThrow(InvalidInputError)
    })

    it('keeps the caller rule objects (not copies) and never changes the built-in list', () => {
      const rule: CompatRule = { name: 'mine', applyToPrompt: () => undefined }
      const processor = new ProviderHistoryCompat({ additionalRules: [rule] })
      expect(processor.rules.at(-1)).toBe(rule)
      expect(builtInCompatRules).toHaveLength(15)
    })
  })

  it('keeps signed thinking intact end to end (no part copied)', () => {
    const prompt = deepFreeze<LanguageModelPrompt>([
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      { role: 'assistant', content: [signedThinking, { type: 'text', text: 'a' }] },
    ])
    expect(new ProviderHistoryCompat().processLLMRequest(llmArgs(prompt, 'anthropic/claude-sonnet-4-5'))).toBeUndefined()
  })
})
