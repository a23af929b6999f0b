import { describe, expect, it } from 'vitest'
import { modelFamilies } from './model-family.ts'

const familyOf = (model: unknown) => modelFamilies(model).map(({ family, known }) => (known ? family : `${family}?`))

describe('modelFamilies', () => {
  it.each([
    ['openai/gpt-5', 'openai-responses'],
    ['openai-chat/gpt-4o', 'openai-chat'],
    ['anthropic/claude-sonnet-4-5', 'anthropic'],
    ['anthropic:claude-sonnet-4-5', 'anthropic'],
    ['cerebras/llama-3.3-70b', 'cerebras'],
    ['groq/openai/gpt-oss-120b', 'groq'],
    ['deepseek/deepseek-reasoner', 'deepseek'],
    ['xai/grok-4', 'xai'],
    ['mistral/mistral-large-latest', 'mistral'],
    ['amazon-bedrock/anthropic.claude-3-5-sonnet-20240620-v1:0', 'bedrock'],
    ['google/gemini-3-pro-preview', 'google-openai-compatible'],
    ['gateway/anthropic/claude-sonnet-4-5', 'anthropic'],
    ['together/google/gemini-3-pro', 'google-openai-compatible'],
    ['together/meta-llama/Llama-3', 'openai-compatible?'],
    ['gpt-4o', 'openai-compatible?'],
  ])('string %s -> %s', (model, family) => {
    expect(familyOf(model)).toEqual([family])
  })

  it.each([
    ['google.generative-ai', 'gemini-3-pro-preview', 'google'],
    ['google.vertex.chat', 'gemini-3-pro-preview', 'google'],
    ['google.chat', 'gemini-3-pro-preview', 'google-openai-compatible'],
    ['litellm.chat', 'gemini-2.5-flash', 'google-openai-compatible'],
    ['mistral.chat', 'mistral-large-latest', 'mistral'],
    ['amazon-bedrock', 'anthropic.claude-3-5-sonnet-20240620-v1:0', 'bedrock'],
    ['groq.chat', 'qwen/qwen3-32b', 'groq'],
    ['deepseek.chat', 'deepseek-chat', 'deepseek'],
    ['xai.chat', 'grok-4', 'xai'],
    ['xai.responses', 'grok-4', 'xai'],
    ['openai.responses', 'gpt-5', 'openai-responses'],
    ['openai.chat', 'gpt-4o', 'openai-chat'],
    ['anthropic.messages', 'claude-sonnet-4-5', 'anthropic'],
    ['vertex.anthropic.messages', 'claude-sonnet-4-5', 'anthropic'],
    ['cerebras.chat', 'llama-3.3-70b', 'cerebras'],
    ['gateway', 'mistral/mistral-large-latest', 'mistral'],
    ['example.chat', 'model', 'openai-compatible?'],
  ])('AI SDK model with provider %s (%s) -> %s', (provider, modelId, family) => {
    expect(familyOf({ provider, modelId, specificationVersion: 'v3' })).toEqual([family])
  })

  it('gives one family per entry of a fallback list, `{ model }` entries unwrapped', () => {
    expect(familyOf(['mistral/x', { model: { provider: 'amazon-bedrock', modelId: 'y' } }, { model: 'nope' }])).toEqual([
      'mistral',
      'bedrock',
      'openai-compatible?',
    ])
  })

  it('never throws: anything else is the conservative profile, and says why', () => {
    for (const model of [undefined, null, 42, {}, [], { provider: 7 }, Symbol('m')]) {
      const [detected] = modelFamilies(model)
      expect(detected?.family).toBe('openai-compatible')
      expect(detected?.known).toBe(false)
      expect(detected?.reason).toMatch(/conservative OpenAI-compatible profile/)
    }
  })

  it('never throws for a cyclic model or one whose fields cannot be read', () => {
    const cyclic: { model?: unknown } = {}
    cyclic.model = cyclic
    const cyclicList: unknown[] = []
    cyclicList.push(cyclicList)
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    for (const model of [cyclic, cyclicList, revoked.proxy]) {
      const detected = modelFamilies(model)
      expect(detected.every(({ family, known }) => family === 'openai-compatible' && !known)).toBe(true)
      expect(detected[0]?.reason).toMatch(/conservative OpenAI-compatible profile/)
    }
  })
})
