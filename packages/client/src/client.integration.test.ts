// The client against a real server (the api package's handler on a loopback
// port), off the happy path: every failure is a typed ThreadlineError, and
// what can succeed does (a fan-out of 1,000 calls, a batch whose items were
// rate limited, a query behind a proxy that answered 503 once).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startApiHarness, type ApiHarness } from '@threadline/api/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createThreadlineClient, ThreadlineError, type ThreadlineClientOptions } from './index.ts'
import { failureOf } from './test-kit.ts'

type StubHandler = (request: Request) => Promise<Response | null>

/** A loopback HTTP server that answers what `handler` returns, or forwards to `target` when it returns null (a proxy). */
async function startStub(target: string, handler: StubHandler): Promise<{ url: string; server: Server }> {
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const chunks: Buffer[] = []
      for await (const chunk of incoming) chunks.push(chunk as Buffer)
      const headers = new Headers(
        Object.entries(incoming.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as [string, string]] : [])),
      )
      const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD'
      const request = new Request(new URL(incoming.url ?? '/', target), {
        method: incoming.method ?? 'GET',
        headers,
        ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
      })
      const response = (await handler(request)) ?? (await fetch(request))
      outgoing.writeHead(
        response.status,
        Object.fromEntries([...response.headers].filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name))),
      )
      outgoing.end(Buffer.from(await response.arrayBuffer()))
    })().catch(() => outgoing.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

function textMessage(threadId: string, index: number, text = `message ${index}`) {
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, index))
  return {
    id: `${threadId}-m${index}`,
    threadId,
    resourceId: 'acme',
    role: 'user' as const,
    createdAt,
    content: { format: 2 as const, parts: [{ type: 'text' as const, text }] },
  }
}

