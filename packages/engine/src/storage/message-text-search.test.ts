import { describe, expect, it } from 'vitest'
import { SNIPPET_MARK, snippetSegments } from './message-text-search.ts'

const { start, stop } = SNIPPET_MARK

describe('snippetSegments', () => {
  it('splits a marked headline into plain and matched runs', () => {
    expect(snippetSegments(`the ${start}tracking${stop} ${start}number${stop} is <b>here</b>`)).toEqual([
      { text: 'the ', match: false },
      { text: 'tracking', match: true },
      { text: ' ', match: false },
      { text: 'number', match: true },
      { text: ' is <b>here</b>', match: false },
    ])
  })

  it('merges adjacent runs of one kind and drops empty ones', () => {
    expect(snippetSegments(`${start}re${stop}${start}fund${stop}${start}${stop} ok`)).toEqual([
      { text: 'refund', match: true },
      { text: ' ok', match: false },
    ])
    expect(snippetSegments('')).toEqual([])
  })
})
