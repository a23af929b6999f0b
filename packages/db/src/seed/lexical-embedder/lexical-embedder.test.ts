import { describe, expect, it } from 'vitest'
import { LEXICAL_EMBEDDER_ID, lexicalEmbedder, lexicalVector } from './lexical-embedder.ts'

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0)

describe('lexicalEmbedder', () => {
  it('is lexical: shared words and word forms make texts close, meaning alone does not', () => {
    const query = lexicalVector('refunds for broken blenders')
    const sameWords = cosine(query, lexicalVector('I want a refund, my blender is broken'))
    const sameMeaning = cosine(query, lexicalVector('Money back for the faulty kitchen appliance'))
    const unrelated = cosine(query, lexicalVector('The concert last night had a great guitar solo'))
    expect(sameWords).toBeGreaterThan(sameMeaning + 0.2)
    // honest: no concept list, so a paraphrase without shared words is about as far as an unrelated text
    expect(Math.abs(sameMeaning - unrelated)).toBeLessThan(0.15)
  })

  it('catches typos through character trigrams', () => {
    const query = lexicalVector('tracking number')
    expect(cosine(query, lexicalVector('trackng numbr'))).toBeGreaterThan(cosine(query, lexicalVector('weather forecast')) + 0.2)
  })

  it('returns unit vectors of 384 dimensions, deterministically, even for text without words', async () => {
    const embedder = lexicalEmbedder()
    expect(embedder.id).toBe(LEXICAL_EMBEDDER_ID)
    const [first, again, symbols] = await embedder.embed(['Hello world', 'Hello world', '!!! ???'])
    expect(first).toHaveLength(384)
    expect(first).toEqual(again)
    for (const vector of [first!, symbols!]) expect(Math.hypot(...vector)).toBeCloseTo(1, 10)
  })
})
