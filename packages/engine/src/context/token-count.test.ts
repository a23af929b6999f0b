import { describe, expect, it } from 'vitest'
import { approximateTokenCounter, countPrompt, TokenTally, type TokenCounter } from './token-count.ts'

const approximate = (text: string) => (approximateTokenCounter.countAll([text]) as number[])[0]

describe('approximateTokenCounter', () => {
  it('counts a token per 4 bytes of UTF-8, rounded up', () => {
    expect(approximateTokenCounter.countAll(['', 'abcd', 'abcde'])).toEqual([0, 1, 2])
    // three bytes a character: CJK text is not under-counted
    expect(approximate('日本語の')).toBe(3)
  })

  it('is linear in a long run without spaces', () => {
    expect(approximate('x'.repeat(100_000))).toBe(25_000)
  })
})

/** Counts characters, later (as a worker would), and records each batch it was asked. */
function recordingCounter(): TokenCounter & { batches: string[][] } {
  const batches: string[][] = []
  return {
    batches,
    countAll: async (texts) => {
      batches.push([...texts])
      await new Promise((resolve) => setImmediate(resolve))
      return texts.map((text) => text.length)
    },
  }
}

describe('countPrompt', () => {
  it('counts the texts on the wire: system, text, tool call name and arguments, tool results', async () => {
    const total = await countPrompt(recordingCounter(), [
      { role: 'system', content: 'sys' },
      { role: 'user', content: [{ type: 'text', text: 'hello' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'get', input: { a: 1 } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'get', output: { type: 'json', value: { b: 2 } } }] },
    ])
    expect(total).toBe(3 + 5 + 3 + '{"a":1}'.length + '{"b":2}'.length)
  })
})

describe('TokenTally', () => {
  it('asks the counter once per batch, for texts it has not counted yet, and answers from them', async () => {
    const counter = recordingCounter()
    const tally = new TokenTally(counter)
    await tally.add(['aa', 'bbb', 'aa'])
    await tally.add(['bbb', 'cccc'])
    await tally.add(['aa'])
    expect(counter.batches).toEqual([['aa', 'bbb'], ['cccc']])
    expect([tally.count('aa'), tally.count('bbb'), tally.count('cccc')]).toEqual([2, 3, 4])
  })

  it('refuses a text that was not added (the caller forgot a batch)', () => {
    expect(() => new TokenTally(approximateTokenCounter).count('never added')).toThrow(/not added/)
  })
})
