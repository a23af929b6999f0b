import { describe, expect, it } from 'vitest'
import { approximateTokenCounter, countPrompt } from './token-count.ts'

describe('approximateTokenCounter', () => {
  it('counts a token per 4 bytes of UTF-8, rounded up', () => {
    expect(approximateTokenCounter.count('')).toBe(0)
    expect(approximateTokenCounter.count('abcd')).toBe(1)
    expect(approximateTokenCounter.count('abcde')).toBe(2)
    // three bytes a character: CJK text is not under-counted
    expect(approximateTokenCounter.count('日本語の')).toBe(3)
  })

  it('is linear in a long run without spaces', () => {
    expect(approximateTokenCounter.count('x'.repeat(100_000))).toBe(25_000)
  })
})

describe('countPrompt', () => {
  it('counts the texts on the wire: system, text, tool call name and arguments, tool results', () => {
    const counter = { count: (text: string) => text.length }
    const total = countPrompt(counter, [
      { role: 'system', content: 'sys' },
      { role: 'user', content: [{ type: 'text', text: 'hello' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'get', input: { a: 1 } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'get', output: { type: 'json', value: { b: 2 } } }] },
    ])
    expect(total).toBe(3 + 5 + 3 + '{"a":1}'.length + '{"b":2}'.length)
  })
})
