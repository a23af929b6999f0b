import { describe, expect, it } from 'vitest'
import { deepFreeze, mixedPrompt } from '../test-fixtures.ts'
import { CEREBRAS_STRIP_REASONING_CONTENT, cerebrasStripReasoningContent } from './cerebras-strip-reasoning-content.ts'

const apply = cerebrasStripReasoningContent.applyToPrompt!

describe('cerebras-strip-reasoning-content', () => {
  it('is named and proactive only', () => {
    expect(cerebrasStripReasoningContent.name).toBe(CEREBRAS_STRIP_REASONING_CONTENT)
    expect(CEREBRAS_STRIP_REASONING_CONTENT).toBe('cerebras-strip-reasoning-content')
    expect(cerebrasStripReasoningContent.fix).toBeUndefined()
  })

  it.each(['anthropic/claude-sonnet-4-5', 'openai/gpt-4o', 'cerebras-foo/llama', { provider: 'anthropic.messages', modelId: 'claude' }])(
    'leaves the prompt alone for %j',
    (model) => {
      expect(apply({ prompt: deepFreeze(mixedPrompt()), model })).toBeUndefined()
    },
  )

  it.each([
    'cerebras/llama-3.3-70b',
    { provider: 'cerebras.chat', modelId: 'gpt-oss-120b' },
    { provider: 'openai-compatible.chat', modelId: 'cerebras/qwen-3-32b' },
    ['anthropic/claude', 'cerebras/llama'],
  ])('removes every assistant reasoning part for %j, whoever produced it', (model) => {
    const prompt = deepFreeze(mixedPrompt())
    const next = apply({ prompt, model })!
    expect(next.some((m) => m.role === 'assistant' && m.content.some((p) => p.type === 'reasoning'))).toBe(false)
    // the reasoning-only assistant message (index 6) is dropped, texts and tool calls stay
    expect(next).toHaveLength(prompt.length - 1)
    expect(next.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user', 'user', 'assistant', 'user'])
    expect(next[2]!.content).toEqual([
      { type: 'text', text: 'Let me check.' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: { city: 'Paris' } },
    ])
    expect(next[3]).toBe(prompt[3])
  })

  it('returns undefined for a Cerebras prompt without reasoning', () => {
    const prompt = deepFreeze(mixedPrompt().filter((m) => m.role !== 'assistant'))
    expect(apply({ prompt, model: 'cerebras/llama' })).toBeUndefined()
  })
})
