import { createOpenAI } from '@ai-sdk/openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from '../testing/fake-embeddings-server.ts'
import { aiSdkEmbedder } from './ai-sdk-embedder.ts'
import { EmbeddingTimeoutError, withEmbedTimeout } from './embed-timeout.ts'
import type { Embedder } from './types.ts'

// A provider that never answers a request containing 'hang'.
let server: FakeEmbeddingsServer
beforeAll(async () => {
  server = await startFakeEmbeddingsServer(undefined, { hangs: (input) => input.includes('hang') })
})
afterAll(() => server.close())

const providerEmbedder = () =>
  aiSdkEmbedder(createOpenAI({ apiKey: 'test-key', baseURL: server.baseURL }).embedding('text-embedding-3-small'), { maxRetries: 0 })

async function elapsed<T>(run: () => Promise<T>): Promise<{ ms: number; result: PromiseSettledResult<T> }> {
  const started = performance.now()
  const [result] = await Promise.allSettled([run()])
  return { ms: performance.now() - started, result }
}

describe('withEmbedTimeout', () => {
  it('aborts a call to a provider that never answers, with EmbeddingTimeoutError at the deadline', async () => {
    const embedder = withEmbedTimeout(providerEmbedder(), 200)
    const { ms, result } = await elapsed(() => embedder.embed(['hang']))
    expect(result.status).toBe('rejected')
    const error = (result as PromiseRejectedResult).reason
    expect(EmbeddingTimeoutError.isInstance(error)).toBe(true)
    expect(String(error)).toBe('EmbeddingTimeoutError: Embedder "openai/text-embedding-3-small": no answer within 200 ms: the call was aborted')
    expect(ms).toBeGreaterThanOrEqual(190)
    expect(ms).toBeLessThan(2_000)
  })

  it('gives up on an embedder that ignores the abort signal, and passes answers within the deadline through', async () => {
    const deaf: Embedder = { id: 'test/deaf', dimensions: 1, embed: () => new Promise(() => {}) }
    const { ms, result } = await elapsed(() => withEmbedTimeout(deaf, 100).embed(['a']))
    expect(result.status === 'rejected' && EmbeddingTimeoutError.isInstance(result.reason)).toBe(true)
    expect(ms).toBeLessThan(1_000)
    expect(await withEmbedTimeout(providerEmbedder(), 2_000).embed(['ab'])).toEqual([[2, 0]])
  })
})
