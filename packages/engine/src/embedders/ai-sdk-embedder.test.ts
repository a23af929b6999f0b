import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createOpenAI } from '@ai-sdk/openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddingModelId } from './ai-sdk-embedder.ts'
import { embedInBatches } from './embed-in-batches.ts'
import { resolveEmbedder } from './resolve-embedder.ts'

// A loopback server answering like OpenAI's /v1/embeddings: the vector of a
// text is [its length, its index in the request].
const requests: { input: string[]; model: string }[] = []
async function readBody(req: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of req) body += (chunk as Buffer).toString()
  return body
}

const server = createServer((req: IncomingMessage, res) => {
  void readBody(req).then((body) => answer(body, res))
})

function answer(body: string, res: ServerResponse): void {
  const { input, model } = JSON.parse(body) as { input: string[]; model: string }
  requests.push({ input, model })
  res.setHeader('content-type', 'application/json')
  res.end(
    JSON.stringify({
      object: 'list',
      data: input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length, index] })),
      model,
      usage: { prompt_tokens: input.length, total_tokens: input.length },
    }),
  )
}

let baseURL = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('AI SDK embedding models', () => {
  it('uses openai.embedding(...) unchanged, with the id provider/modelId', async () => {
    const openai = createOpenAI({ apiKey: 'test-key', baseURL })
    const embedder = resolveEmbedder(openai.embedding('text-embedding-3-small'))
    expect(embedder.id).toBe('openai/text-embedding-3-small')

    requests.length = 0
    const result = await embedInBatches(embedder, ['a', 'bb', 'ccc'], 2)
    expect(result).toEqual({
      dimensions: 2,
      embeddings: [
        [1, 0],
        [2, 1],
        [3, 0],
      ],
    })
    expect(requests).toEqual([
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
