import { describe, expect, it } from 'vitest'
import { BM25, forEachTerm, rankByBm25 } from './bm25-scores.ts'

const terms = (text: string) => {
  const found: [string, number][] = []
  forEachTerm(text, (lexeme, tf) => found.push([lexeme, tf]))
  return found
}

describe('forEachTerm', () => {
  it("reads each lexeme of a tsvector's text with its positions' count, quotes doubled inside a lexeme, 1 without positions", () => {
    expect(terms("'blender':3A,17A,20A 'it''s':5A 'refund' 'x''':9A")).toEqual([
      ['blender', 3],
      ["it''s", 1],
      ['refund', 1],
      ["x''", 1],
    ])
    expect(terms('')).toEqual([])
  })

  it('stops at a lexeme left unclosed after a doubled quote, the lexemes before it read', () => {
    expect(terms("'ok':1 'abc''")).toEqual([['ok', 1]])
  })
})

describe('rankByBm25', () => {
  const { k1, b } = BM25
  it('scores Okapi BM25 with the candidates as the collection, best first, the newer (earlier candidate) first on a tie', () => {
    const candidates = {
      scopeSize: 10,
      ids: ['new', 'mid', 'old', 'none'],
      threadIds: ['t', 't', 't', 't'],
      lengths: [4, 4, 8, 2],
      hits: ["'rare':1A", "'rare':2A", "'common':1A,2A 'rare':3A", ''],
    }
    const average = (4 + 4 + 8 + 2) / 4
    const idf = (df: number) => Math.log(1 + (10 - df + 0.5) / (df + 0.5))
    const part = (tf: number, length: number) => (tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / average))
    const ranked = rankByBm25(candidates, 3)
    expect(ranked.map((match) => match.messageId)).toEqual(['old', 'new', 'mid'])
    expect(ranked[0]?.score).toBeCloseTo(idf(1) * part(2, 8) + idf(3) * part(1, 8), 12)
    expect(ranked[1]?.score).toBeCloseTo(idf(3) * part(1, 4), 12)
    expect(rankByBm25(candidates, 1).map((match) => match.messageId)).toEqual(['old'])
  })

  it('returns nothing for no candidates, and never a candidate without a query word', () => {
    expect(rankByBm25({ scopeSize: 0, ids: [], threadIds: [], lengths: [], hits: [] }, 10)).toEqual([])
    expect(rankByBm25({ scopeSize: 5, ids: ['a'], threadIds: ['t'], lengths: [3], hits: [''] }, 10)).toEqual([])
  })
})
