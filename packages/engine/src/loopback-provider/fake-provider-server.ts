// A loopback HTTP server that answers like the real model providers, so tests
// run the real @ai-sdk/* packages over real HTTP without the internet.
//
//   const server = await startFakeProvider()
//   server.enqueue('anthropic', reply.text('Hello'), anthropicOverloaded)
//   createAnthropic({ baseURL: server.baseUrl('anthropic'), apiKey: 'test' })
//   // or: Object.assign(process.env, server.envFor('anthropic')) for 'anthropic/...' agents
//   server.requests            // every request: provider, api, path, headers, parsed body
//   await server.close()
//
// URL layout: `${baseUrl(provider)}` = http://127.0.0.1:PORT/<provider>/v1, and
// under it /messages (Anthropic Messages), /chat/completions (OpenAI Chat,
// Cerebras, OpenAI-compatible; Mistral's own dialect under the `mistral`
// provider; Gemini's OpenAI-compatible endpoint at /openai/chat/completions),
// /responses (OpenAI Responses), /models/<model>:generateContent and
// :streamGenerateContent (Google Gemini) and /model/<model>/converse and
// /converse-stream (Amazon Bedrock). Each provider name has its own reply
// queue; when it is empty the `fallback` reply is used (by default a 500
// naming the provider, so an unexpected call fails loudly). Chat Completions
// answers in the dialect of the provider named in the path (mistral, groq,
// deepseek, xai, cerebras; OpenAI's for any other name).
//
// Strict mode (`strict: true`) checks each request against the documented
// constraints of its provider first, and answers a violation with the
// provider's verbatim error, leaving the queue as it is (so a repaired retry
// gets the queued reply); `readHistory(request)` reads what a request's
// history holds, for a check that nothing was dropped silently.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { providerEnvNames } from '../agent/provider-env.ts'
import { anthropicDialect } from './dialects/anthropic.ts'
import { bedrockDialect } from './dialects/bedrock.ts'
import { googleDialect, googleOpenAICompatibleDialect } from './dialects/google.ts'
import { mistralDialect } from './dialects/mistral.ts'
import { cerebrasDialect } from './dialects/cerebras.ts'
import { deepseekDialect } from './dialects/deepseek.ts'
import { groqDialect } from './dialects/groq.ts'
import { openaiChatDialect } from './dialects/openai-chat.ts'
import { openaiResponsesDialect } from './dialects/openai-responses.ts'
import { isRecord, type Dialect, type RenderedSuccess, type SseEvent, type WireHistory } from './dialects/shared.ts'
import { xaiDialect } from './dialects/xai.ts'
import type { FakeDropReply, FakeReply } from './fake-replies.ts'

export type FakeProviderApi = 'anthropic-messages' | 'openai-chat' | 'openai-responses' | 'mistral-chat' | 'google-generate-content' | 'bedrock-converse'

export type RecordedRequest = {
  /** the first path segment: which queue answered */
  provider: string
  /** null for a path the server does not know (answered 404) */
  api: FakeProviderApi | null
  method: string
  path: string
  /** lower-cased names */
  headers: Record<string, string>
  /** the parsed JSON body (the raw text when it is not JSON) */
  body: unknown
  /** the request asked for a stream (`"stream": true`, Gemini's :streamGenerateContent, Bedrock's /converse-stream) */
  stream: boolean
  /** Date.now() when the request arrived (to measure waits between attempts) */
  receivedAt: number
  /** the client closed the connection before the answer was complete (an aborted call) */
  clientClosed: boolean
  /** the HTTP status the server answered with (null while unanswered) */
  status: number | null
}

export type FakeProviderServer = {
  readonly port: number
  /** every request received, in order (the most recent `keepRequests` of them) */
  readonly requests: RecordedRequest[]
  /** e.g. http://127.0.0.1:PORT/anthropic/v1: the `baseURL` for the provider's SDK */
  baseUrl(provider: string): string
  /** `<PROVIDER>_BASE_URL` and `<PROVIDER>_API_KEY` pointing the agent's 'provider/model' resolution here */
  envFor(provider: string): Record<string, string>
  /** what the request's history holds, in its provider's wire format (undefined for an unknown endpoint) */
  readHistory(request: RecordedRequest): WireHistory | undefined
  /** queue replies for the next requests to that provider, answered in order */
  enqueue(provider: string, ...replies: FakeReply[]): void
  /** replies still queued for the provider */
  pending(provider: string): number
  /** forget queued replies and recorded requests */
  reset(): void
  close(): Promise<void>
}

export type StartFakeProviderOptions = {
  /** answer used when a provider's queue is empty (a function answers each such request from what it received) */
  fallback?: FakeReply | ((request: RecordedRequest) => FakeReply)
  /**
   * how many of the most recent requests `requests` keeps (default: all, for a
   * test that reads them back); a long-running server (the demo model) keeps
   * none, or every request it ever answered would stay on the heap
   */
  keepRequests?: number
  /**
   * check every request against its provider's documented constraints (Gemini
   * 3's thought signatures, Mistral's tool-call ids, Bedrock's roles and
   * names, Groq's and DeepSeek's reasoning, orphan calls) and answer a
   * violation with the provider's verbatim error
   */
  strict?: boolean
}

