// Issue 14 item 5: LLM calls as OpenTelemetry spans. A real Agent with the real
// @ai-sdk packages against the loopback provider; the SDK's in-memory exporter
// (then an OTLP/HTTP receiver on loopback, through the app's own setup) gets
// the spans; every expectation about the wire is read from the server's log.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node'
import { Agent, openTelemetryCallListener, ProviderHistoryCompat, StreamErrorRetryProcessor } from '@threadline/engine'
import {
  anthropicInvalidToolUseId,
  foreignToolIdHistory,
  openaiRateLimitedRetryAfter as rateLimited,
  reasoningHistory,
  reply,
  type RecordedRequest,
} from '@threadline/engine/testing'
import { useFakeProvider } from '@threadline/engine/testing/vitest'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { instrumentFetch, startTracing, stopTracing } from './tracing.ts'

const server = useFakeProvider({ envFor: ['anthropic', 'cerebras', 'openai'] })

const exporter = new InMemorySpanExporter()
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
const tracer = provider.getTracer('test')
afterAll(() => provider.shutdown())
beforeEach(() => exporter.reset())

const ms = ([seconds, nanos]: [number, number]): number => seconds * 1000 + nanos / 1e6

/** The call span and its attempt spans (children of it), attempts in order. */
function spansOf(spans: ReadableSpan[]): { call: ReadableSpan; attempts: ReadableSpan[] } {
  const calls = spans.filter((span) => span.kind === SpanKind.INTERNAL)
  expect(calls).toHaveLength(1)
  const call = calls[0]!
  const attempts = spans
    .filter((span) => span.kind === SpanKind.CLIENT && span.attributes['threadline.attempt'] !== undefined)
    .sort((a, b) => (a.attributes['threadline.attempt'] as number) - (b.attributes['threadline.attempt'] as number))
  for (const attempt of attempts) {
    expect(attempt.parentSpanContext?.spanId).toBe(call.spanContext().spanId)
    expect(attempt.spanContext().traceId).toBe(call.spanContext().traceId)
  }
  return { call, attempts }
}

/** Each attempt span is the request the server logged: same count, same model, the request inside its time, its HTTP status. */
function expectAttemptsMatchWire(attempts: ReadableSpan[], requests: RecordedRequest[], provider: string): void {
  expect(attempts).toHaveLength(requests.length)
  attempts.forEach((attempt, index) => {
    const request = requests[index]!
    expect(attempt.name).toBe(`chat ${(request.body as { model: string }).model}`)
    expect(attempt.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': provider,
      'gen_ai.system': provider,
      'gen_ai.request.model': (request.body as { model: string }).model,
      'threadline.attempt': index + 1,
    })
    expect(request.receivedAt).toBeGreaterThanOrEqual(Math.floor(ms(attempt.startTime)))
    expect(request.receivedAt).toBeLessThanOrEqual(Math.ceil(ms(attempt.endTime)))
    if (request.status === 200) {
      expect(attempt.status.code).toBe(SpanStatusCode.UNSET)
      expect(attempt.attributes['error.type']).toBeUndefined()
    } else {
      expect(attempt.status.code).toBe(SpanStatusCode.ERROR)
      expect(attempt.attributes).toMatchObject({ 'error.type': String(request.status), 'http.response.status_code': request.status })
    }
  })
}

const eventsNamed = (span: ReadableSpan, name: string) => span.events.filter((event) => event.name === name)

const usage = { inputTokens: 31, outputTokens: 7 }

