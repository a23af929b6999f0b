// The fake server against the real SDKs: what each SDK parses out of it.
import { createAnthropic } from '@ai-sdk/anthropic'
import { createCerebras } from '@ai-sdk/cerebras'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { APICallError, generateText, streamText } from 'ai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { errorChain } from '../errors/inspect.ts'
import { reply } from './fake-replies.ts'
import { startFakeProvider, type FakeProviderServer } from './fake-provider-server.ts'
import {
  anthropicInvalidToolUseId,
  anthropicOverloadedStreamEvent,
  anthropicRateLimited,
  cerebrasReasoningContentUnsupported,
  connectionReset,
  connectionResetMidStream,
  openaiResponsesFailedServerError,
  socketHangUp,
} from './provider-error-presets.ts'

let server: FakeProviderServer
beforeAll(async () => {
  server = await startFakeProvider()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => server.reset())

const models = () => ({
  anthropic: createAnthropic({ baseURL: server.baseUrl('anthropic'), apiKey: 'k' })('claude-sonnet-4-5'),
  openaiResponses: createOpenAI({ baseURL: server.baseUrl('openai'), apiKey: 'k' }).responses('gpt-5'),
  openaiChat: createOpenAI({ baseURL: server.baseUrl('openai'), apiKey: 'k' }).chat('gpt-4o'),
  cerebras: createCerebras({ baseURL: server.baseUrl('cerebras'), apiKey: 'k' })('gpt-oss-120b'),
  compatible: createOpenAICompatible({ name: 'example-provider', baseURL: server.baseUrl('example-provider') })('model'),
})
const providerOf = { anthropic: 'anthropic', openaiResponses: 'openai', openaiChat: 'openai', cerebras: 'cerebras', compatible: 'example-provider' } as const
const dialects = Object.keys(providerOf) as (keyof typeof providerOf)[]

/** Collects a streamText run: its text and the first error (an error part, or the stream failing). */
async function runStream(model: Parameters<typeof streamText>[0]['model']) {
  const result = streamText({ model, prompt: 'Hi', maxRetries: 0, onError: () => undefined })
  let text = ''
  let error: unknown
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') text += part.text
      if (part.type === 'error') error ??= part.error
    }
  } catch (thrown) {
    error ??= thrown
  }
  return { text, error }
}

describe.each(dialects)('%s', (dialect) => {
  it('answers text as JSON and records the request', async () => {
    server.enqueue(providerOf[dialect], reply.text('Hello there'))
    const result = await generateText({ model: models()[dialect], prompt: 'Hi', maxRetries: 0 })
    expect(result.text).toBe('Hello there')
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]).toMatchObject({ provider: providerOf[dialect], method: 'POST', stream: false })
    expect(JSON.stringify(server.requests[0]?.body)).toContain('Hi')
  })

  it('streams text word by word', async () => {
    server.enqueue(providerOf[dialect], reply.text('Hello streaming world'))
    const { text, error } = await runStream(models()[dialect])
    expect(error).toBeUndefined()
    expect(text).toBe('Hello streaming world')
    expect(server.requests[0]?.stream).toBe(true)
  })

  it.each([false, true])('returns tool calls (stream: %s)', async (stream) => {
    server.enqueue(providerOf[dialect], reply.toolCall('get_weather', { city: 'Paris' }, 'call_1'))
    const options = { model: models()[dialect], prompt: 'Weather?', maxRetries: 0, tools: {} }
    const calls = stream ? await streamText(options).toolCalls : (await generateText(options)).toolCalls
    expect(calls).toMatchObject([{ toolCallId: 'call_1', toolName: 'get_weather', input: { city: 'Paris' } }])
  })

  it('answers a scripted HTTP error with its status, headers and body', async () => {
    server.enqueue(providerOf[dialect], anthropicRateLimited)
    const error = await generateText({ model: models()[dialect], prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e)
    expect(APICallError.isInstance(error)).toBe(true)
    const apiError = error as APICallError
    expect(apiError.statusCode).toBe(429)
    expect(apiError.responseHeaders?.['retry-after']).toBe('1')
    expect(apiError.responseBody).toContain('rate_limit_error')
  })

  it('drops the connection before answering (ECONNRESET)', async () => {
    server.enqueue(providerOf[dialect], connectionReset)
    const error = await generateText({ model: models()[dialect], prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e)
    const codes = errorChain(error).map((level) => (level as { code?: unknown }).code)
    expect(codes).toContain('ECONNRESET')
  })

  it('drops the connection after streamed text', async () => {
    server.enqueue(providerOf[dialect], connectionResetMidStream)
    const { text, error } = await runStream(models()[dialect])
    expect(text).toBe('Partial answer that')
    const codes = errorChain(error).map((level) => (level as { code?: unknown }).code)
    expect(codes).toContain('ECONNRESET')
  })
})

