import { createAnthropic } from '@ai-sdk/anthropic'
import { createCerebras } from '@ai-sdk/cerebras'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { describe, expect, it } from 'vitest'
import { describeModel, isAnthropicModel, isCerebrasModel, isProviderModel } from './provider-model.ts'

// Real provider objects (no request is made: creating a model is local).
const anthropic = createAnthropic({ apiKey: 'test', baseURL: 'http://127.0.0.1:9/v1' })
const cerebras = createCerebras({ apiKey: 'test', baseURL: 'http://127.0.0.1:9/v1' })
const openai = createOpenAI({ apiKey: 'test', baseURL: 'http://127.0.0.1:9/v1' })
const gateway = createOpenAICompatible({ name: 'openai-compatible', apiKey: 'test', baseURL: 'http://127.0.0.1:9/v1' })

describe('isAnthropicModel', () => {
  const cases: [string, unknown, boolean][] = [
    ['provider/model string', 'anthropic/claude-sonnet-4-5', true],
    ['provider:model string', 'anthropic:claude-sonnet-4-5', true],
    ['AI SDK provider id', { provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' }, true],
    ['vertex-hosted Anthropic messages', { provider: 'vertex.anthropic.messages', modelId: 'claude-sonnet-4-5' }, true],
    ['gateway-style modelId', { provider: 'openai-compatible.chat', modelId: 'anthropic/claude-sonnet-4-5' }, true],
    ['gateway string with nested provider', 'openrouter/anthropic/claude-sonnet-4-5', true],
    ['lookalike prefix', 'anthropic-foo', false],
    ['lookalike prefix with model', 'anthropic-foo/claude', false],
    ['lookalike provider id', { provider: 'anthropic-foo.chat', modelId: 'claude' }, false],
    ['bare model name', 'claude-sonnet-4-5', false],
    ['bedrock model id', { provider: 'amazon-bedrock', modelId: 'anthropic.claude-3-5-sonnet-20240620-v1:0' }, false],
    ['other provider', 'openai/gpt-4o', false],
    ['cerebras object', { provider: 'cerebras.chat', modelId: 'llama-3.3-70b' }, false],
    ['array with one Anthropic model', ['openai/gpt-4o', 'anthropic/claude-sonnet-4-5'], true],
    ['array without', ['openai/gpt-4o', { provider: 'cerebras.chat', modelId: 'x' }], false],
    ['fallback entries', [{ model: 'openai/gpt-4o' }, { model: { provider: 'anthropic.messages', modelId: 'c' }, maxRetries: 2 }], true],
    ['fallback entries without', [{ model: 'openai/gpt-4o', maxRetries: 1 }], false],
    ['empty array', [], false],
    ['undefined', undefined, false],
    ['null', null, false],
    ['number', 42, false],
    ['object without provider or modelId', { name: 'anthropic' }, false],
  ]
  it.each(cases)('%s', (_label, model, expected) => {
    expect(isAnthropicModel(model)).toBe(expected)
  })

  it('recognises the real @ai-sdk model objects', () => {
    expect(isAnthropicModel(anthropic('claude-sonnet-4-5'))).toBe(true)
    expect(isAnthropicModel(openai('gpt-4o'))).toBe(false)
    expect(isAnthropicModel(openai.chat('gpt-4o'))).toBe(false)
    expect(isAnthropicModel(cerebras('llama-3.3-70b'))).toBe(false)
    expect(isAnthropicModel(gateway('anthropic/claude-sonnet-4-5'))).toBe(true)
    expect(isAnthropicModel(gateway('meta/llama'))).toBe(false)
  })
})

describe('isCerebrasModel', () => {
  const cases: [string, unknown, boolean][] = [
    ['provider/model string', 'cerebras/llama-3.3-70b', true],
    ['provider:model string', 'cerebras:llama-3.3-70b', true],
    ['AI SDK provider id', { provider: 'cerebras.chat', modelId: 'llama-3.3-70b' }, true],
    ['gateway-style modelId', { provider: 'openai-compatible.chat', modelId: 'cerebras/llama-3.3-70b' }, true],
    ['lookalike prefix', 'cerebras-foo', false],
    ['lookalike prefix with model', 'cerebras-foo/llama', false],
    ['other provider', 'anthropic/claude-sonnet-4-5', false],
    ['array with one Cerebras model', ['anthropic/claude', 'cerebras/llama'], true],
    ['fallback entries', [{ model: { provider: 'cerebras.chat', modelId: 'llama' } }], true],
    ['array without', ['anthropic/claude', 'openai/gpt-4o'], false],
  ]
  it.each(cases)('%s', (_label, model, expected) => {
    expect(isCerebrasModel(model)).toBe(expected)
  })

  it('recognises the real @ai-sdk/cerebras model object', () => {
    expect(isCerebrasModel(cerebras('llama-3.3-70b'))).toBe(true)
    expect(isCerebrasModel(anthropic('claude-sonnet-4-5'))).toBe(false)
  })
})

describe('isProviderModel', () => {
  it('matches the provider given, by whole segment', () => {
    expect(isProviderModel('openai/gpt-4o', 'openai')).toBe(true)
    expect(isProviderModel({ provider: 'openai.responses', modelId: 'gpt-4o' }, 'openai')).toBe(true)
    expect(isProviderModel({ provider: 'openai-compatible.chat', modelId: 'gpt-4o' }, 'openai')).toBe(false)
    expect(isProviderModel({ provider: 'openai-compatible.chat', modelId: 'gpt-4o' }, 'openai-compatible')).toBe(true)
  })
})

describe('describeModel', () => {
  it('splits strings at the first / or :', () => {
    expect(describeModel('anthropic/claude-sonnet-4-5')).toEqual({ provider: 'anthropic', modelId: 'claude-sonnet-4-5' })
    expect(describeModel('anthropic:claude')).toEqual({ provider: 'anthropic', modelId: 'claude' })
    expect(describeModel('openrouter/anthropic/claude')).toEqual({ provider: 'openrouter', modelId: 'anthropic/claude' })
    expect(describeModel('ollama/llama3:8b')).toEqual({ provider: 'ollama', modelId: 'llama3:8b' })
    expect(describeModel('gpt-4o')).toEqual({ provider: undefined, modelId: 'gpt-4o' })
  })

  it('reads model objects and fallback entries', () => {
    expect(describeModel(anthropic('claude-sonnet-4-5'))).toEqual({ provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' })
    expect(describeModel(cerebras('llama-3.3-70b'))).toEqual({ provider: 'cerebras.chat', modelId: 'llama-3.3-70b' })
    expect(describeModel({ model: 'cerebras/llama' })).toEqual({ provider: 'cerebras', modelId: 'llama' })
    expect(describeModel({ modelId: 'm' })).toEqual({ provider: undefined, modelId: 'm' })
  })

  it('returns undefined for lists and non-models', () => {
    expect(describeModel(['anthropic/claude'])).toBeUndefined()
    expect(describeModel(undefined)).toBeUndefined()
    expect(describeModel({ provider: 'anthropic.messages' })).toBeUndefined()
  })
})
