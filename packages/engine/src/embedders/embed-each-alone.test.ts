import { createOpenAI } from '@ai-sdk/openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from '../testing/fake-embeddings-server.ts'
import { aiSdkEmbedder } from './ai-sdk-embedder.ts'
import { embedEachAlone } from './embed-each-alone.ts'
import { EmbeddingTimeoutError, withEmbedTimeout } from './embed-timeout.ts'

// A provider that refuses any request holding a text starting with 'bad' (400,
// as for an input over the token limit) and never answers one holding 'hang'.
let server: FakeEmbeddingsServer
beforeAll(async () => {
  server = await startFakeEmbeddingsServer(undefined, { rejects: (text) => text.startsWith('bad'), hangs: (input) => input.includes('hang') })
})
afterAll(() => server.close())

const embedder = () =>
  withEmbedTimeout(aiSdkEmbedder(createOpenAI({ apiKey: 'test-key', baseURL: server.baseURL }).embedding('text-embedding-3-small'), { maxRetries: 0 }), 300)

describe('embedEachAlone', () => {
  it('embeds a batch in one call when the provider takes it', async () => {
    server.requests.length = 0
    expect(await embedEachAlone(embedder(), ['a', 'bb'])).toEqual({ outcomes: [{ embedding: [1, 0] }, { embedding: [2, 1] }], dimensions: 2 })
    expect(server.requests).toHaveLength(1)
  })

  it('fails a refused text alone, with the provider reason, and embeds its neighbours', async () => {
    server.requests.length = 0
    const texts = ['t0', 't1', 't2', 'bad3', 't4', 't5', 't6', 't7']
    const { outcomes } = await embedEachAlone(embedder(), texts)
    expect(outcomes.map((outcome) => ('embedding' in outcome ? 'vector' : String(outcome.error)))).toEqual([
      'vector',
      'vector',
      'vector',
      'AI_APICallError: input[0] is not accepted',
      'vector',
      'vector',
      'vector',
      'vector',
    ])
    // 8 refused; t0-bad3 refused, t0-t1 taken, t2-bad3 refused, t2 taken, bad3 refused; t4-t7 taken whole
    expect(server.requests.map((request) => request.input)).toEqual([texts, texts.slice(0, 4), ['t0', 't1'], ['t2', 'bad3'], ['t2'], ['bad3'], texts.slice(4)])
  })

  it('throws when every text is refused (nothing singles one out), and at once on an outage', async () => {
    await expect(embedEachAlone(embedder(), ['bad1', 'bad2'])).rejects.toThrow('input[0] is not accepted')
    server.requests.length = 0
    await expect(embedEachAlone(embedder(), ['a', 'hang'])).rejects.toSatisfy((error) => EmbeddingTimeoutError.isInstance(error))
    expect(server.requests).toHaveLength(1) // not split: a provider that is down gets no more calls
  })
})
