import { describe, expect, it } from 'vitest'
import { splitAtMatch } from './highlight-match.ts'

describe('splitAtMatch', () => {
  it('splits the text around the first match (flags kept, global ignored)', () => {
    expect(splitAtMatch('a tool_use.id: bad; tool_use.id again', { source: 'TOOL_USE\\.ID', flags: 'gi' })).toEqual({
      before: 'a ',
      match: 'tool_use.id',
      after: ': bad; tool_use.id again',
    })
  })

  it('gives null for no match, an empty match or a pattern the browser rejects', () => {
    expect(splitAtMatch('abc', { source: 'x', flags: '' })).toBeNull()
    expect(splitAtMatch('abc', { source: 'x*', flags: '' })).toBeNull()
    expect(splitAtMatch('abc', { source: '(', flags: '' })).toBeNull()
  })
})
