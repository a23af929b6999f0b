import { embed, embedMany, cosineSimilarity } from 'ai'
import { describe, expect, it } from 'vitest'
import { UNIVERSAL_SENTENCE_ENCODER_DIMENSIONS, universalSentenceEncoder } from './universal-sentence-encoder.ts'

describe('universalSentenceEncoder', () => {
  const model = universalSentenceEncoder()

  it('embeds through the AI SDK: one unit-length 512-dimension vector per text, in order, empty text included', async () => {
    const texts = ['Where is my parcel?', '', 'x'.repeat(5_000), 'Où est mon colis ?']
    const { embeddings } = await embedMany({ model, values: texts })
    expect(embeddings).toHaveLength(texts.length)
    for (const vector of embeddings) {
      expect(vector).toHaveLength(UNIVERSAL_SENTENCE_ENCODER_DIMENSIONS)
      expect(Math.hypot(...vector)).toBeCloseTo(1, 3)
    }
    const again = await embed({ model, value: 'Where is my parcel?' })
    expect(cosineSimilarity(again.embedding, embeddings[0]!)).toBeCloseTo(1, 5)
  })

  it('puts a paraphrase with no shared word above an unrelated text', async () => {
    const pairs = [
      ['the database ran out of connections', 'connection pool exhausted on the primary', 'restore drill scheduled for friday'],
      ['When is my flight to Lisbon?', 'Your plane to Portugal departs at 7:40 on Tuesday', 'I read a book about Lisbon history'],
    ]
    for (const values of pairs) {
      const [query, paraphrase, unrelated] = (await embedMany({ model, values })).embeddings
      expect(cosineSimilarity(query!, paraphrase!)).toBeGreaterThan(cosineSimilarity(query!, unrelated!) + 0.2)
    }
  })

  it('splits batches over 64 texts (maxEmbeddingsPerCall) and honours an aborted signal', async () => {
    const values = Array.from({ length: 130 }, (_, i) => `message number ${i}`)
    expect((await embedMany({ model, values })).embeddings).toHaveLength(130)
    await expect(embedMany({ model, values: ['a'], abortSignal: AbortSignal.abort(), maxRetries: 0 })).rejects.toThrow()
  })
})
