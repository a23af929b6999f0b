import { describe, expect, it } from 'vitest'
import { CONTENT_CHARS, conversation } from './messages.ts'

const base = { threadId: 't', resourceId: 'r', count: 400 }

function toolCallIds(messages: ReturnType<typeof conversation>): string[] {
  return messages.flatMap((m) => m.content.parts.flatMap((p) => (p.type === 'tool-invocation' ? [p.toolInvocation.toolCallId] : [])))
}

describe('conversation', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    expect(conversation(base)).toEqual(conversation(base))
    expect(conversation({ ...base, seed: 2 })[0]!.content).not.toEqual(conversation(base)[0]!.content)
  })

  it('keeps every message within the documented content size (JSON characters)', () => {
    const sizes = conversation(base).map((m) => JSON.stringify(m.content).length)
    // a few characters of rounding below the drawn target are allowed
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(CONTENT_CHARS.min - 5)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(CONTENT_CHARS.max)
  })

  it('mixes user text, assistant reasoning, tool invocations and answers, one second apart', () => {
    const messages = conversation(base)
    const partTypes = new Set(messages.flatMap((m) => m.content.parts.map((p) => p.type)))
    expect([...partTypes].sort()).toEqual(['reasoning', 'step-start', 'text', 'tool-invocation'])
    expect(new Set(messages.map((m) => m.role))).toEqual(new Set(['user', 'assistant']))
    expect(messages[1]!.createdAt.getTime() - messages[0]!.createdAt.getTime()).toBe(1000)
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length)
  })

  it('signs reasoning as asked', () => {
    const providers = (reasoning: 'openai' | 'anthropic' | 'mixed') =>
      new Set(
        conversation({ ...base, reasoning }).flatMap((m) =>
          m.content.parts.flatMap((p) => (p.type === 'reasoning' ? Object.keys(p.providerMetadata ?? {}) : [])),
        ),
      )
    expect(providers('anthropic')).toEqual(new Set(['anthropic']))
    expect(providers('openai')).toEqual(new Set(['openai']))
    expect(providers('mixed')).toEqual(new Set(['anthropic', 'openai']))
    expect(conversation({ ...base, reasoning: 'none' }).some((m) => m.content.parts.some((p) => p.type === 'reasoning'))).toBe(false)
  })

  it('gives tool calls IDs Anthropic accepts, or foreign ones when asked', () => {
    const valid = /^[a-zA-Z0-9_-]+$/
    expect(toolCallIds(conversation(base)).every((id) => valid.test(id))).toBe(true)
    const foreign = toolCallIds(conversation({ ...base, toolIds: 'foreign' }))
    expect(foreign.length).toBeGreaterThan(0)
    expect(foreign.every((id) => !valid.test(id))).toBe(true)
  })
})
