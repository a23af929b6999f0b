import { APICallError } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import { isRetryableOpenAIResponsesStreamError } from './openai-responses-matcher.ts'
import { openAIResponseFailedChunk, openAIServerErrorChunk } from './test-helpers.ts'

const nested = (error: Record<string, unknown>) => ({ type: 'error', sequence_number: 1, error })
const failed = (error: Record<string, unknown>) => ({ type: 'response.failed', sequence_number: 1, response: { status: 'failed', error } })

describe('isRetryableOpenAIResponsesStreamError', () => {
  it('matches the raw chunks of provider-errors.md', () => {
    expect(isRetryableOpenAIResponsesStreamError(openAIServerErrorChunk)).toBe(true)
    expect(isRetryableOpenAIResponsesStreamError(openAIResponseFailedChunk)).toBe(true)
  })

  it.each([
    'rate_limit_exceeded',
    'server_error',
    'internal_error',
    'request_timeout',
    'temporarily_unavailable',
    'service_unavailable',
    'model_overloaded',
    'SERVER_ERROR',
  ])('retries the code %s in all three chunk forms', (code) => {
    expect(isRetryableOpenAIResponsesStreamError(nested({ type: 'x', code, message: 'm' }))).toBe(true)
    expect(isRetryableOpenAIResponsesStreamError(failed({ code, message: 'm' }))).toBe(true)
    expect(isRetryableOpenAIResponsesStreamError({ type: 'error', sequence_number: 1, code, message: 'm', param: null })).toBe(true)
  })

  it('uses the type only when there is no code', () => {
    expect(isRetryableOpenAIResponsesStreamError(nested({ type: 'server_error', code: null, message: 'm' }))).toBe(true)
    expect(isRetryableOpenAIResponsesStreamError(nested({ type: 'server_error', code: 'context_length_exceeded', message: 'm' }))).toBe(false)
  })

  it('retries on explicit retry guidance in the message, whatever the code', () => {
    expect(isRetryableOpenAIResponsesStreamError(nested({ type: 'invalid_request_error', code: 'odd', message: 'Oops. You can retry your request.' }))).toBe(
      true,
    )
    expect(isRetryableOpenAIResponsesStreamError({ type: 'error', message: 'you can retry your request' })).toBe(true)
  })

  it.each([
    ['a non-transient code', nested({ type: 'invalid_request_error', code: 'invalid_prompt', message: 'Invalid prompt' })],
    ['quota exhaustion', nested({ type: 'insufficient_quota', code: 'insufficient_quota', message: 'You exceeded your current quota' })],
    ['response.failed without an error', { type: 'response.failed', response: { status: 'failed', error: null } }],
    ['a chunk of another type', { type: 'response.output_text.delta', delta: 'server_error' }],
    ['the flattened chunk type alone', { type: 'error' }],
    ['an HTTP error body (not a stream chunk)', { error: { type: 'server_error', code: 'server_error', message: 'm' } }],
    ['a plain Error', new Error('server_error')],
    ['a string', 'server_error'],
    ['nothing', undefined],
  ])('does not match %s', (_label, value) => {
    expect(isRetryableOpenAIResponsesStreamError(value)).toBe(false)
  })

  it('recognises what @ai-sdk/openai surfaces: the chunk as `data` of an APICallError or of the stream error object', () => {
    // before any output: the model throws an APICallError carrying the chunk
    const beforeOutput = new APICallError({
      message: openAIServerErrorChunk.error.message,
      url: 'http://127.0.0.1/v1/responses',
      requestBodyValues: {},
      statusCode: 500,
      responseBody: JSON.stringify(openAIServerErrorChunk),
      data: openAIServerErrorChunk,
      isRetryable: true,
    })
    expect(isRetryableOpenAIResponsesStreamError(beforeOutput)).toBe(true)
    // after output: `{ type: 'error', error }` with error = { message, type, code, statusCode, isRetryable, data }
    const afterOutput = {
      message: 'The server had an error.',
      type: 'response.failed',
      code: 'server_error',
      statusCode: 500,
      isRetryable: true,
      data: openAIResponseFailedChunk,
    }
    expect(isRetryableOpenAIResponsesStreamError(afterOutput)).toBe(true)
    // the stream part itself, should a caller pass it on as the error
    expect(isRetryableOpenAIResponsesStreamError({ type: 'error', error: afterOutput })).toBe(true)
  })
})
