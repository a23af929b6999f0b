// The linear BPE counts ordinary text exactly as js-tiktoken does, a long run
// without spaces in linear time and within one token per 32-character cut,
// and stops at its time limit.
import { Tiktoken } from 'js-tiktoken/lite'
import o200k from 'js-tiktoken/ranks/o200k_base'
import { describe, expect, it } from 'vitest'
import { linearBpe, MAX_PIECE_CHARS } from './linear-bpe.ts'

const bpe = linearBpe('o200k_base', o200k)
const tiktoken = new Tiktoken(o200k)
const exact = (text: string) => tiktoken.encode(text, [], []).length

/** Letters without spaces, the same every run. */
function letters(length: number): string {
  let seed = 1
  return Array.from({ length }, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return 'abcdefghijklmnopqrstuvwxyz'[seed % 26]
  }).join('')
}

describe('linearBpe', () => {
  it('counts ordinary text exactly: prose, code, JSON, other scripts, whitespace runs, over many batches', () => {
    const texts = [
      '',
      'Where is my parcel 1Z999? It left Denver this morning.\n\n  Thanks!',
      'function add(a, b) {\n  return a + b // sum\n}\n\t\tindent',
      JSON.stringify({ city: 'Paris', unit: 'c', days: [1, 2, 3], note: "it's fine" }),
      '日本語のテキストと English mixed, émigré café — “quotes”.',
      'The quick brown fox jumps over the lazy dog. '.repeat(500),
      'a   b    \n\n   c\r\n',
      '<|endoftext|> special text is counted as text',
    ]
    for (const text of texts) expect(bpe.count(text), text.slice(0, 40)).toBe(exact(text))
  })

  it('cuts a run without spaces into 32-character pieces: at most one token more per cut', () => {
    const run = letters(1_500)
    const cuts = Math.ceil(run.length / MAX_PIECE_CHARS) - 1
    const counted = bpe.count(run) ?? 0
    expect(counted).toBeGreaterThanOrEqual(exact(run))
    expect(counted).toBeLessThanOrEqual(exact(run) + cuts)
  })

  it('counts 100,000 characters without spaces in linear time (js-tiktoken alone: 38 s for 16,000)', () => {
    const started = performance.now()
    expect(bpe.count('x'.repeat(100_000))).toBe(12_500)
    expect(bpe.count(letters(100_000))).toBeGreaterThan(40_000)
    expect(performance.now() - started).toBeLessThan(20_000)
  }, 30_000)

  it('answers undefined when its time limit passes before the text is counted', () => {
    expect(bpe.count(letters(10_000), performance.now() - 1)).toBeUndefined()
  })
})
