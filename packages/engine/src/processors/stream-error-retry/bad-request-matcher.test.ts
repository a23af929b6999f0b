import { describe, expect, it } from 'vitest'
import { isBadRequestError } from './bad-request-matcher.ts'
import { httpApiCallError } from './test-helpers.ts'

describe('isBadRequestError', () => {
  it('matches an HTTP 400 at any depth of the cause chain', () => {
    const anthropic400 = httpApiCallError({
      status: 400,
      body: {
        type: 'error',
        error: { type: 'invalid_request_error', message: "messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'" },
      },
    })
    expect(isBadRequestError(anthropic400)).toBe(true)
    expect(isBadRequestError(new Error('step failed', { cause: anthropic400 }))).toBe(true)
  })

  it('does not match other statuses or errors without one', () => {
    expect(isBadRequestError(httpApiCallError({ status: 429, body: {} }))).toBe(false)
    expect(isBadRequestError(new Error('400 Bad Request'))).toBe(false)
    expect(isBadRequestError(undefined)).toBe(false)
  })
})
