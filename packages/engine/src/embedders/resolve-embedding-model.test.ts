import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ModelResolutionError } from '../errors/index.ts'
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from '../testing/fake-embeddings-server.ts'
import { aiSdkEmbedder } from './ai-sdk-embedder.ts'
import { resolveEmbeddingModel } from './resolve-embedding-model.ts'

let server: FakeEmbeddingsServer
beforeAll(async () => {
  server = await startFakeEmbeddingsServer()
})
afterAll(() => server.close())

describe('resolveEmbeddingModel', () => {
  it('resolves openai:<id> through the provider registry to @ai-sdk/openai, with OPENAI_BASE_URL and OPENAI_API_KEY', async () => {
    const model = resolveEmbeddingModel('openai:text-embedding-3-small', { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.baseURL })
    const embedder = aiSdkEmbedder(model)
    expect(embedder.id).toBe('openai/text-embedding-3-small')
    server.requests.length = 0
    expect(await embedder.embed(['tracking number', 'hi'])).toEqual([
      [15, 0],
      [2, 1],
    ])
    expect(server.requests).toEqual([{ input: ['tracking number', 'hi'], model: 'text-embedding-3-small' }])
  })

  it('resolves any other provider as OpenAI-compatible at <PROVIDER>_BASE_URL', async () => {
    const model = resolveEmbeddingModel('local-llm:nomic-embed-text', { LOCAL_LLM_BASE_URL: server.baseURL })
    const embedder = aiSdkEmbedder(model)
    expect(embedder.id).toBe('local-llm/nomic-embed-text')
    server.requests.length = 0
    expect(await embedder.embed(['abc'])).toEqual([[3, 0]])
    expect(server.requests).toEqual([{ input: ['abc'], model: 'nomic-embed-text' }])
  })

  it('refuses a malformed string, a provider without embeddings and an unknown provider without a base URL', () => {
    for (const [model, message] of [
      ['openai/text-embedding-3-small', 'expected "provider:model-id"'],
      ['openai:', 'expected "provider:model-id"'],
      ['anthropic:claude', 'anthropic has no embedding models'],
      ['mystery:embed', 'set MYSTERY_BASE_URL'],
    ] as const) {
      let error: unknown
      try {
        resolveEmbeddingModel(model, {})
      } catch (caught) {
        error = caught
      }
      expect(ModelResolutionError.isInstance(error), model).toBe(true)
      expect((error as Error).message).toContain(message)
    }
  })
})
