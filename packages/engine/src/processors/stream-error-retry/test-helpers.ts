// Test builders: processAPIError arguments, and provider errors built the way
// the AI SDK builds them (createJsonErrorResponseHandler / the OpenAI stream error paths).
import { APICallError } from '@ai-sdk/provider'
import { vi } from 'vitest'
import type { ProcessAPIErrorArgs, ProcessAPIErrorResult, Processor } from '../types.ts'

export function apiErrorArgs(error: unknown, overrides: Partial<ProcessAPIErrorArgs> = {}): ProcessAPIErrorArgs {
  return { error, messages: [], retryCount: 0, stepNumber: 0, state: {}, model: 'openai/gpt-5', ...overrides }
}

/**
 * Runs processAPIError under fake timers, jumping from timer to timer, and
 * reports its result and how long it waited (exact fake-clock milliseconds).
 */
export async function runWithFakeTimers(processor: Processor, args: ProcessAPIErrorArgs) {
  const started = Date.now()
  let settled: { result: ProcessAPIErrorResult; waitedMs: number } | undefined
  void Promise.resolve(processor.processAPIError!(args)).then((result) => (settled = { result, waitedMs: Date.now() - started }))
  await vi.advanceTimersByTimeAsync(0)
  for (let step = 0; settled === undefined && step < 100; step++) await vi.advanceTimersToNextTimerAsync()
  if (settled === undefined) throw new Error('processAPIError did not settle')
  return settled
}

/** An HTTP error response as the SDK turns it into an APICallError: message from the JSON body, isRetryable by status. */
export function httpApiCallError(options: { status: number; body: unknown; headers?: Record<string, string>; isRetryable?: boolean }): APICallError {
  const responseBody = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
  const data = typeof options.body === 'string' ? undefined : options.body
  const message = (data as { error?: { message?: string } } | undefined)?.error?.message ?? `HTTP ${options.status}`
  return new APICallError({
    message,
    url: 'http://127.0.0.1/v1/responses',
    requestBodyValues: {},
    statusCode: options.status,
    responseHeaders: { 'content-type': 'application/json', ...options.headers },
    responseBody,
    ...(data !== undefined ? { data } : {}),
    ...(options.isRetryable !== undefined ? { isRetryable: options.isRetryable } : {}),
  })
}

/** The OpenAI Responses `error` chunk of docs/spec/provider-errors.md (transient server error). */
export const openAIServerErrorChunk = {
  type: 'error',
  sequence_number: 2,
  error: {
    type: 'server_error',
    code: 'server_error',
    message:
      'An error occurred while processing your request. You can retry your request, or contact us through our help center at help.openai.com if the error persists. Please include the request ID req_123 in your message.',
    param: null,
  },
}

/** The `response.failed` chunk of docs/spec/provider-errors.md. */
export const openAIResponseFailedChunk = {
  type: 'response.failed',
  sequence_number: 5,
  response: { id: 'resp_1', status: 'failed', error: { code: 'server_error', message: 'The server had an error.' } },
}
