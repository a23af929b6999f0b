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

  it('embeds on its own thread: the event loop stays free while a big batch is embedded (issue 32)', async () => {
    await embed({ model, value: 'warm-up: the weights load here' })
    const values = Array.from({ length: 64 }, (_, i) => `message ${i}: the parcel was due on monday but the courier never came`)
    // the longest gap between ticks of a 5 ms timer (a blocked loop fires none, so a histogram of timer delays would stay empty)
    let lastTick = performance.now()
    let longestGap = 0
    const ticker = setInterval(() => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - lastTick)
      lastTick = now
    }, 5)
    const started = performance.now()
    await embedMany({ model, values })
    const embeddingMs = performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 20))
    clearInterval(ticker)
    // on the request thread the batch held the loop for its whole length (~3 s here, gap ~ embeddingMs)
    expect(embeddingMs).toBeGreaterThan(200)
    expect(longestGap).toBeLessThan(embeddingMs / 5)
  }, 60_000)
})
