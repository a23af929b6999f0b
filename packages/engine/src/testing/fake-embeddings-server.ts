import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback server answering like OpenAI's (and OpenAI-compatible) `/embeddings`:
 * the vector of a text is `vectorOf(text, index)` (default [its length, its index in
 * the request]); every request's model and input are recorded.
 */
export type FakeEmbeddingsServer = {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseURL: string
  requests: { input: string[]; model: string }[]
  close(): Promise<void>
}

export async function startFakeEmbeddingsServer(
  vectorOf: (text: string, index: number) => number[] = (text, index) => [text.length, index],
): Promise<FakeEmbeddingsServer> {
  const requests: FakeEmbeddingsServer['requests'] = []
  const answer = (body: string, res: ServerResponse) => {
    const { input, model } = JSON.parse(body) as { input: string[]; model: string }
    requests.push({ input, model })
    res.setHeader('content-type', 'application/json')
    res.end(
      JSON.stringify({
        object: 'list',
        data: input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text, index) })),
        model,
        usage: { prompt_tokens: input.length, total_tokens: input.length },
      }),
    )
  }
  const server = createServer((req: IncomingMessage, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => answer(body, res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
