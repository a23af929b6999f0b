// The spec's custom-rule example (docs/spec/provider-history-compat.md), unchanged except imports.
import { describe, expect, it } from 'vitest'
import type { LanguageModelPrompt, ProcessLLMRequestArgs } from '../types.ts'
import { ProviderHistoryCompat } from './provider-history-compat.ts'
import { deepFreeze, mixedPrompt } from './test-fixtures.ts'
import { stripUnsupportedAssistantMetadata } from '../../testing/spec-examples.ts'

function run(prompt: LanguageModelPrompt, model: ProcessLLMRequestArgs['model']) {
  const processor = new ProviderHistoryCompat({ additionalRules: [stripUnsupportedAssistantMetadata] })
  return processor.processLLMRequest({ prompt, model, stepNumber: 0, retryCount: 0, state: {} })
}

describe("the spec's custom rule: strip-unsupported-assistant-metadata", () => {
  it('strips providerOptions from assistant parts for example-provider models', () => {
    const prompt = deepFreeze(mixedPrompt())
    const result = run(prompt, 'example-provider/model')
    if (!result) throw new Error('expected a rewrite')
    const assistantParts = result.prompt.flatMap((m) => (m.role === 'assistant' ? m.content : []))
    expect(assistantParts.length).toBeGreaterThan(0)
    expect(assistantParts.some((p) => 'providerOptions' in p)).toBe(false)
    expect(assistantParts.filter((p) => p.type === 'reasoning').map((p) => p.text)).toEqual([
      'OpenAI reasoning summary',
      'Anthropic thinking',
      'Cerebras reasoning',
      '',
    ])
    expect(prompt).toEqual(mixedPrompt())
  })

  it('leaves other models alone', () => {
    expect(run(deepFreeze(mixedPrompt()), 'openai/gpt-4o')).toBeUndefined()
  })
})
