import { describe, expect, it } from 'vitest'
import type { LanguageModelPrompt } from '../types.ts'
import { stripAssistantReasoning } from './strip-assistant-reasoning.ts'
import { bareReasoning, deepFreeze, mixedPrompt, openaiReasoning, signedThinking } from './test-fixtures.ts'

describe('stripAssistantReasoning', () => {
  it('returns undefined (no copy) when no part is selected', () => {
    const prompt = deepFreeze(mixedPrompt())
    let asked = 0
    expect(
      stripAssistantReasoning(prompt, () => {
        asked++
        return false
      }),
    ).toBeUndefined()
    expect(asked).toBe(4) // every assistant reasoning part was considered
  })

  it('removes only the selected parts, keeps untouched messages by identity, never mutates the input', () => {
    const prompt = deepFreeze(mixedPrompt())
    const next = stripAssistantReasoning(prompt, (part) => part === openaiReasoning)
    expect(next).toBeDefined()
    expect(next).toHaveLength(prompt.length)
    expect(next![2]).not.toBe(prompt[2])
    expect(next![2]).toEqual({ ...prompt[2], content: (prompt[2]!.content as unknown[]).slice(1) })
    prompt.forEach((message, i) => {
      if (i !== 2) expect(next![i]).toBe(message)
    })
    expect(prompt).toEqual(mixedPrompt())
  })

  it('keeps the parts before and after a stripped part in order', () => {
    const prompt: LanguageModelPrompt = [
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'a' }, bareReasoning, { type: 'text', text: 'b' }, bareReasoning, { type: 'text', text: 'c' }],
      },
    ]
    const next = stripAssistantReasoning(prompt, () => true)
    expect(next).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
          { type: 'text', text: 'c' },
        ],
      },
    ])
  })

  it('drops an assistant message left empty and keeps its providerOptions on survivors', () => {
    const prompt = deepFreeze<LanguageModelPrompt>([
      { role: 'user', content: [{ type: 'text', text: 'q1' }] },
      { role: 'assistant', content: [bareReasoning] },
      { role: 'user', content: [{ type: 'text', text: 'q2' }] },
      { role: 'assistant', content: [bareReasoning, { type: 'text', text: 'a2' }], providerOptions: { x: { y: 1 } } },
    ])
    const next = stripAssistantReasoning(prompt, () => true)
    expect(next).toEqual([prompt[0], prompt[2], { role: 'assistant', content: [{ type: 'text', text: 'a2' }], providerOptions: { x: { y: 1 } } }])
    expect(next![0]).toBe(prompt[0])
    expect(next![1]).toBe(prompt[2])
  })

  it('never touches reasoning outside assistant messages or non-reasoning parts', () => {
    const prompt = deepFreeze<LanguageModelPrompt>([
      { role: 'system', content: 'reasoning' },
      { role: 'user', content: [{ type: 'text', text: 'reasoning' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'x' }, signedThinking] },
    ])
    const next = stripAssistantReasoning(prompt, (part) => part !== signedThinking)
    expect(next).toBeUndefined()
  })
})
