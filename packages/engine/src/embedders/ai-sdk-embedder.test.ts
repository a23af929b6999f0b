import { createOpenAI } from '@ai-sdk/openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from '../testing/fake-embeddings-server.ts'
import { embeddingModelId } from './ai-sdk-embedder.ts'
import { embedInBatches } from './embed-in-batches.ts'
import { resolveEmbedder } from './resolve-embedder.ts'

// A loopback server answering like OpenAI's /v1/embeddings: the vector of a
// text is [its length, its index in the request].
let server: FakeEmbeddingsServer
beforeAll(async () => {
  server = await startFakeEmbeddingsServer()
})
afterAll(() => server.close())

describe('AI SDK embedding models', () => {
  it('uses openai.embedding(...) unchanged, with the id provider/modelId', async () => {
    const openai = createOpenAI({ apiKey: 'test-key', baseURL: server.baseURL })
    const embedder = resolveEmbedder(openai.embedding('text-embedding-3-small'))
    expect(embedder.id).toBe('openai/text-embedding-3-small')

    server.requests.length = 0
    const result = await embedInBatches(embedder, ['a', 'bb', 'ccc'], 2)
    expect(result).toEqual({
      dimensions: 2,
      embeddings: [
        [1, 0],
        [2, 1],
        [3, 0],
      ],
    })
    expect(server.requests).toEqual([
      { input: ['a', 'bb'], model: 'text-embedding-3-small' },
      { input: ['ccc'], model: 'text-embedding-3-small' },
    ])
  })

  it('names models by provider without the sub-API suffix', () => {
    expect(embeddingModelId({ provider: 'openai.embedding', modelId: 'text-embedding-3-large' })).toBe('openai/text-embedding-3-large')
    expect(embeddingModelId({ provider: 'mistral', modelId: 'mistral-embed' })).toBe('mistral/mistral-embed')
  })

  it('passes an Embedder through as it is', () => {
    const embedder = { id: 'custom/one', embed: async (values: string[]) => values.map(() => [1]) }
    expect(resolveEmbedder(embedder)).toBe(embedder)
  })
})
