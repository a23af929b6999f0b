import { describe, expect, it } from 'vitest'
import type { StoredMessage } from '../messages/types.ts'
import { NAMED_DAY_BOOST, NAMED_SPEAKER_BOOST, NEIGHBOUR_SHARE, namedDays, namedSpeakers, rerankTextMatches } from './text-rerank.ts'

const message = (id: string, threadId: string, createdAt: string): StoredMessage => ({
  id,
  threadId,
  resourceId: 'r',
  role: 'user',
  type: 'v2',
  createdAt: new Date(createdAt),
  content: { format: 2, parts: [{ type: 'text', text: id }] },
})
const spoken = (id: string, speaker: string, createdAt: string): StoredMessage => {
  const base = message(id, 't', createdAt)
  return { ...base, content: { ...base.content, metadata: { speaker } } }
}
const match = (messageId: string, score: number, threadId = 't') => ({ messageId, threadId, score })
const oneThread = () => true

describe('namedDays', () => {
  it('reads the ways a question names a day, and nothing else', () => {
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`)
    expect(namedDays('What did Kate make on 29 Dec 2023?')).toEqual([day('2023-12-29')])
    expect(namedDays('before the 5th of January, 2024 and on January 6 2024')).toEqual([day('2024-01-05'), day('2024-01-06')])
    expect(namedDays('before December 23rd, 2023')).toEqual([day('2023-12-23')])
    expect(namedDays('on 10.01.2024 (day first) or 2024-02-03')).toEqual([day('2024-01-10'), day('2024-02-03')])
    expect(namedDays('on 31.02.2024, in 2024, at 10.5 km')).toEqual([])
  })
})

describe('namedSpeakers', () => {
  const chat = [spoken('a', 'Fahim Khan', '2024-01-01T10:00:00Z'), spoken('b', 'elise', '2024-01-01T10:01:00Z'), message('c', 't', '2024-01-01T10:02:00Z')]

  it('finds the speakers a question names by a word of their name, whatever its case or a possessive', () => {
    expect(namedSpeakers("What are Elise's hobbies?", chat)).toEqual(new Set(['elise']))
    expect(namedSpeakers('When did Khan and ELISE meet?', chat)).toEqual(new Set(['Fahim Khan', 'elise']))
    expect(namedSpeakers('What did Elisa cook?', chat)).toEqual(new Set())
  })
})

describe('rerankTextMatches', () => {
  const around = [
    message('a', 't', '2024-01-01T10:00:00Z'),
    message('b', 't', '2024-01-01T10:01:00Z'),
    message('c', 't', '2024-01-05T09:00:00Z'),
    message('d', 't', '2024-01-05T09:01:00Z'),
  ]

  it('lends a share of a top match score to its neighbours that are matches, and adds no message', () => {
    const ranked = rerankTextMatches('pasta recipe', [match('a', 10), match('c', 3), match('b', 2)], around, oneThread)
    // b: a's follower, c's predecessor (2 + 0.3 x 10 + 0.3 x 3); c: b's follower (3 + 0.3 x 2); a: b's predecessor; d: no match
    expect(ranked.map((m) => [m.messageId, m.score])).toEqual([
      ['a', 10 + NEIGHBOUR_SHARE * 2],
      ['b', 2 + NEIGHBOUR_SHARE * 13],
      ['c', 3 + NEIGHBOUR_SHARE * 2],
    ])
  })

  it('boosts the matches written on a day the query names or in the two days after', () => {
    const ranked = rerankTextMatches('pasta on 3 Jan 2024', [match('a', 10), match('d', 6)], around, oneThread)
    expect(ranked.map((m) => [m.messageId, m.score])).toEqual([
      ['d', 6 * NAMED_DAY_BOOST],
      ['a', 10],
    ])
  })

  it('boosts the matches written by a participant the query names; a message without a speaker never', () => {
    // far apart in time, so no neighbour shares: only the boost moves them
    const chat = [spoken('k', 'Kevin', '2024-01-01T10:00:00Z'), spoken('e', 'Elise', '2024-01-02T10:00:00Z'), message('x', 't', '2024-01-03T10:00:00Z')]
    const matches = [match('k', 10), match('x', 6), match('e', 4)]
    expect(rerankTextMatches('What pasta did Elise cook?', matches, chat, () => false).map((m) => [m.messageId, m.score])).toEqual([
      ['e', 4 * NAMED_SPEAKER_BOOST],
      ['k', 10],
      ['x', 6],
    ])
    expect(rerankTextMatches('What pasta did they cook?', matches, chat, () => false).map((m) => m.messageId)).toEqual(['k', 'x', 'e'])
  })

  it('finds neighbours within one sequence: another thread between two turns is skipped', () => {
    const mixed = [message('x', 't', '2024-01-01T10:00:00Z'), message('other', 'u', '2024-01-01T10:00:30Z'), message('y', 't', '2024-01-01T10:01:00Z')]
    const byThread = (p: StoredMessage, q: StoredMessage) => p.threadId === q.threadId
    const matches = [match('x', 5), match('other', 2, 'u'), match('y', 1)]
    expect(rerankTextMatches('word', matches, mixed, byThread).map((m) => [m.messageId, m.score])).toEqual([
      ['x', 5 + NEIGHBOUR_SHARE * 1],
      ['y', 1 + NEIGHBOUR_SHARE * 5],
      ['other', 2],
    ])
  })
})
