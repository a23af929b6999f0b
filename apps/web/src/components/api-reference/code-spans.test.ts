import { describe, expect, it } from 'vitest'
import { codeSpans } from './code-spans.ts'

describe('codeSpans', () => {
  it('turns each backtick pair into a code part without the backticks', () => {
    expect(codeSpans('Calls the tRPC procedure `messages.save` with the same input.')).toEqual([
      { text: 'Calls the tRPC procedure ', code: false },
      { text: 'messages.save', code: true },
      { text: ' with the same input.', code: false },
    ])
    expect(codeSpans('`a` and `b`')).toEqual([
      { text: 'a', code: true },
      { text: ' and ', code: false },
      { text: 'b', code: true },
    ])
  })

  it('leaves text without a pair as it is', () => {
    expect(codeSpans('plain words')).toEqual([{ text: 'plain words', code: false }])
    expect(codeSpans('one ` alone')).toEqual([{ text: 'one ` alone', code: false }])
    expect(codeSpans('')).toEqual([])
  })
})
