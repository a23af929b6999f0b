import { describe, expect, it } from 'vitest'
import { findTerminalError } from './terminal-errors.ts'
import { httpApiCallError } from './test-helpers.ts'

describe('findTerminalError', () => {
  it('HTTP 401 and 403, at any depth of the cause chain', () => {
    const openAIBadKey = httpApiCallError({
      status: 401,
      body: { error: { message: 'Incorrect API key provided: sk-xx.', type: 'invalid_request_error', code: 'invalid_api_key', param: null } },
    })
    expect(findTerminalError(openAIBadKey)).toEqual({ kind: 'http-401', detail: 'statusCode 401' })
    expect(findTerminalError(new Error('wrapped', { cause: openAIBadKey }))?.kind).toBe('http-401')
    expect(findTerminalError({ status: 403, message: 'Forbidden' })).toEqual({ kind: 'http-403', detail: 'status 403' })
  })

  it('a 401 or 403 inside a JSON response body', () => {
    const google = { message: 'stream failed', responseBody: JSON.stringify({ error: { code: 401, message: 'API key not valid', status: 'UNAUTHENTICATED' } }) }
    expect(findTerminalError(google)?.kind).toBe('http-401')
    const statusInBody = { message: 'proxy', responseBody: '{"error":{"status":403}}' }
    expect(findTerminalError(statusInBody)?.kind).toBe('http-403')
    expect(findTerminalError({ message: 'x', responseBody: '{"code":"401"}' })?.kind).toBe('http-401')
  })

  it.each(['invalid_api_key', 'authentication_error', 'permission_denied', 'permission_error', 'forbidden', 'access_denied', 'PERMISSION_DENIED'])(
    'the auth code or type %s, in a stream chunk, a body or on the error itself',
    (code) => {
      expect(findTerminalError({ type: 'error', error: { type: 'x', code, message: 'no' } })?.kind).toBe('auth-code')
      expect(findTerminalError({ type: 'error', error: { type: code, message: 'no' } })?.kind).toBe('auth-code')
      expect(findTerminalError({ message: 'x', responseBody: JSON.stringify({ error: { code } }) })?.kind).toBe('auth-code')
      expect(findTerminalError(Object.assign(new Error('no'), { code }))?.kind).toBe('auth-code')
    },
  )

  it('Anthropic 401 authentication_error (status first)', () => {
    const anthropic = httpApiCallError({ status: 401, body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } } })
    expect(findTerminalError(anthropic)?.kind).toBe('http-401')
  })

  it('OpenAI 429 insufficient_quota (beyond the spec)', () => {
    const quota = httpApiCallError({
      status: 429,
      body: {
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
        },
      },
    })
    expect(quota.isRetryable).toBe(true) // what the SDK says for any 429: why the processor must know better
    expect(findTerminalError(quota)).toEqual({ kind: 'insufficient-quota', detail: 'code insufficient_quota' })
  })

  it('x-should-retry: false (beyond the spec), but not true', () => {
    const no = httpApiCallError({
      status: 429,
      body: { type: 'error', error: { type: 'rate_limit_error', message: 'rate' } },
      headers: { 'X-Should-Retry': 'false', 'retry-after': '1' },
    })
    expect(findTerminalError(no)).toEqual({ kind: 'should-not-retry', detail: 'header x-should-retry: false' })
    const yes = httpApiCallError({
      status: 429,
      body: { type: 'error', error: { type: 'rate_limit_error', message: 'rate' } },
      headers: { 'x-should-retry': 'true' },
    })
    expect(findTerminalError(yes)).toBeUndefined()
  })

  it.each([
    ['a 429 rate limit', httpApiCallError({ status: 429, body: { error: { message: 'Rate limit', type: 'requests', code: 'rate_limit_exceeded' } } })],
    ['an Anthropic 529 overload', httpApiCallError({ status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } })],
    ['a 400', httpApiCallError({ status: 400, body: { error: { message: 'bad', code: 'string_above_max_length' } } })],
    ['ECONNRESET', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    ['a body that is not JSON', { message: 'x', responseBody: '<html>401</html>' }],
    ['nothing', undefined],
  ])('is not terminal: %s', (_label, error) => {
    expect(findTerminalError(error)).toBeUndefined()
  })

  it('survives a cycle in the cause chain', () => {
    const a = new Error('a')
    const b = new Error('b', { cause: a })
    ;(a as { cause?: unknown }).cause = b
    expect(findTerminalError(a)).toBeUndefined()
    ;(b as unknown as { statusCode: number }).statusCode = 403
    expect(findTerminalError(a)?.kind).toBe('http-403')
  })
})
