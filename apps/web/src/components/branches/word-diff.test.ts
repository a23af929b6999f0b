import { describe, expect, it } from 'vitest'
import { diffWords } from './word-diff.ts'

const marked = (parts: { text: string; changed: boolean }[]) => parts.filter((part) => part.changed).map((part) => part.text)
const whole = (parts: { text: string }[]) => parts.map((part) => part.text).join('')

describe('diffWords', () => {
  it('marks the words each side has that the other has not', () => {
    const diff = diffWords('Book a flight to Denver on Tuesday', 'Book a train to Denver on Friday')
    expect(marked(diff.a)).toEqual(['flight', 'Tuesday'])
    expect(marked(diff.b)).toEqual(['train', 'Friday'])
  })

  it('rebuilds each text exactly, whitespace included', () => {
    const a = 'one  two\nthree'
    const b = 'one two three four'
    const diff = diffWords(a, b)
    expect(whole(diff.a)).toBe(a)
    expect(whole(diff.b)).toBe(b)
    expect(marked(diff.b)).toEqual([' four'])
  })

  it('marks nothing when the texts are equal, everything when they share no word', () => {
    expect(marked(diffWords('same words', 'same words').a)).toEqual([])
    const disjoint = diffWords('alpha beta', 'gamma')
    expect(marked(disjoint.a)).toEqual(['alpha beta'])
    expect(marked(disjoint.b)).toEqual(['gamma'])
  })

  it('joins neighbouring changed words into one segment', () => {
    expect(diffWords('keep a b c keep', 'keep x keep').a).toEqual([
      { text: 'keep ', changed: false },
      { text: 'a b c', changed: true },
      { text: ' keep', changed: false },
    ])
  })
})