describe('the client against a real server', () => {
  let api: ApiHarness
  let token: string
  const stubs: Server[] = []
  const clientOf = (options: Partial<ThreadlineClientOptions> = {}) => createThreadlineClient({ url: api.server.url, token, ...options })

  beforeAll(async () => {
    api = await startApiHarness({ THREADLINE_RATE_LIMIT_PER_SECOND: '100000', THREADLINE_RATE_LIMIT_BURST: '100000', THREADLINE_MAX_BODY_BYTES: '100000' })
    ;({ token } = await api.issueToken({ allResources: true, canWrite: true }))
  }, 120_000)
  afterAll(async () => {
    for (const stub of stubs) stub.close()
    await api.close()
  })

  it("gives the server's code, data and the echoed request id; the hooks see the same id", async () => {
    const requests: string[] = []
    const statuses: number[] = []
    const client = clientOf({ onRequest: ({ requestId }) => requests.push(requestId), onResponse: ({ status }) => statuses.push(status ?? 0) })
    const error = await failureOf(client.threads.create.mutate({ resourceId: '' }))
    expect(error).toMatchObject({ kind: 'server', code: 'BAD_REQUEST', status: 400, data: { field: 'resourceId' } })
    expect(error.requestId).toBe(requests[0])
    expect(statuses).toEqual([400])
  })

  it('refuses a body over the limit with PAYLOAD_TOO_LARGE (413, no envelope)', async () => {
    const thread = await clientOf().threads.create.mutate({ resourceId: 'acme' })
    const error = await failureOf(clientOf().messages.save.mutate({ messages: [textMessage(thread.id, 1, 'x'.repeat(150_000))] }))
    expect(error).toMatchObject({ kind: 'http', code: 'PAYLOAD_TOO_LARGE', status: 413, data: { limit: { bytes: 100_000, messages: 1000 } } })
  })

  it('saves any number of messages with saveAll: batches split by bytes, planned again from the limit a 413 states', async () => {
    const statuses: number[] = []
    const client = clientOf({ onResponse: ({ status }) => statuses.push(status ?? 0) })
    const thread = await client.threads.create.mutate({ resourceId: 'acme' })
    // 300 messages of 1 KB: about 330 KB, over the server's 100,000-byte body limit three times
    const messages = Array.from({ length: 300 }, (_, index) => textMessage(thread.id, index, `${index} `.padEnd(1000, 'x')))
    const result = await client.messages.saveAll(messages)
    expect(result.saved).toBe(300)
    expect(result.batches).toBeGreaterThanOrEqual(4)
    // one refusal taught the client the limit: every later batch fit
    expect(statuses.filter((status) => status === 413)).toHaveLength(1)
    const stored: string[] = []
    for await (const message of client.messages.iterate({ threadId: thread.id, limit: 500 })) stored.push(message.id)
    expect(stored).toEqual(messages.map((message) => message.id))
    // saving again is idempotent: nothing new, nothing refused
    expect((await client.messages.saveAll(messages, { maxBatchBytes: 90_000 })).saved).toBe(300)
  })

  it('refuses to send one query over maxURLLength (URL_TOO_LONG), and gives the 431 of a longer limit as REQUEST_HEADER_FIELDS_TOO_LARGE', async () => {
    const input = { search: 'x'.repeat(20_000) }
    expect(await failureOf(clientOf().threads.list.query(input))).toMatchObject({ kind: 'request', code: 'URL_TOO_LONG' })
    const error = await failureOf(clientOf({ maxURLLength: 100_000 }).threads.list.query(input))
    expect(error).toMatchObject({ kind: 'http', code: 'REQUEST_HEADER_FIELDS_TOO_LARGE', status: 431 })
  })

  it('answers 1,000 concurrent calls: batches are bounded by URL length and item count', async () => {
    const client = clientOf()
    const thread = await client.threads.create.mutate({ resourceId: 'acme', title: 'fan-out' })
    const answers = await Promise.all(Array.from({ length: 1000 }, () => client.threads.get.query({ threadId: thread.id })))
    expect(answers.every((answer) => answer.thread.id === thread.id)).toBe(true)
  })

  it('iterates every page of a list', async () => {
    const client = clientOf()
    const thread = await client.threads.create.mutate({ resourceId: 'acme' })
    await client.messages.save.mutate({ messages: Array.from({ length: 25 }, (_, index) => textMessage(thread.id, index)) })
    const ids: string[] = []
    for await (const message of client.messages.iterate({ threadId: thread.id, limit: 10 })) ids.push(message.id)
    expect(ids).toEqual(Array.from({ length: 25 }, (_, index) => `${thread.id}-m${index}`))
  })

  it("gives a proxy's 503 HTML page as SERVICE_UNAVAILABLE, and retries a query past it", async () => {
    let refusals = 1
    const proxy = await startStub(api.server.url, async () =>
      refusals-- > 0
        ? new Response('<html><body>503 Service Temporarily Unavailable</body></html>', { status: 503, headers: { 'content-type': 'text/html' } })
        : null,
    )
    stubs.push(proxy.server)
    refusals = 1
    const error = await failureOf(clientOf({ url: proxy.url, retry: false }).health.check.query())
    expect(error).toMatchObject({ kind: 'http', code: 'SERVICE_UNAVAILABLE', status: 503 })
    refusals = 1
    await expect(clientOf({ url: proxy.url, retry: { baseDelayMs: 10 } }).health.check.query()).resolves.toMatchObject({ recall: { mode: 'text' } })
  })

  it('sends an idempotency key the server honours: the same key and body give the same thread, another body a 409', async () => {
    const client = clientOf()
    const first = await client.threads.create.mutate({ resourceId: 'acme', title: 'once' }, { idempotencyKey: 'client-key-1' })
    const again = await client.threads.create.mutate({ resourceId: 'acme', title: 'once' }, { idempotencyKey: 'client-key-1' })
    expect(again.id).toBe(first.id)
    const other = await failureOf(client.threads.create.mutate({ resourceId: 'acme', title: 'another' }, { idempotencyKey: 'client-key-1' }))
    expect(other.code).toBe('CONFLICT')
  })

  it('gives a stopped server as NETWORK_ERROR', async () => {
    const stopped = await startStub(api.server.url, async () => null)
    await new Promise((resolve) => stopped.server.close(resolve))
    const error = await failureOf(clientOf({ url: stopped.url, retry: { maxRetries: 1, baseDelayMs: 10 } }).threads.list.query({}))
    expect(error).toMatchObject({ kind: 'network', code: 'NETWORK_ERROR' })
    expect(error.message).toContain('ECONNREFUSED')
  })

  it('ends a slow call with TIMEOUT, and an aborted one with ABORTED', async () => {
    const slow = await startStub(api.server.url, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      return null
    })
    stubs.push(slow.server)
    const started = Date.now()
    const timedOut = await failureOf(clientOf({ url: slow.url, timeoutMs: 200 }).threads.list.query({}))
    expect(timedOut).toMatchObject({ kind: 'timeout', code: 'TIMEOUT' })
    expect(Date.now() - started).toBeLessThan(1000)
    const aborted = await failureOf(clientOf({ url: slow.url }).threads.list.query({}, { signal: AbortSignal.abort() }))
    expect(aborted).toMatchObject({ kind: 'aborted', code: 'ABORTED' })
  })
})

describe('the client against a rate-limited server', () => {
  let api: ApiHarness
  beforeAll(async () => {
    api = await startApiHarness({ THREADLINE_RATE_LIMIT_PER_SECOND: '5', THREADLINE_RATE_LIMIT_BURST: '5' })
  }, 120_000)
  afterAll(async () => {
    await api.close()
  })

  it('retries only the rate-limited items of a batched 207, after Retry-After', async () => {
    const { token } = await api.issueToken({ allResources: true })
    const statuses: number[] = []
    const client = createThreadlineClient({ url: api.server.url, token, onResponse: ({ status }) => statuses.push(status ?? 0) })
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.resources.list.query()))
    expect(answers).toHaveLength(10)
    // one batch of 10 (5 answered, 5 refused with 429), then one of the 5 refused
    expect(statuses).toEqual([207, 200])
  })

  it('hands a batched 429 to the caller as TOO_MANY_REQUESTS with retry: false', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const { token } = await api.issueToken({ allResources: true })
    const client = createThreadlineClient({ url: api.server.url, token, retry: false })
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => client.resources.list.query()))
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as ThreadlineError] : []))
    expect(refused).toHaveLength(5)
    expect(refused[0]).toMatchObject({ kind: 'server', code: 'TOO_MANY_REQUESTS', status: 429, retryAfterMs: 1000 })
  })
})
