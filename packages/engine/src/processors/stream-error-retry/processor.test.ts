import { getEventListeners } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProcessAPIErrorArgs, ProcessAPIErrorResult } from '../types.ts'
import { isBadRequestError } from './bad-request-matcher.ts'
import { InvalidStreamErrorRetryOptionsError } from '../../errors/index.ts'
import type { StreamErrorRetryEvent } from './options.ts'
import { StreamErrorRetryProcessor } from './processor.ts'
import { apiErrorArgs, httpApiCallError, openAIResponseFailedChunk, openAIServerErrorChunk, runWithFakeTimers } from './test-helpers.ts'

const econnreset = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2025-03-01T12:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('StreamErrorRetryProcessor', () => {
  it('has the spec id and name and only processAPIError', () => {
    const processor = new StreamErrorRetryProcessor()
    expect(processor.id).toBe('stream-error-retry-processor')
    expect(processor.name).toBe('Stream Error Retry Processor')
    expect(typeof processor.processAPIError).toBe('function')
    expect('processLLMRequest' in processor).toBe(false)
  })

  it('throws a typed error for nonsense options', () => {
    expect(() => new StreamErrorRetryProcessor({ maxRetries: -1 })).toThrow(InvalidStreamErrorRetryOptionsError)
    expect(() => new StreamErrorRetryProcessor({ maxRetries: 0.5 })).toThrow(/maxRetries: must be a whole number/)
  })

  it('retries a retryable error once by default, without changing the messages', async () => {
    const processor = new StreamErrorRetryProcessor()
    const messages = [{ id: 'm1' }] as unknown as ProcessAPIErrorArgs['messages']
    expect(await processor.processAPIError(apiErrorArgs(openAIServerErrorChunk, { messages }))).toEqual({ retry: true })
    expect(messages).toEqual([{ id: 'm1' }])
    expect(await processor.processAPIError(apiErrorArgs(openAIServerErrorChunk, { retryCount: 1 }))).toBeUndefined()
  })

  it('gives no opinion on errors it does not retry', async () => {
    expect(await new StreamErrorRetryProcessor().processAPIError(apiErrorArgs(new Error('weird')))).toBeUndefined()
  })

  it('waits for Retry-After: 2 before asking for the retry', async () => {
    const rateLimited = httpApiCallError({
      status: 429,
      body: { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } },
      headers: { 'Retry-After': '2' },
    })
    const { result, waitedMs } = await runWithFakeTimers(new StreamErrorRetryProcessor(), apiErrorArgs(rateLimited))
    expect(result).toEqual({ retry: true })
    expect(waitedMs).toBe(2000)
  })

  it('waits an HTTP-date Retry-After', async () => {
    const rateLimited = httpApiCallError({ status: 503, body: {}, headers: { 'retry-after': 'Sat, 01 Mar 2025 12:00:05 GMT' } })
    expect((await runWithFakeTimers(new StreamErrorRetryProcessor(), apiErrorArgs(rateLimited))).waitedMs).toBe(5000)
  })

  it('keeps an explicit delay longer than the cap, and caps the provider delay', async () => {
    const azure = httpApiCallError({
      status: 429,
      body: {
        error: { code: '429', message: 'Requests to the ChatCompletions_Create Operation have exceeded the rate limit. Please retry after 45 seconds.' },
      },
      headers: { 'Retry-After': '45' },
    })
    expect((await runWithFakeTimers(new StreamErrorRetryProcessor({ maxRetryAfterMs: 1000 }), apiErrorArgs(azure))).waitedMs).toBe(1000)
    expect((await runWithFakeTimers(new StreamErrorRetryProcessor({ maxRetryAfterMs: 1000, delayMs: 3000 }), apiErrorArgs(azure))).waitedMs).toBe(3000)
    expect((await runWithFakeTimers(new StreamErrorRetryProcessor({ maxRetryAfterMs: 1000, delayMs: 60_000 }), apiErrorArgs(azure))).waitedMs).toBe(60_000)
    expect((await runWithFakeTimers(new StreamErrorRetryProcessor(), apiErrorArgs(azure))).waitedMs).toBe(30_000)
    expect((await runWithFakeTimers(new StreamErrorRetryProcessor({ maxRetryAfterMs: 60_000 }), apiErrorArgs(azure))).waitedMs).toBe(45_000)
  })

  it('calls onRetry with useful info before waiting', async () => {
    const events: { event: StreamErrorRetryEvent; timers: number }[] = []
    const processor = new StreamErrorRetryProcessor({
      maxRetries: 3,
      delayMs: 250,
      onRetry: (event) => void events.push({ event, timers: vi.getTimerCount() }),
    })
    const error = httpApiCallError({ status: 500, body: {} })
    const { waitedMs } = await runWithFakeTimers(processor, apiErrorArgs(error, { retryCount: 1 }))
    expect(waitedMs).toBe(250)
    expect(events).toEqual([
      {
        event: { error, retryCount: 1, attempt: 2, maxRetries: 3, delayMs: 250, delaySource: 'configured', reason: 'is-retryable' },
        timers: 0, // called before the wait started
      },
    ])
  })

  it('awaits an async onRetry before the wait', async () => {
    const order: string[] = []
    const processor = new StreamErrorRetryProcessor({
      onRetry: async () => {
        await Promise.resolve()
        order.push('onRetry')
      },
    })
    await processor.processAPIError(apiErrorArgs(openAIServerErrorChunk)).then(() => order.push('resolved'))
    expect(order).toEqual(['onRetry', 'resolved'])
  })

  it('uses the matched entry policy: its maxRetries, delayMs and onRetry', async () => {
    const processorLevel: StreamErrorRetryEvent[] = []
    const entryLevel: StreamErrorRetryEvent[] = []
    const processor = new StreamErrorRetryProcessor({
      maxRetries: 1,
      delayMs: 100,
      onRetry: (event) => void processorLevel.push(event),
      matchers: [
        { match: (error) => (error as { code?: string }).code === 'ECONNRESET', maxRetries: 3, delayMs: 700, onRetry: (event) => void entryLevel.push(event) },
      ],
    })
    const { waitedMs } = await runWithFakeTimers(processor, apiErrorArgs(econnreset(), { retryCount: 2 }))
    expect(waitedMs).toBe(700)
    expect(entryLevel).toMatchObject([{ reason: 'matcher', matcherIndex: 0, maxRetries: 3, delayMs: 700, attempt: 3 }])
    expect(processorLevel).toEqual([])
    // an entry without onRetry falls back to the processor's
    const fallback = new StreamErrorRetryProcessor({ onRetry: (event) => void processorLevel.push(event), matchers: [{ match: () => true }] })
    await fallback.processAPIError(apiErrorArgs(new Error('x')))
    expect(processorLevel).toMatchObject([{ reason: 'matcher', matcherIndex: 0 }])
  })

  it('leaves no timer and calls no onRetry when the budget is exhausted', async () => {
    const onRetry = vi.fn()
    const processor = new StreamErrorRetryProcessor({ maxRetries: 2, delayMs: 5000, onRetry })
    const pending = processor.processAPIError(apiErrorArgs(httpApiCallError({ status: 500, body: {} }), { retryCount: 2 }))
    expect(vi.getTimerCount()).toBe(0)
    expect(await pending).toBeUndefined()
    expect(vi.getTimerCount()).toBe(0)
    expect(onRetry).not.toHaveBeenCalled()
  })

  it('maxRetries: 0 never retries nor waits', async () => {
    const processor = new StreamErrorRetryProcessor({ maxRetries: 0, delayMs: 5000, retryUnknownErrors: true })
    const pending = processor.processAPIError(apiErrorArgs(openAIServerErrorChunk))
    expect(vi.getTimerCount()).toBe(0)
    expect(await pending).toBeUndefined()
  })

  it('an already-aborted signal: no onRetry, no wait, no retry', async () => {
    const controller = new AbortController()
    controller.abort()
    const onRetry = vi.fn()
    const processor = new StreamErrorRetryProcessor({ delayMs: 5000, onRetry })
    const pending = processor.processAPIError(apiErrorArgs(openAIServerErrorChunk, { abortSignal: controller.signal }))
    expect(vi.getTimerCount()).toBe(0)
    expect(await pending).toBeUndefined()
    expect(onRetry).not.toHaveBeenCalled()
  })

  it('an abort during the wait ends it early with no retry and clears the timer', async () => {
    const controller = new AbortController()
    const processor = new StreamErrorRetryProcessor({ delayMs: 10_000 })
    let result: ProcessAPIErrorResult | 'pending' = 'pending'
    void processor.processAPIError(apiErrorArgs(openAIServerErrorChunk, { abortSignal: controller.signal })).then((value) => (result = value))
    await vi.advanceTimersByTimeAsync(1000)
    expect(result).toBe('pending')
    controller.abort()
    await vi.advanceTimersByTimeAsync(0)
    expect(result).toBeUndefined()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('leaves no abort listener behind across 100 retries on one long-lived signal', async () => {
    const controller = new AbortController()
    const processor = new StreamErrorRetryProcessor({ maxRetries: 100, delayMs: 10, retryUnknownErrors: true })
    for (let retryCount = 0; retryCount < 100; retryCount++) {
      const pending = processor.processAPIError(apiErrorArgs(new Error('flaky'), { retryCount, abortSignal: controller.signal }))
      await vi.advanceTimersByTimeAsync(0)
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1) // the wait is listening
      await vi.advanceTimersByTimeAsync(10)
      expect(await pending).toEqual({ retry: true })
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('never retries a 401, even with retryUnknownErrors', async () => {
    const onRetry = vi.fn()
    const badKey = httpApiCallError({
      status: 401,
      body: { error: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided' } },
    })
    const processor = new StreamErrorRetryProcessor({ retryUnknownErrors: true, maxRetries: 5, onRetry })
    expect(await processor.processAPIError(apiErrorArgs(badKey))).toBeUndefined()
    expect(onRetry).not.toHaveBeenCalled()
  })

  it('decide() explains with the same code as processAPIError, without waiting or calling onRetry', async () => {
    const onRetry = vi.fn()
    const processor = new StreamErrorRetryProcessor({ delayMs: 5000, onRetry })
    expect(await processor.decide(apiErrorArgs(openAIResponseFailedChunk))).toMatchObject({ retry: true, reason: 'openai-responses', delayMs: 5000 })
    expect(vi.getTimerCount()).toBe(0)
    expect(onRetry).not.toHaveBeenCalled()
  })
})

describe('the real error bodies of provider-errors.md', () => {
  const anthropicOverload = httpApiCallError({ status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } })
  const anthropicRateLimit = httpApiCallError({
    status: 429,
    body: { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } },
    headers: { 'retry-after': '12', 'x-should-retry': 'true' },
  })
  const anthropicToolId = httpApiCallError({
    status: 400,
    body: {
      type: 'error',
      error: { type: 'invalid_request_error', message: "messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'" },
    },
  })
  const cerebrasReasoning = httpApiCallError({
    status: 400,
    body: {
      message: "messages.2.assistant.reasoning_content: property 'messages.2.assistant.reasoning_content' is unsupported",
      type: 'invalid_request_error',
      param: 'validation_error',
      code: 'wrong_api_format',
    },
  })
  const openAIToolIdTooLong = httpApiCallError({
    status: 400,
    body: {
      error: {
        message: "Invalid 'messages[2].tool_calls[0].id': string too long. Expected a string with maximum length 40, but got a string with length 43 instead.",
        type: 'invalid_request_error',
        code: 'string_above_max_length',
        param: 'messages[2].tool_calls[0].id',
      },
    },
  })
  const openAIQuota = httpApiCallError({
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
  const openAIBadKey = httpApiCallError({
    status: 401,
    body: {
      error: {
        message: 'Incorrect API key provided: sk-proj-****. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
        param: null,
      },
    },
  })
  const azureRateLimit = httpApiCallError({
    status: 429,
    body: {
      error: {
        code: '429',
        message:
          'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after 45 seconds.',
      },
    },
    headers: { 'Retry-After': '45' },
  })
  const openAIMidStreamRateLimit = {
    message:
      'Rate limit reached for gpt-5 in organization org-x on tokens per min (TPM): Limit 450000, Used 379102, Requested 89741. Please try again in 2.512s.',
    type: 'tokens',
    code: 'rate_limit_exceeded',
    statusCode: 429,
    isRetryable: true,
    data: {
      type: 'error',
      sequence_number: 4,
      error: { type: 'tokens', code: 'rate_limit_exceeded', message: 'Rate limit reached ... Please try again in 2.512s.' },
    },
  }

  it.each([
    ['Anthropic 529 overload', anthropicOverload, { retry: true, delayMs: 0 }],
    ['Anthropic 429 with retry-after: 12', anthropicRateLimit, { retry: true, delayMs: 12_000, delaySource: 'retry-after' }],
    ['Anthropic 400 tool id', anthropicToolId, { retry: false, reason: 'no-match' }],
    ['Cerebras 400 reasoning_content', cerebrasReasoning, { retry: false, reason: 'no-match' }],
    ['OpenAI 400 tool id too long', openAIToolIdTooLong, { retry: false, reason: 'no-match' }],
    ['OpenAI Responses server_error chunk', openAIServerErrorChunk, { retry: true, reason: 'openai-responses' }],
    ['OpenAI Responses response.failed chunk', openAIResponseFailedChunk, { retry: true, reason: 'openai-responses' }],
    ['OpenAI mid-stream rate limit', openAIMidStreamRateLimit, { retry: true, reason: 'openai-responses', delayMs: 2512, delaySource: 'error-text' }],
    ['OpenAI 429 insufficient_quota', openAIQuota, { retry: false, reason: 'terminal' }],
    ['OpenAI 401 invalid_api_key', openAIBadKey, { retry: false, reason: 'terminal' }],
    ['Azure 429 Retry-After: 45 (capped at 30 s)', azureRateLimit, { retry: true, reason: 'is-retryable', delayMs: 30_000, delaySource: 'retry-after' }],
    ['ECONNRESET (no matcher)', econnreset(), { retry: false, reason: 'no-match' }],
  ])('%s', async (_label, error, expected) => {
    expect(await new StreamErrorRetryProcessor().decide(apiErrorArgs(error))).toMatchObject(expected)
  })

  it('isBadRequestError as a custom matcher retries the 400s', async () => {
    const processor = new StreamErrorRetryProcessor({ matchers: [isBadRequestError] })
    for (const error of [anthropicToolId, cerebrasReasoning, openAIToolIdTooLong]) {
      expect(await processor.decide(apiErrorArgs(error))).toMatchObject({ retry: true, reason: 'matcher' })
    }
    expect(await processor.decide(apiErrorArgs(openAIBadKey))).toMatchObject({ retry: false, reason: 'terminal' })
  })
})
