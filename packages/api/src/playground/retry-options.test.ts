import { decideRetry } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { toProviderError } from './provider-error.ts'
import { resolveRetryOptions } from './retry-options.ts'

// Its own file: a fresh process where nothing has loaded the sandbox yet, as on a server just started.
describe('resolveRetryOptions', () => {
  it('loads the sandbox for its matchers: the ECONNRESET pattern matches on a server where no custom rule ran yet', async () => {
    const options = await resolveRetryOptions({ maxRetries: 5, matchers: [{ pattern: 'econnreset|socket hang up', flags: 'i' }] })
    const error = toProviderError({ kind: 'connection', code: 'ECONNRESET', message: 'socket hang up' })
    const decision = await decideRetry({ error, messages: [], retryCount: 0, stepNumber: 0, state: {}, model: 'openai/gpt-4o' }, options)
    expect(decision).toMatchObject({ retry: true, reason: 'matcher', matcherIndex: 0, maxRetries: 5 })
  })
})
