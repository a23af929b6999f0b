import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback server answering like OpenAI's (and OpenAI-compatible) `/embeddings`:
 * the vector of a text is `vectorOf(text, index)` (default [its length, its index in
 * the request]); every request's model and input are recorded. `faults` make it
 * misbehave like a real provider: never answer a request (`hangs`), or refuse one
 * with a 400 naming the offending input (`rejects`, as a provider refuses an input
 * over its token limit).
 */
export type FakeEmbeddingsServer = {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseURL: string
  requests: { input: string[]; model: string }[]
  close(): Promise<void>
}

export type FakeEmbeddingsFaults = {
  /** the request is read and recorded, then never answered (until `close()`) */
  hangs?: (input: string[]) => boolean
  /** a request with such a text is refused with a 400 invalid_request_error */
  rejects?: (text: string) => boolean
}

export async function startFakeEmbeddingsServer(
  vectorOf: (text: string, index: number) => number[] = (text, index) => [text.length, index],
  faults: FakeEmbeddingsFaults = {},
): Promise<FakeEmbeddingsServer> {
  const requests: FakeEmbeddingsServer['requests'] = []
  const answer = (body: string, res: ServerResponse) => {
    const { input, model } = JSON.parse(body) as { input: string[]; model: string }
    requests.push({ input, model })
    if (faults.hangs?.(input)) return
    res.setHeader('content-type', 'application/json')
    const rejected = input.findIndex((text) => faults.rejects?.(text) === true)
    if (rejected !== -1) {
      res.statusCode = 400
      res.end(JSON.stringify({ error: { message: `input[${rejected}] is not accepted`, type: 'invalid_request_error', param: 'input', code: null } }))
      return
    }
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // hanging requests would hold close() open forever
        server.closeAllConnections()
      }),
  }
}
