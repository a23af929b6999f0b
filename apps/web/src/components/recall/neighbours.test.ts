import type { StoredMessage } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { neighboursOf } from './neighbours.ts'

const message = (id: string, threadId = 't'): StoredMessage => ({
  id,
  threadId,
  resourceId: 'r',
  role: 'user',
  createdAt: new Date(0),
  content: { format: 2, parts: [{ type: 'text', text: id }] },
})

describe('neighboursOf', () => {
  const context = [message('a'), message('b'), message('c'), message('x', 'other'), message('d')]

  it('gives the messages right before and after the match in its own thread', () => {
    const { before, after } = neighboursOf(message('c'), context)
    expect(before.map((entry) => entry.id)).toEqual(['b'])
    expect(after.map((entry) => entry.id)).toEqual(['d'])
  })

  it('stops at the ends and returns nothing for a match missing from the context', () => {
    expect(neighboursOf(message('a'), context, 2)).toMatchObject({ before: [], after: [{ id: 'b' }, { id: 'c' }] })
    expect(neighboursOf(message('zzz'), context)).toEqual({ before: [], after: [] })
  })
})