describe('LLM calls as OpenTelemetry spans (in-memory exporter)', () => {
  it('without a registered tracer provider no listener is made (no event is built)', () => {
    expect(openTelemetryCallListener()).toBeUndefined()
    expect(openTelemetryCallListener({ tracer })).toBeTypeOf('function')
  })

  it('a Cerebras-bound call: one call span and one attempt span with the GenAI attributes, the reasoning strip as a span event', async () => {
    server.enqueue('cerebras', { kind: 'success', text: 'ok', usage })
    const agent = new Agent({
      id: 'c',
      name: 'c',
      instructions: '',
      model: 'cerebras/gpt-oss-120b',
      inputProcessors: [new ProviderHistoryCompat()],
      onEvent: openTelemetryCallListener({ tracer }),
    })
    await agent.generate(reasoningHistory)
    const { call, attempts } = spansOf(exporter.getFinishedSpans())
    expectAttemptsMatchWire(attempts, server.requests, 'cerebras')
    const model = (server.requests[0]!.body as { model: string }).model
    for (const span of [call, attempts[0]!]) {
      expect(span.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'cerebras',
        'gen_ai.request.model': model,
        // the loopback server answers with the requested model
        'gen_ai.response.model': model,
        'gen_ai.response.finish_reasons': ['stop'],
        'gen_ai.usage.input_tokens': usage.inputTokens,
        'gen_ai.usage.output_tokens': usage.outputTokens,
      })
    }
    expect(call.name).toBe(`chat ${model}`)
    expect(call.attributes).toMatchObject({ 'threadline.call.outcome': 'success', 'threadline.call.attempts': 1, 'threadline.call.retries': 0 })
    expect(call.attributes['threadline.rules']).toEqual(['cerebras-strip-reasoning-content'])
    const [strip] = eventsNamed(attempts[0]!, 'threadline.rule_applied')
    expect(strip?.attributes).toMatchObject({
      'threadline.rule': 'cerebras-strip-reasoning-content',
      'threadline.messages_changed': 1,
      'threadline.parts_removed': 2,
      'threadline.attempt': 1,
      'threadline.processor.id': 'provider-history-compat',
    })
    expect(JSON.stringify(server.requests[0]!.body)).not.toContain('THOUGHT')
  })

  it('an Anthropic tool-ID 400: the failed attempt (400), the repair and the retry on the call span, then the successful attempt', async () => {
    server.enqueue('anthropic', anthropicInvalidToolUseId, { kind: 'success', text: 'Sunny again.', usage })
    const agent = new Agent({ id: 'a', name: 'a', instructions: '', model: 'anthropic/claude-sonnet-4-5', inputProcessors: [new ProviderHistoryCompat()] })
    await agent.generate(foreignToolIdHistory, { onEvent: openTelemetryCallListener({ tracer }) })
    const { call, attempts } = spansOf(exporter.getFinishedSpans())
    expect(server.requests.map((request) => request.status)).toEqual([400, 200])
    expectAttemptsMatchWire(attempts, server.requests, 'anthropic')
    expect(attempts[1]!.attributes).toMatchObject({ 'gen_ai.usage.input_tokens': usage.inputTokens, 'gen_ai.usage.output_tokens': usage.outputTokens })
    const [repair] = eventsNamed(call, 'threadline.repair')
    expect(repair?.attributes).toMatchObject({ 'threadline.rule': 'anthropic-tool-id-format', 'threadline.attempt': 1, 'threadline.messages_changed': 1 })
    expect(repair?.attributes?.['threadline.repair.pattern']).toMatch(/tool_use/)
    // the repair's matched text is what the server answered
    expect(JSON.stringify(anthropicInvalidToolUseId)).toContain(String(repair?.attributes?.['threadline.repair.matched_text']).slice(0, 40))
    const [retry] = eventsNamed(call, 'threadline.retry')
    expect(retry?.attributes).toMatchObject({ 'threadline.processor.id': 'provider-history-compat' })
    expect(retry?.attributes?.['threadline.repair.message_ids']).toEqual(repair?.attributes?.['threadline.repair.message_ids'])
    expect(call.attributes).toMatchObject({ 'threadline.call.outcome': 'success', 'threadline.call.attempts': 2, 'threadline.call.retries': 1 })
    expect(call.status.code).toBe(SpanStatusCode.UNSET)
  })

  it("each attempt's HTTP request is a span of its own (undici instrumentation), a child of the attempt span, with the HTTP attributes", async () => {
    // what startTracing sets up: the provider registered (its AsyncLocalStorage context) and fetch instrumented
    provider.register()
    const instrumentation = instrumentFetch(provider)
    try {
      server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('Sunny again.'))
      const agent = new Agent({ id: 'a', name: 'a', instructions: '', model: 'anthropic/claude-sonnet-4-5', inputProcessors: [new ProviderHistoryCompat()] })
      await agent.generate(foreignToolIdHistory, { onEvent: openTelemetryCallListener({ tracer }) })
    } finally {
      instrumentation.disable()
      trace.disable()
      context.disable()
      propagation.disable()
    }
    const spans = exporter.getFinishedSpans()
    const { attempts } = spansOf(spans)
    const http = spans.filter((span) => span.instrumentationScope.name === '@opentelemetry/instrumentation-undici')
    expect(server.requests.map((request) => request.status)).toEqual([400, 200])
    expect(http).toHaveLength(server.requests.length)
    const { port } = new URL(server.baseUrl('anthropic'))
    http.forEach((span, index) => {
      const attempt = attempts[index]!
      expect(span.kind).toBe(SpanKind.CLIENT)
      expect(span.parentSpanContext?.spanId).toBe(attempt.spanContext().spanId)
      expect(span.spanContext().traceId).toBe(attempt.spanContext().traceId)
      expect(span.attributes).toMatchObject({
        'http.request.method': 'POST',
        'url.full': `${server.baseUrl('anthropic')}/messages`,
        'server.address': '127.0.0.1',
        'server.port': Number(port),
        'http.response.status_code': server.requests[index]!.status,
      })
      // inside its attempt
      expect(ms(span.startTime)).toBeGreaterThanOrEqual(ms(attempt.startTime))
      expect(ms(span.endTime)).toBeLessThanOrEqual(ms(attempt.endTime) + 1)
    })
  })

  it('a 429 with Retry-After: the retry decision carries the delay and its source, the retry the wait seen on the wire', async () => {
    server.enqueue('openai', rateLimited('1'), reply.text('after the wait'))
    const agent = new Agent({
      id: 'o',
      name: 'o',
      instructions: '',
      model: 'openai/gpt-5',
      errorProcessors: [new StreamErrorRetryProcessor()],
      onEvent: openTelemetryCallListener({ tracer }),
    })
    await agent.generate('Hi')
    const { call, attempts } = spansOf(exporter.getFinishedSpans())
    expectAttemptsMatchWire(attempts, server.requests, 'openai')
    const [decision] = eventsNamed(call, 'threadline.retry_decision')
    expect(decision?.attributes).toMatchObject({
      'threadline.retry': true,
      'threadline.retry.delay_ms': 1000,
      'threadline.retry.delay_source': 'retry-after',
      'threadline.attempt': 1,
    })
    const gap = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt
    const waited = eventsNamed(call, 'threadline.retry')[0]?.attributes?.['threadline.retry.waited_ms'] as number
    expect(waited).toBeGreaterThanOrEqual(950)
    expect(waited).toBeLessThanOrEqual(gap)
    expect(call.attributes['threadline.call.waited_ms']).toBe(waited)
  })

  it('a call that exhausts its retries: an ERROR call span with every attempt', async () => {
    server.enqueue('openai', rateLimited('0'), rateLimited('0'), rateLimited('0'))
    const agent = new Agent({
      id: 'o',
      name: 'o',
      instructions: '',
      model: 'openai/gpt-5',
      errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 2 })],
      onEvent: openTelemetryCallListener({ tracer }),
    })
    await expect(agent.generate('Hi')).rejects.toThrow(/Rate limit/)
    const { call, attempts } = spansOf(exporter.getFinishedSpans())
    expect(server.requests.map((request) => request.status)).toEqual([429, 429, 429])
    expectAttemptsMatchWire(attempts, server.requests, 'openai')
    expect(call.status.code).toBe(SpanStatusCode.ERROR)
    expect(call.attributes).toMatchObject({
      'threadline.call.outcome': 'failed',
      'threadline.call.attempts': 3,
      'threadline.call.retries': 2,
      'error.type': '429',
      'http.response.status_code': 429,
    })
    expect(eventsNamed(call, 'threadline.retry_decision').map((event) => event.attributes?.['threadline.retry.reason'])).toEqual([
      expect.any(String),
      expect.any(String),
      'budget-exhausted',
    ])
  })
})

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; arrayValue?: { values: OtlpValue[] } }
type OtlpSpan = { name: string; kind: number; spanId: string; parentSpanId?: string; attributes: { key: string; value: OtlpValue }[] }
type OtlpExport = {
  resourceSpans: { resource: { attributes: { key: string; value: OtlpValue }[] }; scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[]
}

const attribute = (attributes: { key: string; value: OtlpValue }[], key: string): OtlpValue | undefined => attributes.find((entry) => entry.key === key)?.value

describe('OTLP/HTTP export when OTEL_EXPORTER_OTLP_ENDPOINT is set (the app setup, startTracing)', () => {
  let receiver: Server | undefined
  const received: { path: string; contentType: string | undefined; body: OtlpExport }[] = []

  afterEach(async () => {
    await stopTracing()
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()))
    received.length = 0
  })

  it('without the variable nothing is registered', () => {
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', '')
    expect(startTracing()).toBeNull()
    expect(openTelemetryCallListener()).toBeUndefined()
  })

  it('a retried call reaches the receiver as one call span, one span per attempt and the HTTP span under each attempt', async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          contentType: request.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport,
        })
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve))
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`)
    vi.stubEnv('OTEL_SERVICE_NAME', 'threadline-test')
    const tracing = startTracing()
    expect(tracing).not.toBeNull()
    const listener = openTelemetryCallListener()
    expect(listener).toBeTypeOf('function')

    server.enqueue('openai', rateLimited('0'), { kind: 'success', text: 'ok', usage })
    const agent = new Agent({ id: 'o', name: 'o', instructions: '', model: 'openai/gpt-5', errorProcessors: [new StreamErrorRetryProcessor()] })
    await agent.generate('Hi', { onEvent: listener! })
    await tracing!.provider.forceFlush()

    expect(received.length).toBeGreaterThan(0)
    expect(received.every((entry) => entry.path === '/v1/traces' && entry.contentType?.startsWith('application/json'))).toBe(true)
    const resourceSpans = received.flatMap((entry) => entry.body.resourceSpans)
    expect(resourceSpans.map((entry) => attribute(entry.resource.attributes, 'service.name')?.stringValue)).toContain('threadline-test')
    const scopes = resourceSpans.flatMap((entry) => entry.scopeSpans)
    expect(new Set(scopes.map((scope) => scope.scope.name))).toEqual(new Set(['@threadline/engine', '@opentelemetry/instrumentation-undici']))
    const spansOfScope = (name: string) => scopes.filter((scope) => scope.scope.name === name).flatMap((scope) => scope.spans)
    const spans = spansOfScope('@threadline/engine')
    const model = (server.requests[0]!.body as { model: string }).model
    // OTLP span kinds: 1 INTERNAL, 3 CLIENT
    const call = spans.find((span) => span.kind === 1)!
    const attempts = spans.filter((span) => span.kind === 3)
    expect(attempts).toHaveLength(server.requests.length)
    expect(spans).toHaveLength(1 + server.requests.length)
    expect(attempts.every((span) => span.parentSpanId === call.spanId && span.name === `chat ${model}`)).toBe(true)
    expect(attribute(call.attributes, 'gen_ai.request.model')?.stringValue).toBe(model)
    expect(attribute(call.attributes, 'gen_ai.provider.name')?.stringValue).toBe('openai')
    expect(Number(attribute(call.attributes, 'gen_ai.usage.input_tokens')?.intValue)).toBe(usage.inputTokens)
    expect(Number(attribute(call.attributes, 'gen_ai.usage.output_tokens')?.intValue)).toBe(usage.outputTokens)
    const statuses = attempts.map((span) => attribute(span.attributes, 'http.response.status_code')?.intValue)
    expect(statuses.map((status) => (status === undefined ? 200 : Number(status)))).toEqual(server.requests.map((request) => request.status))
    // the provider's HTTP requests, each under its attempt (startTracing instruments fetch)
    const http = spansOfScope('@opentelemetry/instrumentation-undici')
    expect(http.map((span) => span.parentSpanId).sort()).toEqual(attempts.map((span) => span.spanId).sort())
    expect(http.map((span) => Number(attribute(span.attributes, 'http.response.status_code')?.intValue)).sort()).toEqual(
      server.requests.map((request) => request.status).sort(),
    )
  })
})
