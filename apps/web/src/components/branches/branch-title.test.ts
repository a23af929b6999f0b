import { describe, expect, it } from 'vitest'
import { suggestBranchTitle } from './branch-title.ts'

describe('suggestBranchTitle', () => {
  it('takes the first six words, marking the cut', () => {
    expect(suggestBranchTitle('Can you book me a flight to Denver next Tuesday?')).toBe('Can you book me a flight…')
  })

  it('keeps a short message whole and collapses its whitespace', () => {
    expect(suggestBranchTitle('  Refund\n the   order ')).toBe('Refund the order')
  })

  it('cuts long words at a word boundary within 60 characters', () => {
    const title = suggestBranchTitle(`${'a'.repeat(30)} ${'b'.repeat(30)} ${'c'.repeat(5)}`)
    expect(title).toBe(`${'a'.repeat(30)}…`)
  })

  it('gives nothing for a message without words', () => {
    expect(suggestBranchTitle('  \n ')).toBe('')
  })
})
