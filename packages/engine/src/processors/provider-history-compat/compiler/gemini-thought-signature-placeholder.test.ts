import { describe, expect, it } from 'vitest'
import { deepFreeze } from '../test-fixtures.ts'
import { geminiThoughtSignaturePlaceholder, SKIP_THOUGHT_SIGNATURE_VALIDATOR } from './gemini-thought-signature-placeholder.ts'
import { call, calls, result, results, user } from './test-prompts.ts'

const own = { google: { thoughtSignature: 'real-signature' } }
const prompt = deepFreeze([
  user('q'),
  calls(call('g1', 'get_weather', own), call('g2')),
  results(result('g1'), result('g2')),
  calls(call('f1'), call('f2')),
  results(result('f1'), result('f2')),
])
const apply = (model: unknown) => geminiThoughtSignaturePlaceholder.applyToPrompt?.({ prompt, model })

describe('gemini-thought-signature-placeholder', () => {
  it('OpenAI-compatible Gemini: a foreign step’s first call gets the placeholder; Gemini’s own step is untouched', () => {
    const next = apply('google/gemini-3-pro-preview')
    expect(next?.[1]).toBe(prompt[1])
    expect(next?.[3]).toEqual(calls(call('f1', 'get_weather', { google: { thoughtSignature: SKIP_THOUGHT_SIGNATURE_VALIDATOR } }), call('f2')))
  })

  it('does nothing for @ai-sdk/google (it adds the placeholder itself) or any other family', () => {
    expect(apply({ provider: 'google.generative-ai', modelId: 'gemini-3-pro-preview' })).toBeUndefined()
    expect(apply('openai-chat/gpt-4o')).toBeUndefined()
  })
})