type Endpoint = {
  api: FakeProviderApi
  dialect: Dialect
  /** the model named by the path (Gemini, Bedrock) rather than by the body */
  model?: string
  /** the path asks for a stream (Gemini, Bedrock) rather than the body */
  stream?: boolean
}

const ENDPOINTS: Record<string, Endpoint> = {
  '/v1/messages': { api: 'anthropic-messages', dialect: anthropicDialect },
  '/v1/chat/completions': { api: 'openai-chat', dialect: openaiChatDialect },
  '/v1/responses': { api: 'openai-responses', dialect: openaiResponsesDialect },
}

/** Chat Completions providers that answer (and refuse) in a dialect of their own. */
const CHAT_COMPLETIONS_DIALECTS: Record<string, Endpoint> = {
  cerebras: { api: 'openai-chat', dialect: cerebrasDialect },
  deepseek: { api: 'openai-chat', dialect: deepseekDialect },
  groq: { api: 'openai-chat', dialect: groqDialect },
  mistral: { api: 'mistral-chat', dialect: mistralDialect },
  xai: { api: 'openai-chat', dialect: xaiDialect },
}

const GOOGLE_PATH = /\/models\/([^/:]+):(generateContent|streamGenerateContent)$/
const BEDROCK_PATH = /\/model\/([^/]+)\/(converse|converse-stream)$/

/** Output items kept for `item_reference` (a long-running server forgets the oldest). */
const MAX_STORED_ITEMS = 10_000

function endpointOf(pathname: string): { provider: string; endpoint: Endpoint | undefined } {
  const [, provider = '', ...rest] = pathname.split('/')
  const path = `/${rest.join('/')}`
  const google = GOOGLE_PATH.exec(path)
  if (google)
    return {
      provider,
      endpoint: { api: 'google-generate-content', dialect: googleDialect, model: google[1] ?? '', stream: google[2] === 'streamGenerateContent' },
    }
  const bedrock = BEDROCK_PATH.exec(path)
  if (bedrock)
    return {
      provider,
      endpoint: { api: 'bedrock-converse', dialect: bedrockDialect, model: decodeURIComponent(bedrock[1] ?? ''), stream: bedrock[2] === 'converse-stream' },
    }
  if (path.endsWith('/openai/chat/completions')) return { provider, endpoint: { api: 'openai-chat', dialect: googleOpenAICompatibleDialect } }
  const endpoint = ENDPOINTS[path]
  return { provider, endpoint: endpoint?.api === 'openai-chat' ? (CHAT_COMPLETIONS_DIALECTS[provider] ?? endpoint) : endpoint }
}

