import { describe, expect, it } from 'vitest'
import { DEMO_LEXICAL_EMBEDDER_ID, demoLexicalEmbedder, demoLexicalVector } from './demo-lexical-embedder.ts'

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0)

function rank(query: string, texts: string[]): string[] {
  const queryVector = demoLexicalVector(query)
  return texts
    .map((text) => ({ text, score: cosine(queryVector, demoLexicalVector(text)) }))
    .sort((a, b) => b.score - a.score)
    .map(({ text }) => text)
}

describe('demoLexicalEmbedder', () => {
  it('ranks the broken-blender refund first for "kitchen appliance return", above unrelated and near-miss messages', () => {
    const target = 'I would like a refund for my broken blender, it stopped working after two days.'
    const others = [
      'What is the weather forecast for Paris tomorrow?',
      'Can you help me fix this TypeScript compile error in my function?',
      'Please return my call when you are back in the office.', // shares the word "return"
      'Our kitchen renovation is scheduled for next month.', // shares the word "kitchen"
      'Recommend a good pasta recipe for dinner tonight.',
      'My flight to Tokyo was delayed by three hours.',
      'How do I reset the password of my account?',
    ]
    const ranking = rank('kitchen appliance return', [...others, target])
    expect(ranking[0]).toBe(target)
  })

  it('matches word forms and concepts, not only identical words', () => {
    const query = demoLexicalVector('refunds for defective toasters')
    const related = cosine(query, demoLexicalVector('The toaster was faulty so I asked to return it'))
    const unrelated = cosine(query, demoLexicalVector('The concert last night had a great guitar solo'))
    expect(related).toBeGreaterThan(unrelated + 0.2)
  })

  it('returns unit vectors of 384 dimensions, deterministically, even for text without words', async () => {
    const embedder = demoLexicalEmbedder()
    expect(embedder.id).toBe(DEMO_LEXICAL_EMBEDDER_ID)
    const [first, again, symbols] = await embedder.embed(['Hello world', 'Hello world', '!!! ???'])
    expect(first).toHaveLength(384)
    expect(first).toEqual(again)
    for (const vector of [first!, symbols!]) expect(Math.hypot(...vector)).toBeCloseTo(1, 10)
  })
})
