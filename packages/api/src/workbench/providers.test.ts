import { describe, expect, it } from 'vitest'
import { DEMO_MODEL, modelChoice, modelOption, NO_PROVIDER_HINT } from './providers.ts'

const models = (env: Record<string, string>) => modelChoice(env).models.map((option) => option.model)

describe('modelChoice', () => {
  it('offers only the scripted demo, and says which variable to set, when no provider is configured', () => {
    const choice = modelChoice({})
    expect(choice.models).toEqual([expect.objectContaining({ model: DEMO_MODEL, label: 'Demo: scripted replies', demo: true })])
    expect(choice.hint).toBe(NO_PROVIDER_HINT)
    expect(choice.hint).toContain('OPENAI_API_KEY')
    expect(choice.hint).toContain('OPENAI_COMPATIBLE_BASE_URL')
  })

  it('offers the models of configured providers with their context windows, and hides the demo', () => {
    const choice = modelChoice({ ANTHROPIC_API_KEY: 'sk-ant', OPENAI_API_KEY: ' ' })
    expect(choice.hint).toBeNull()
    expect(choice.models.map((option) => [option.model, option.contextWindow])).toEqual([
      ['anthropic/claude-sonnet-4-5', 200_000],
      ['anthropic/claude-haiku-4-5', 200_000],
    ])
  })

  it('shows the demo beside real providers only when THREADLINE_DEMO_PROVIDER=on; off hides it everywhere', () => {
    expect(models({ OPENAI_API_KEY: 'sk', THREADLINE_DEMO_PROVIDER: 'on' })).toContain(DEMO_MODEL)
    expect(models({ THREADLINE_DEMO_PROVIDER: 'off' })).toEqual([])
  })

  it('lists an OpenAI-compatible server (Ollama, vLLM) from its base URL and model list, with context windows', () => {
    const choice = modelChoice({ OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1', OPENAI_COMPATIBLE_MODELS: 'llama3.2=131072, qwen2.5-coder' })
    expect(choice.models.map((option) => [option.model, option.contextWindow, option.tokenCount])).toEqual([
      ['openai-compatible/llama3.2', 131_072, 'estimate'],
      ['openai-compatible/qwen2.5-coder', 8192, 'estimate'],
    ])
  })
})

describe('modelOption', () => {
  it('counts OpenAI models exactly with their encoding; other families are estimates', () => {
    expect(modelOption('openai-chat/gpt-4o', {})).toMatchObject({ contextWindow: 128_000, encoding: 'o200k_base', tokenCount: 'exact' })
    expect(modelOption('openai/gpt-4-turbo', {})).toMatchObject({ encoding: 'cl100k_base', tokenCount: 'exact' })
    expect(modelOption('anthropic/claude-sonnet-4-5', {})).toMatchObject({ contextWindow: 200_000, tokenCount: 'estimate' })
  })
})
