import { describe, expect, it } from 'vitest'
import { formatModelLabel } from './model-label.ts'

describe('formatModelLabel', () => {
  it('keeps a provider/model id as it is', () => {
    expect(formatModelLabel('anthropic/claude-sonnet-4-5')).toBe('anthropic/claude-sonnet-4-5')
  })

  it('names the demo provider and an OpenAI-compatible server, which their ids do not explain', () => {
    expect(formatModelLabel('demo/scripted-replies')).toBe('Demo: scripted replies')
    expect(formatModelLabel('openai-compatible/llama3')).toBe('llama3 (OpenAI-compatible server)')
  })

  it("drops the API the AI SDK's provider id names after a dot, as a reply's metadata records it", () => {
    expect(formatModelLabel('openai.chat/gpt-4o')).toBe('openai/gpt-4o')
    expect(formatModelLabel('demo.chat/scripted-replies')).toBe('Demo: scripted replies')
  })

  it('shows a provider alone (no model id recorded) as it is', () => {
    expect(formatModelLabel('openai')).toBe('openai')
  })
})
