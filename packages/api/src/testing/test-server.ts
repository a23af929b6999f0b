// The API endpoints on a loopback port (node:http in front of the same fetch
// handlers Next serves: tRPC, REST, OpenAPI), for integration tests over real HTTP.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { handleApiRequest } from '../api-handler.ts'
import { stampPeerAddress } from '../auth/client-address.ts'
import type { Services } from '../services.ts'

export type TestServer = { url: string; close(): Promise<void> }

async function toRequest(incoming: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item)
  }
  const chunks: Buffer[] = []
  for await (const chunk of incoming) chunks.push(chunk as Buffer)
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD'
  return new Request(new URL(incoming.url ?? '/', origin), {
    method: incoming.method ?? 'GET',
    headers,
    signal,
    ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
  })
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  outgoing.writeHead(response.status, headers)
  // streamed answers (httpBatchStreamLink) are written as they come, like Next does
  if (response.body) for await (const chunk of response.body) outgoing.write(chunk)
  outgoing.end()
}

export async function startTestServer(services: Services): Promise<TestServer> {
  let origin = ''
  const server = createServer((incoming, outgoing) => {
    // the client going away aborts the request, as in Next: a streaming procedure sees its `signal` abort
    const aborted = new AbortController()
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) aborted.abort()
    })
    // as Next's server does (apps/web/instrumentation.ts): the socket's address, stamped over whatever the client sent
    stampPeerAddress(incoming)
    toRequest(incoming, origin, aborted.signal)
      .then((request) => handleApiRequest(request, services))
      .then((response) => send(response, outgoing))
      .catch((error: unknown) => {
        if (outgoing.headersSent) outgoing.destroy()
        else outgoing.writeHead(500).end(String(error))
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
