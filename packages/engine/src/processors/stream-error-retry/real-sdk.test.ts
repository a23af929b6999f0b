// What @ai-sdk/openai (through `ai`'s streamText) really hands the caller for
// each provider failure, over HTTP from the loopback fake provider, and what
// the processor decides about it.
import { createOpenAI } from '@ai-sdk/openai'
import { APICallError } from '@ai-sdk/provider'
import { streamText } from 'ai'
import { describe, expect, it } from 'vitest'
import type { FakeReply } from '../../loopback-provider/fake-replies.ts'
import { StreamErrorRetryProcessor } from './processor.ts'
import { apiErrorArgs, openAIResponseFailedChunk, openAIServerErrorChunk } from './test-helpers.ts'
import { useFakeProvider } from '../../testing/use-fake-provider.ts'
import { isECONNRESET } from '../../testing/spec-examples.ts'

const server = useFakeProvider()

/** Streams one Responses call and returns the text and the error the caller received (as an error part or a rejection). */
async function streamOnce(reply: FakeReply): Promise<{ text: string; error: unknown }> {
  server.enqueue('openai', reply)
  const openai = createOpenAI({ baseURL: server.baseUrl('openai'), apiKey: 'test-key' })
  const result = streamText({ model: openai.responses('gpt-5'), prompt: 'Hi', maxRetries: 0, onError: () => {} })
  let text = ''
  let error: unknown
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') text += part.text
      if (part.type === 'error') error = part.error
    }
  } catch (thrown) {
    error = thrown
  }
  return { text, error }
}

const processor = new StreamErrorRetryProcessor({ maxRetries: 2, matchers: [{ match: isECONNRESET, maxRetries: 4, delayMs: 100 }] })
const decide = (error: unknown) => processor.decide(apiErrorArgs(error))

describe('errors as @ai-sdk/openai surfaces them', () => {
  it('response.failed after some text', async () => {
    const { text, error } = await streamOnce({ kind: 'stream-error', text: 'Partial answer', chunk: { ...openAIResponseFailedChunk, sequence_number: 90 } })
    expect(text).toBe('Partial answer')
    expect(error).toMatchObject({ type: 'response.failed', code: 'server_error', data: { type: 'response.failed' } })
    expect(await decide(error)).toMatchObject({ retry: true, reason: 'openai-responses' })
  })

  it('an error chunk before any output (thrown as an APICallError carrying the chunk)', async () => {
    // the fake provider's stream-error reply always opens an output item first, so this
    // SSE body is sent raw ("status, headers and body exactly as given")
    const created = {
      type: 'response.created',
      sequence_number: 0,
      response: { id: 'resp_1', created_at: 1, model: 'gpt-5', status: 'in_progress', output: [] },
    }
    const sse = [created, { ...openAIServerErrorChunk, sequence_number: 1 }].map((chunk) => `event: ${chunk.type}\ndata: ${JSON.stringify(chunk)}\n\n`).join('')
    const { text, error } = await streamOnce({ kind: 'http-error', status: 200, headers: { 'content-type': 'text/event-stream' }, body: sse })
    expect(text).toBe('')
    expect(APICallError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ statusCode: 500, isRetryable: true, data: { type: 'error' } })
    expect(await decide(error)).toMatchObject({ retry: true, reason: 'openai-responses' })
  })

  it('an error chunk right after the first output item (the stream error object carrying the chunk)', async () => {
    const { error } = await streamOnce({ kind: 'stream-error', text: '', chunk: openAIServerErrorChunk })
    expect(APICallError.isInstance(error)).toBe(false)
    expect(error).toMatchObject({ type: 'server_error', code: 'server_error', statusCode: 500, isRetryable: true, data: { type: 'error' } })
    expect(await decide(error)).toMatchObject({ retry: true, reason: 'openai-responses' })
  })

  it('the flattened error chunk after text', async () => {
    const chunk = { type: 'error', sequence_number: 90, code: 'server_error', message: 'The server had an error while processing your request.', param: null }
    const { error } = await streamOnce({ kind: 'stream-error', text: 'Hello', chunk })
    expect(await decide(error)).toMatchObject({ retry: true, reason: 'openai-responses' })
  })

  it('a mid-stream rate limit: retried after the wait named in the text', async () => {
    const chunk = {
      type: 'error',
      sequence_number: 90,
      error: {
        type: 'tokens',
        code: 'rate_limit_exceeded',
        message: 'Rate limit reached for gpt-5 on tokens per min (TPM): Limit 450000, Used 379102, Requested 89741. Please try again in 2.512s.',
        param: null,
      },
    }
    const { error } = await streamOnce({ kind: 'stream-error', text: 'Hello', chunk })
    expect(await decide(error)).toMatchObject({ retry: true, reason: 'openai-responses', delayMs: 2512, delaySource: 'error-text' })
  })

  it('a 429 with Retry-After: 2', async () => {
    const { error } = await streamOnce({
      kind: 'http-error',
      status: 429,
      headers: { 'Retry-After': '2' },
      body: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded', param: null } },
    })
    expect(await decide(error)).toMatchObject({ retry: true, reason: 'is-retryable', delayMs: 2000, delaySource: 'retry-after' })
  })

  it('a 429 insufficient_quota is not retried', async () => {
    const { error } = await streamOnce({
      kind: 'http-error',
      status: 429,
      body: {
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
          param: null,
        },
      },
    })
    expect(await decide(error)).toMatchObject({ retry: false, reason: 'terminal', terminalReason: { kind: 'insufficient-quota' } })
  })

  it('a 401 is not retried, even with retryUnknownErrors', async () => {
    const { error } = await streamOnce({
      kind: 'http-error',
      status: 401,
      body: { error: { message: 'Incorrect API key provided: test-key.', type: 'invalid_request_error', code: 'invalid_api_key', param: null } },
    })
    const catchAll = new StreamErrorRetryProcessor({ retryUnknownErrors: true })
    expect(await catchAll.decide(apiErrorArgs(error))).toMatchObject({ retry: false, reason: 'terminal', terminalReason: { kind: 'http-401' } })
  })

  it('a connection reset before any byte: the spec ECONNRESET matcher retries it', async () => {
    const { error } = await streamOnce({ kind: 'drop' })
    expect(await decide(error)).toMatchObject({ retry: true, reason: 'matcher', matcherIndex: 0, maxRetries: 4, delayMs: 100 })
  })

  it('a connection reset after some text', async () => {
    const { text, error } = await streamOnce({ kind: 'drop', text: 'Half an ans' })
    expect(text.length).toBeGreaterThan(0)
    // the stream rejects with "Failed to process successful response", the reset two causes down
    expect(APICallError.isInstance(error)).toBe(true)
    expect(await decide(error)).toMatchObject({ retry: true, reason: 'matcher', chainIndex: 2, maxRetries: 4, delayMs: 100 })
  })
})
