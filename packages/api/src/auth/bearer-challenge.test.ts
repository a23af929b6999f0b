import { describe, expect, it } from 'vitest'
import { bearerChallenge } from './bearer-challenge.ts'

describe('bearerChallenge', () => {
  it('names invalid_token only when a token was presented (RFC 6750 3.1)', () => {
    expect(bearerChallenge(false)).toBe('Bearer realm="threadline"')
    expect(bearerChallenge(true)).toBe('Bearer realm="threadline", error="invalid_token", error_description="The API token is unknown, revoked or expired"')
  })
})
