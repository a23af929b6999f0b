// The three code examples of docs/spec/stream-error-retry.md, pasted unchanged
// (the Agent example minus the Agent itself, which another module provides).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APICallError } from '@ai-sdk/provider'
import { StreamErrorRetryProcessor } from './processor.ts'
import { apiErrorArgs, httpApiCallError, openAIServerErrorChunk, runWithFakeTimers } from './test-helpers.ts'
import { isECONNRESET } from '../../testing/spec-examples.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('spec example: basic agent configuration', () => {
  const agentConfig = {
    id: 'openai-agent',
    name: 'openai-agent',
    instructions: 'You are a helpful assistant.',
    model: 'openai/gpt-5',
    errorProcessors: [new StreamErrorRetryProcessor()],
  }

  it('retries an OpenAI Responses stream error once, at once', async () => {
    const [processor] = agentConfig.errorProcessors
    expect(await runWithFakeTimers(processor!, apiErrorArgs(openAIServerErrorChunk))).toEqual({ result: { retry: true }, waitedMs: 0 })
    expect(await processor!.processAPIError(apiErrorArgs(openAIServerErrorChunk, { retryCount: 1 }))).toBeUndefined()
  })
})

describe('spec example: retryUnknownErrors', () => {
  const config = {
    errorProcessors: [new StreamErrorRetryProcessor({ retryUnknownErrors: true, maxRetries: 2, delayMs: 3000 })],
  }
  const [processor] = config.errorProcessors

  it('retries an unknown error twice, 3 s apart, then stops', async () => {
    const unknown = new Error('something odd happened')
    expect(await runWithFakeTimers(processor!, apiErrorArgs(unknown, { retryCount: 0 }))).toEqual({ result: { retry: true }, waitedMs: 3000 })
    expect(await runWithFakeTimers(processor!, apiErrorArgs(unknown, { retryCount: 1 }))).toEqual({ result: { retry: true }, waitedMs: 3000 })
    expect(await runWithFakeTimers(processor!, apiErrorArgs(unknown, { retryCount: 2 }))).toEqual({ result: undefined, waitedMs: 0 })
  })

  it('never retries a 401 or 403', async () => {
    for (const status of [401, 403]) {
      const denied = httpApiCallError({ status, body: { error: { message: 'denied' } } })
      expect(await runWithFakeTimers(processor!, apiErrorArgs(denied))).toEqual({ result: undefined, waitedMs: 0 })
    }
  })
})

describe('spec example: retry delay with a custom matcher', () => {
  const config = {
    errorProcessors: [
      new StreamErrorRetryProcessor({
        maxRetries: 2,
        delayMs: ({ retryCount }) => Math.min(1000 * 2 ** retryCount, 30000),
        matchers: [isECONNRESET],
      }),
    ],
  }
  const [processor] = config.errorProcessors

  it('retries ECONNRESET with exponential backoff, twice', async () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
    expect(await runWithFakeTimers(processor!, apiErrorArgs(reset, { retryCount: 0 }))).toEqual({ result: { retry: true }, waitedMs: 1000 })
    expect(await runWithFakeTimers(processor!, apiErrorArgs(reset, { retryCount: 1 }))).toEqual({ result: { retry: true }, waitedMs: 2000 })
    expect(await runWithFakeTimers(processor!, apiErrorArgs(reset, { retryCount: 2 }))).toEqual({ result: undefined, waitedMs: 0 })
  })

  it('matches "socket hang up" and the SDK wrapping of a dropped connection', async () => {
    expect(await runWithFakeTimers(processor!, apiErrorArgs(new Error('socket hang up')))).toEqual({ result: { retry: true }, waitedMs: 1000 })
    // @ai-sdk/provider-utils turns a failed fetch into this APICallError (isRetryable: true, the network error as cause)
    const sdkWrapped = new APICallError({
      message: 'Cannot connect to API: read ECONNRESET',
      url: 'http://127.0.0.1/v1/responses',
      requestBodyValues: {},
      cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      isRetryable: true,
    })
    expect(await processor!.decide(apiErrorArgs(sdkWrapped))).toMatchObject({ retry: true, reason: 'matcher', maxRetries: 2, delayMs: 1000 })
  })
})
