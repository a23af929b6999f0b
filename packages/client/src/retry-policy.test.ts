import { describe, expect, it } from 'vitest'
import { retryDelayMs } from './retry-policy.ts'
import { ThreadlineError, type ThreadlineErrorInit } from './threadline-error.ts'

const failure = (init: Partial<ThreadlineErrorInit>) => new ThreadlineError('x', { kind: 'server', code: 'X', ...init })

describe('retryDelayMs', () => {
  it('retries a 429 for any call, as long as Retry-After says', () => {
    expect(retryDelayMs(failure({ code: 'TOO_MANY_REQUESTS', status: 429, retryAfterMs: 1000 }), 0, false, {})).toBe(1000)
  })
  it('hands over a Retry-After longer than maxDelayMs, and stops after maxRetries', () => {
    expect(retryDelayMs(failure({ code: 'TOO_MANY_REQUESTS', retryAfterMs: 5000 }), 0, true, { maxDelayMs: 1000 })).toBeNull()
    expect(retryDelayMs(failure({ code: 'TOO_MANY_REQUESTS', retryAfterMs: 10 }), 3, true, {})).toBeNull()
  })
  it('retries network errors and 5xx only when the call is safe to repeat', () => {
    const network = failure({ kind: 'network', code: 'NETWORK_ERROR' })
    const unavailable = failure({ kind: 'http', code: 'SERVICE_UNAVAILABLE', status: 503 })
    expect(retryDelayMs(network, 0, false, {})).toBeNull()
    expect(retryDelayMs(unavailable, 0, false, {})).toBeNull()
    expect(retryDelayMs(network, 0, true, {})).not.toBeNull()
    expect(retryDelayMs(unavailable, 0, true, {})).not.toBeNull()
    expect(retryDelayMs(failure({ code: 'BAD_REQUEST', status: 400 }), 0, true, {})).toBeNull()
  })
  it('backs off exponentially with jitter between half and all of the ceiling', () => {
    const network = failure({ kind: 'network', code: 'NETWORK_ERROR' })
    expect(retryDelayMs(network, 0, true, { baseDelayMs: 100 }, () => 0)).toBe(50)
    expect(retryDelayMs(network, 2, true, { baseDelayMs: 100 }, () => 1)).toBe(400)
    expect(retryDelayMs(network, 0, true, false)).toBeNull()
  })
})