export async function startFakeProvider(options: StartFakeProviderOptions = {}): Promise<FakeProviderServer> {
  const queues = new Map<string, FakeReply[]>()
  const requests: RecordedRequest[] = []
  let idCounter = 0
  const nextId = (prefix: string) => `${prefix}${++idCounter}`
  const storedItems = new Map<string, unknown>()

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: `fake provider failed: ${String(error)}` } }))
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = Date.now()
    const raw = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const { provider, endpoint } = endpointOf(url.pathname)
    const body = parseJson(raw)
    const stream = endpoint?.stream ?? (isRecord(body) && body.stream === true)
    const recorded: RecordedRequest = {
      provider,
      api: endpoint?.api ?? null,
      method: req.method ?? 'GET',
      path: url.pathname,
      headers: flattenHeaders(req.headers),
      body,
      stream,
      receivedAt,
      clientClosed: false,
      status: null,
    }
    requests.push(recorded)
    const keep = options.keepRequests ?? Infinity
    if (requests.length > keep) requests.splice(0, requests.length - keep)
    let serverDropped = false
    res.on('close', () => {
      if (!res.writableFinished && !serverDropped) recorded.clientClosed = true
    })
    if (!endpoint) {
      sendJson(res, 404, { error: { message: `fake provider: unknown endpoint ${url.pathname}` } })
      return
    }
    const dialect = endpoint.dialect
    const model = endpoint.model ?? (isRecord(body) && typeof body.model === 'string' ? body.model : 'fake-model')
    const context = { model, nextId, storedItems }
    // a strict rejection leaves the queue untouched (`??` stops there)
    const rejection = options.strict ? dialect.rejectStrict?.(body, context) : undefined
    const fallback = typeof options.fallback === 'function' ? options.fallback(recorded) : options.fallback
    const reply = rejection ?? queues.get(provider)?.shift() ?? fallback ?? noReplyQueued(provider)
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
    recorded.status = reply.kind === 'http-error' ? reply.status : 200
    if (reply.kind === 'http-error') {
      const isText = typeof reply.body === 'string'
      res.writeHead(reply.status, { 'content-type': isText ? 'text/plain' : 'application/json', ...reply.headers })
      res.end(isText ? reply.body : JSON.stringify(reply.body))
      return
    }
    if (reply.kind === 'success') {
      const rendered = dialect.renderSuccess(reply, context)
      for (const id of storedItems.keys()) {
        if (storedItems.size <= MAX_STORED_ITEMS) break
        storedItems.delete(id)
      }
      if (stream) await sendStream(res, dialect, [...rendered.streamHead, ...rendered.streamTail], reply.eventDelayMs)
      else sendJson(res, 200, rendered.json)
      return
    }
    if (reply.kind === 'stream-error') {
      if (!stream) {
        sendJson(res, 500, { error: { message: 'fake provider: a stream-error reply needs a streaming request' } })
        return
      }
      const rendered = dialect.renderSuccess({ kind: 'success', text: reply.text ?? '' }, context)
      const chunkType = isRecord(reply.chunk) && typeof reply.chunk.type === 'string' ? reply.chunk.type : undefined
      const eventName = reply.event ?? chunkType
      await sendStream(res, dialect, [...rendered.streamHead, { ...(eventName === undefined ? {} : { event: eventName }), data: reply.chunk }])
      return
    }
    const rendered = dialect.renderSuccess({ kind: 'success', text: reply.text ?? '' }, context)
    serverDropped = true
    await drop(res, reply, rendered, stream ? dialect : undefined)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port

  return {
    port,
    requests,
    baseUrl: (provider) => `http://127.0.0.1:${port}/${provider}/v1`,
    readHistory(request) {
      const { endpoint } = endpointOf(request.path)
      return endpoint?.dialect.readHistory?.(request.body, { model: endpoint.model ?? '', nextId, storedItems })
    },
    envFor(provider) {
      const names = providerEnvNames(provider)
      return { [names.baseUrl]: `http://127.0.0.1:${port}/${provider}/v1`, [names.apiKey]: `test-key-${provider}` }
    },
    enqueue(provider, ...replies) {
      const queue = queues.get(provider) ?? []
      queue.push(...replies)
      queues.set(provider, queue)
    },
    pending: (provider) => queues.get(provider)?.length ?? 0,
    reset() {
      queues.clear()
      requests.length = 0
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

function noReplyQueued(provider: string): FakeReply {
  return {
    kind: 'http-error',
    status: 500,
    body: { error: { type: 'fake_provider_error', message: `fake provider: no reply queued for "${provider}"` } },
  }
}

/** Writes the start of an answer (or nothing), then kills the socket; `streamDialect` is given for a streaming request. */
async function drop(res: ServerResponse, reply: FakeDropReply, rendered: RenderedSuccess, streamDialect: Dialect | undefined): Promise<void> {
  const socket = res.socket
  if (reply.text !== undefined || reply.afterBytes !== undefined) {
    const full = streamDialect ? encodeStream(streamDialect, [...rendered.streamHead, ...rendered.streamTail]) : Buffer.from(JSON.stringify(rendered.json))
    const partial =
      reply.afterBytes !== undefined
        ? full.subarray(0, reply.afterBytes)
        : streamDialect
          ? encodeStream(streamDialect, rendered.streamHead)
          : full.subarray(0, -1)
    res.writeHead(200, streamDialect ? streamHeaders(streamDialect) : { 'content-type': 'application/json', 'content-length': String(full.byteLength) })
    res.flushHeaders()
    await new Promise<void>((resolve) => res.write(partial, () => resolve()))
    // let the client read what was sent before the connection dies
    await new Promise((resolve) => setTimeout(resolve, 30))
  }
  if (reply.reset === false) socket?.destroy()
  else socket?.resetAndDestroy()
}

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' }

function sseText(events: SseEvent[]): string {
  return events
    .map(({ event, data }) => `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
    .join('')
}

/** The events as the dialect streams them: SSE text, or its own framing (Bedrock's binary event stream). */
function encodeStream(dialect: Dialect, events: SseEvent[]): Buffer {
  return Buffer.from(dialect.streamEncoding ? dialect.streamEncoding.encode(events) : sseText(events))
}

function streamHeaders(dialect: Dialect): Record<string, string> {
  return dialect.streamEncoding ? { ...SSE_HEADERS, 'content-type': dialect.streamEncoding.contentType } : SSE_HEADERS
}

/** All events at once, or one every `eventDelayMs` (a slow stream; it stops when the client goes away). */
async function sendStream(res: ServerResponse, dialect: Dialect, events: SseEvent[], eventDelayMs = 0): Promise<void> {
  res.writeHead(200, streamHeaders(dialect))
  if (eventDelayMs <= 0) {
    res.end(encodeStream(dialect, events))
    return
  }
  res.flushHeaders()
  for (const event of events) {
    if (res.destroyed) return
    res.write(encodeStream(dialect, [event]))
    await new Promise((resolve) => setTimeout(resolve, eventDelayMs))
  }
  res.end()
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}
