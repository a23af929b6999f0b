import { describe, expect, it } from 'vitest'
import { bareReasoning, deepFreeze, mixedPrompt, openaiReasoning, redactedThinking, signedThinking } from '../test-fixtures.ts'
import {
  ANTHROPIC_STRIP_FOREIGN_REASONING_CONTENT,
  anthropicStripForeignReasoningContent,
  isAnthropicNativeReasoning,
} from './anthropic-strip-foreign-reasoning-content.ts'

const apply = anthropicStripForeignReasoningContent.applyToPrompt!

describe('isAnthropicNativeReasoning', () => {
  it.each([
    ['signed thinking', signedThinking, true],
    ['redacted thinking', redactedThinking, true],
    ['OpenAI reasoning', openaiReasoning, false],
    ['reasoning without provider options', bareReasoning, false],
    ['anthropic options without signature', { type: 'reasoning', text: 't', providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } }, false],
    ['non-string signature', { type: 'reasoning', text: 't', providerOptions: { anthropic: { signature: 42 } } }, false],
    ['signature under another provider', { type: 'reasoning', text: 't', providerOptions: { bedrock: { signature: 'sig' } } }, false],
  ] as const)('%s -> %s', (_label, part, expected) => {
    expect(isAnthropicNativeReasoning(part)).toBe(expected)
  })
})

describe('anthropic-strip-foreign-reasoning-content', () => {
  it('is named and proactive only', () => {
    expect(anthropicStripForeignReasoningContent.name).toBe('anthropic-strip-foreign-reasoning-content')
    expect(ANTHROPIC_STRIP_FOREIGN_REASONING_CONTENT).toBe(anthropicStripForeignReasoningContent.name)
    expect(anthropicStripForeignReasoningContent.fix).toBeUndefined()
  })

  it.each(['cerebras/llama', 'openai/gpt-4o', 'anthropic-foo', { provider: 'amazon-bedrock', modelId: 'anthropic.claude-v1:0' }])(
    'leaves the prompt alone for %j',
    (model) => {
      expect(apply({ prompt: deepFreeze(mixedPrompt()), model })).toBeUndefined()
    },
  )

  it.each([
    'anthropic/claude-sonnet-4-5',
    'anthropic:claude-sonnet-4-5',
    { provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' },
    { provider: 'openai-compatible.chat', modelId: 'anthropic/claude-sonnet-4-5' },
  ])('keeps Anthropic thinking and drops foreign reasoning for %j', (model) => {
    const prompt = deepFreeze(mixedPrompt())
    const next = apply({ prompt, model })!
    const reasoning = next.flatMap((m) => (m.role === 'assistant' ? m.content.filter((p) => p.type === 'reasoning') : []))
    expect(reasoning).toEqual([signedThinking, redactedThinking])
    expect(next).toHaveLength(prompt.length - 1) // the reasoning-only foreign message is gone
    expect(next[4]).toBe(prompt[4]) // signed thinking message untouched, same object
    expect(next[7]).toBe(prompt[8]) // redacted thinking message untouched
    expect(next[2]!.content).toEqual((prompt[2]!.content as unknown[]).slice(1))
  })

  it('returns undefined when all reasoning is Anthropic-native', () => {
    const prompt = deepFreeze(mixedPrompt().filter((_m, i) => i !== 2 && i !== 3 && i !== 6))
    expect(apply({ prompt, model: 'anthropic/claude-sonnet-4-5' })).toBeUndefined()
  })
})
