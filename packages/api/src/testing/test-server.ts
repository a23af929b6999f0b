// The API endpoints on a loopback port (node:http in front of the same fetch
// handlers Next serves: tRPC, REST, OpenAPI), for integration tests over real HTTP.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { handleApiRequest } from '../api-handler.ts'
import { stampPeerAddress } from '../auth/client-address.ts'
import type { Services } from '../services.ts'

export type TestServer = { url: string; close(): Promise<void> }

function toRequest(incoming: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item)
  }
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD'
  // the body streams, as Next passes it on: a thread import is read line by line, never held whole
  const body = hasBody ? { body: Readable.toWeb(incoming), duplex: 'half' } : {}
  return new Request(new URL(incoming.url ?? '/', origin), { method: incoming.method ?? 'GET', headers, signal, ...body } as RequestInit)
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
  // and no faster than the reader takes them (an export is read from the database as it is sent)
  if (response.body) for await (const chunk of response.body) if (!outgoing.write(chunk)) await once(outgoing, 'drain')
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
    Promise.resolve()
      .then(() => handleApiRequest(toRequest(incoming, origin, aborted.signal), services))
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