describe('dialect details', () => {
  it('Anthropic: signed thinking comes back with its signature', async () => {
    server.enqueue('anthropic', reply.text('Answer', { reasoning: { text: 'Because', signature: 'sig-1' } }))
    const result = await generateText({ model: models().anthropic, prompt: 'Hi', maxRetries: 0 })
    expect(result.reasoning).toMatchObject([{ text: 'Because', providerMetadata: { anthropic: { signature: 'sig-1' } } }])
  })

  it('Anthropic: an SSE error event after text reaches the stream as an error part', async () => {
    server.enqueue('anthropic', anthropicOverloadedStreamEvent)
    const { text, error } = await runStream(models().anthropic)
    expect(text).toBe('Let me think')
    expect(error).toMatchObject({ type: 'overloaded_error', message: 'Overloaded' })
  })

  it('OpenAI Responses: a response.failed chunk after text reaches the stream as an error part', async () => {
    server.enqueue('openai', openaiResponsesFailedServerError)
    const { text, error } = await runStream(models().openaiResponses)
    expect(text).toBe('Partial answer that')
    expect(error).toMatchObject({ code: 'server_error', isRetryable: true })
  })

  it('Cerebras: reasoning is returned, and the real 400 body is parsed', async () => {
    server.enqueue('cerebras', reply.text('Answer', { reasoning: { text: 'Because' } }), cerebrasReasoningContentUnsupported)
    const result = await generateText({ model: models().cerebras, prompt: 'Hi', maxRetries: 0 })
    expect(result.reasoningText).toBe('Because')
    const error = await generateText({ model: models().cerebras, prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e)
    expect((error as APICallError).message).toContain('reasoning_content')
  })

  it('a closed socket (no RST) is "socket hang up" / "other side closed", not ECONNRESET', async () => {
    server.enqueue('anthropic', socketHangUp)
    const error = await generateText({ model: models().anthropic, prompt: 'Hi', maxRetries: 0 }).catch((e: unknown) => e)
    expect(errorChain(error).map((level) => (level as { code?: unknown }).code)).not.toContain('ECONNRESET')
    expect(APICallError.isInstance(error)).toBe(true)
  })

  it('queues are per provider and answered in order; an empty queue fails loudly', async () => {
    server.enqueue('anthropic', reply.text('one'), reply.text('two'))
    expect(server.pending('anthropic')).toBe(2)
    expect((await generateText({ model: models().anthropic, prompt: 'a', maxRetries: 0 })).text).toBe('one')
    expect((await generateText({ model: models().anthropic, prompt: 'b', maxRetries: 0 })).text).toBe('two')
    const error = await generateText({ model: models().anthropic, prompt: 'c', maxRetries: 0 }).catch((e: unknown) => e)
    expect((error as APICallError).statusCode).toBe(500)
    expect((error as APICallError).responseBody).toContain('no reply queued for \\"anthropic\\"')
  })

  it('records headers (lower-cased) and bodies of every request, including unknown paths', async () => {
    server.enqueue('anthropic', anthropicInvalidToolUseId)
    await generateText({ model: models().anthropic, prompt: 'Hi', maxRetries: 0 }).catch(() => undefined)
    const response = await fetch(`${server.baseUrl('x')}/nope`, { method: 'POST', body: 'not json' })
    expect(response.status).toBe(404)
    expect(server.requests[0]?.headers['x-api-key']).toBe('k')
    expect(server.requests[0]?.api).toBe('anthropic-messages')
    expect(server.requests[1]).toMatchObject({ provider: 'x', api: null, body: 'not json' })
  })

  it('keeps only the most recent `keepRequests` requests, when a long-running server bounds them', async () => {
    const bounded = await startFakeProvider({ fallback: reply.text('ok'), keepRequests: 2 })
    try {
      const model = createOpenAICompatible({ name: 'bounded', baseURL: bounded.baseUrl('bounded'), apiKey: 'k' }).chatModel('m')
      for (const prompt of ['one', 'two', 'three', 'four']) await generateText({ model, prompt, maxRetries: 0 })
      const prompts = bounded.requests.map((request) => (request.body as { messages: { content: string }[] }).messages.at(-1)?.content)
      expect(prompts).toEqual(['three', 'four'])
    } finally {
      await bounded.close()
    }
  })

  it('envFor names the variables the agent reads', () => {
    expect(server.envFor('example-provider')).toEqual({
      EXAMPLE_PROVIDER_BASE_URL: server.baseUrl('example-provider'),
      EXAMPLE_PROVIDER_API_KEY: 'test-key-example-provider',
    })
  })
})

describe('a slow stream, a scripted fallback and a client that goes away', () => {
  it('answers from the request when the queue is empty, streams events apart, and records that the client closed mid-stream', async () => {
    const scripted = await startFakeProvider({
      fallback: (request) =>
        reply.text(`echo ${(request.body as { messages: { content: string }[] }).messages.at(-1)?.content} ${'word '.repeat(50)}`, { eventDelayMs: 30 }),
    })
    try {
      const model = createOpenAICompatible({ name: 'scripted', baseURL: scripted.baseUrl('scripted'), apiKey: 'k' }).chatModel('m')
      const controller = new AbortController()
      const result = streamText({ model, prompt: 'hello', abortSignal: controller.signal, maxRetries: 0 })
      let text = ''
      const started = Date.now()
      for await (const delta of result.textStream) {
        text += delta
        if (text.includes('word word')) controller.abort()
      }
      expect(text).toMatch(/^echo hello word word/)
      expect(Date.now() - started).toBeGreaterThanOrEqual(60)
      await expect.poll(() => scripted.requests[0]?.clientClosed).toBe(true)
    } finally {
      await scripted.close()
    }
  })

  it('does not count a connection the server drops as closed by the client', async () => {
    server.enqueue('openai', connectionReset)
    const model = createOpenAI({ baseURL: server.baseUrl('openai'), apiKey: 'k' }).chat('gpt-4o')
    await expect(generateText({ model, prompt: 'hi', maxRetries: 0 })).rejects.toThrow()
    expect(server.requests[0]?.clientClosed).toBe(false)
  })
})
