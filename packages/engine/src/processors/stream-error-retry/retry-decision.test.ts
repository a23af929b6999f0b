import { describe, expect, it } from 'vitest'
import { resolveStreamErrorRetryOptions, type StreamErrorRetryProcessorOptions } from './options.ts'
import { decideRetry } from './retry-decision.ts'
import { apiErrorArgs, httpApiCallError, openAIResponseFailedChunk, openAIServerErrorChunk } from './test-helpers.ts'
import type { ProcessAPIErrorArgs } from '../types.ts'
import { anthropicOverloaded } from '../../loopback-provider/provider-error-presets.ts'

const decide = (error: unknown, options: StreamErrorRetryProcessorOptions = {}, overrides: Partial<ProcessAPIErrorArgs> = {}) =>
  decideRetry(apiErrorArgs(error, overrides), resolveStreamErrorRetryOptions(options))

const retryable503 = () => httpApiCallError({ status: 503, body: { error: { message: 'Service Unavailable' } } })
const econnreset = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
const isEconnreset = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ECONNRESET'

describe('decideRetry: which rule matches', () => {
  it('the built-in OpenAI Responses matcher, with the processor policy', async () => {
    expect(await decide(openAIServerErrorChunk, { maxRetries: 2, delayMs: 100 })).toEqual({
      retry: true,
      reason: 'openai-responses',
      matchedBy: 'openai-responses',
      chainIndex: 0,
      builtInMatch: { field: 'code', value: 'server_error', shape: 'openai-responses' },
      delayMs: 100,
      delaySource: 'configured',
      maxRetries: 2,
      retryCount: 0,
    })
  })

  it("names what the built-in matcher recognised and whose error it was: Anthropic's 529 overloaded_error by its type, retry guidance by the message", async () => {
    const overloaded = httpApiCallError({ status: 529, body: anthropicOverloaded.body })
    expect(await decide(overloaded)).toMatchObject({
      retry: true,
      reason: 'openai-responses',
      builtInMatch: { field: 'type', value: 'overloaded_error', shape: 'anthropic' },
    })
    const guidance = { type: 'error', error: { code: 'weird_failure', message: 'Oops. You can retry your request.' } }
    expect(await decide(guidance)).toMatchObject({
      reason: 'openai-responses',
      builtInMatch: { field: 'message', value: 'You can retry your request', shape: 'openai-responses' },
    })
    expect(await decide(retryable503())).not.toHaveProperty('builtInMatch')
  })

  it('provider metadata isRetryable === true (and only true)', async () => {
    expect((await decide(retryable503())).reason).toBe('is-retryable')
    expect((await decide({ message: 'x', isRetryable: 'yes' })).reason).toBe('no-match')
    expect((await decide(httpApiCallError({ status: 503, body: {}, isRetryable: false }))).reason).toBe('no-match')
  })

  it('a custom matcher, plain function or entry', async () => {
    const decision = await decide(econnreset(), { matchers: [() => false, isEconnreset] })
    expect(decision).toMatchObject({ retry: true, reason: 'matcher', matcherIndex: 1, chainIndex: 0 })
  })

  it('a custom matcher policy wins over isRetryable on the same level', async () => {
    const error = Object.assign(retryable503(), { code: 'ECONNRESET' })
    const decision = await decide(error, { maxRetries: 1, matchers: [{ match: isEconnreset, maxRetries: 4, delayMs: 50 }] })
    expect(decision).toMatchObject({ reason: 'matcher', maxRetries: 4, delayMs: 50 })
  })

  it('the built-in matcher comes before custom matchers on the same level', async () => {
    const decision = await decide(openAIServerErrorChunk, { matchers: [{ match: () => true, maxRetries: 5 }] })
    expect(decision).toMatchObject({ reason: 'openai-responses', maxRetries: 1 })
  })

  it('the first matching entry wins', async () => {
    const decision = await decide(econnreset(), {
      matchers: [
        { match: () => false, maxRetries: 9 },
        { match: isEconnreset, maxRetries: 3 },
        { match: () => true, maxRetries: 7 },
      ],
    })
    expect(decision).toMatchObject({ matcherIndex: 1, maxRetries: 3 })
  })

  it('walks the cause chain and reports how deep the match was', async () => {
    const wrapped = new Error('step failed', { cause: new Error('stream broke', { cause: econnreset() }) })
    expect(await decide(wrapped, { matchers: [isEconnreset] })).toMatchObject({ retry: true, reason: 'matcher', chainIndex: 2 })
    const wrappedChunk = new Error('stream error', { cause: openAIResponseFailedChunk })
    expect(await decide(wrappedChunk)).toMatchObject({ retry: true, reason: 'openai-responses', chainIndex: 1 })
  })

  it('a matcher deeper in the chain wins over isRetryable on a shallower level', async () => {
    // how the SDK reports a connection reset mid-stream: a retryable APICallError, the reset two causes down
    const error = httpApiCallError({ status: 500, body: {} })
    ;(error as { cause?: unknown }).cause = new TypeError('terminated', { cause: econnreset() })
    expect(error.isRetryable).toBe(true)
    expect(await decide(error, { matchers: [{ match: isEconnreset, maxRetries: 3 }] })).toMatchObject({
      reason: 'matcher',
      maxRetries: 3,
      chainIndex: 2,
    })
    expect(await decide(error)).toMatchObject({ reason: 'is-retryable', chainIndex: 0 })
  })

  it('a matcher that throws counts as no match', async () => {
    const throwing = () => {
      throw new TypeError('cannot read properties of undefined')
    }
    expect(await decide(econnreset(), { matchers: [throwing, isEconnreset] })).toMatchObject({ retry: true, matcherIndex: 1 })
    expect(await decide(econnreset(), { matchers: [throwing] })).toMatchObject({ retry: false, reason: 'no-match' })
  })

  it('a matcher must return true, not just something truthy', async () => {
    const truthy = (() => 'yes') as unknown as (error: unknown) => boolean
    expect((await decide(econnreset(), { matchers: [truthy] })).reason).toBe('no-match')
  })

  it('nothing matched: no retry, unless retryUnknownErrors (with the processor policy)', async () => {
    expect(await decide(new Error('weird'))).toMatchObject({ retry: false, reason: 'no-match', delayMs: 0, delaySource: 'none' })
    expect(await decide(new Error('weird'), { retryUnknownErrors: true, maxRetries: 2, delayMs: 3000 })).toEqual({
      retry: true,
      reason: 'unknown-error',
      matchedBy: 'unknown-error',
      delayMs: 3000,
      delaySource: 'configured',
      maxRetries: 2,
      retryCount: 0,
    })
  })

  it('is cycle-safe', async () => {
    const a = new Error('a')
    const b = new Error('b', { cause: a })
    ;(a as { cause?: unknown }).cause = b
    expect(await decide(a)).toMatchObject({ retry: false, reason: 'no-match' })
    expect(await decide(a, { matchers: [(error) => (error as Error).message === 'b'] })).toMatchObject({ retry: true, chainIndex: 1 })
  })
})

describe('decideRetry: terminal errors', () => {
  const badKey = () =>
    httpApiCallError({ status: 401, body: { error: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided' } } })

  it('a 401 is not retried even with retryUnknownErrors', async () => {
    expect(await decide(badKey(), { retryUnknownErrors: true })).toMatchObject({
      retry: false,
      reason: 'terminal',
      terminalReason: { kind: 'http-401' },
    })
  })

  it('a 403 marked isRetryable is not retried', async () => {
    const forbidden = httpApiCallError({ status: 403, body: { error: { message: 'Forbidden' } }, isRetryable: true })
    expect(await decide(forbidden, { retryUnknownErrors: true })).toMatchObject({ retry: false, reason: 'terminal' })
  })

  it('an OpenAI 429 insufficient_quota is not retried although the SDK marks 429 retryable', async () => {
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
    expect(await decide(quota, { retryUnknownErrors: true })).toMatchObject({
      retry: false,
      reason: 'terminal',
      terminalReason: { kind: 'insufficient-quota' },
    })
  })

  it('an auth error chunk with retry guidance is not retried by the built-in matcher', async () => {
    const chunk = { type: 'error', error: { type: 'authentication_error', code: 'invalid_api_key', message: 'You can retry your request' } }
    expect(await decide(chunk)).toMatchObject({ retry: false, reason: 'terminal' })
  })

  it('x-should-retry: false stops an otherwise retryable 429', async () => {
    const anthropic = httpApiCallError({
      status: 429,
      body: { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } },
      headers: { 'retry-after': '10', 'x-should-retry': 'false' },
    })
    expect(await decide(anthropic)).toMatchObject({ retry: false, reason: 'terminal', terminalReason: { kind: 'should-not-retry' } })
    anthropic.responseHeaders!['x-should-retry'] = 'true'
    // Anthropic's error body has the shape of an OpenAI `error` chunk: the built-in matcher takes it first
    expect(await decide(anthropic)).toMatchObject({ retry: true, reason: 'openai-responses', delayMs: 10_000, delaySource: 'retry-after' })
  })

  it('an explicit custom matcher still wins, and the terminal reason is reported', async () => {
    const decision = await decide(badKey(), { matchers: [(error) => (error as { statusCode?: number }).statusCode === 401] })
    expect(decision).toMatchObject({ retry: true, reason: 'matcher', terminalReason: { kind: 'http-401' } })
  })
})

describe('decideRetry: budget', () => {
  it('stops at retryCount >= maxRetries, without computing a delay', async () => {
    let delayCalls = 0
    const options = { maxRetries: 2, delayMs: () => (delayCalls++, 500) }
    expect(await decide(retryable503(), options, { retryCount: 1 })).toMatchObject({ retry: true, delayMs: 500 })
    expect(await decide(retryable503(), options, { retryCount: 2 })).toEqual({
      retry: false,
      reason: 'budget-exhausted',
      matchedBy: 'is-retryable',
      chainIndex: 0,
      delayMs: 0,
      delaySource: 'none',
      maxRetries: 2,
      retryCount: 2,
    })
    expect(delayCalls).toBe(1)
  })

  it('maxRetries: 0 never retries', async () => {
    expect(await decide(openAIServerErrorChunk, { maxRetries: 0 })).toMatchObject({ retry: false, reason: 'budget-exhausted' })
    expect(await decide(new Error('x'), { maxRetries: 0, retryUnknownErrors: true })).toMatchObject({ retry: false, reason: 'budget-exhausted' })
  })

  it('uses the matched entry budget, not the processor one', async () => {
    const options = { maxRetries: 5, matchers: [{ match: isEconnreset, maxRetries: 1 }] }
    expect(await decide(econnreset(), options, { retryCount: 1 })).toMatchObject({ retry: false, reason: 'budget-exhausted', maxRetries: 1 })
    expect(await decide(retryable503(), options, { retryCount: 1 })).toMatchObject({ retry: true, maxRetries: 5 })
    const generous = { maxRetries: 1, matchers: [{ match: isEconnreset, maxRetries: 3 }] }
    expect(await decide(econnreset(), generous, { retryCount: 2 })).toMatchObject({ retry: true, maxRetries: 3 })
  })
})

describe('decideRetry: delay and abort', () => {
  it('uses the matched entry delay, else the processor delay', async () => {
    const options = { delayMs: 100, matchers: [{ match: isEconnreset, delayMs: ({ retryCount }: ProcessAPIErrorArgs) => 1000 * 2 ** retryCount }] }
    expect(await decide(econnreset(), { ...options, maxRetries: 3 }, { retryCount: 2 })).toMatchObject({ delayMs: 4000, delaySource: 'configured' })
    expect(await decide(retryable503(), options)).toMatchObject({ delayMs: 100 })
  })

  it('applies the provider delay to every rule, including a custom matcher', async () => {
    const rateLimited = httpApiCallError({ status: 429, body: { error: { message: 'slow' } }, headers: { 'Retry-After': '2' } })
    expect(await decide(rateLimited, { matchers: [() => true] })).toMatchObject({ reason: 'matcher', delayMs: 2000, delaySource: 'retry-after' })
  })

  it('reads the wait hint of a mid-stream OpenAI rate limit (no headers)', async () => {
    const midStream = {
      type: 'error',
      sequence_number: 3,
      error: {
        type: 'tokens',
        code: 'rate_limit_exceeded',
        message: 'Rate limit reached for gpt-5 on tokens per min (TPM): Limit 450000, Used 379102, Requested 89741. Please try again in 2.512s.',
      },
    }
    expect(await decide(midStream)).toMatchObject({ retry: true, reason: 'openai-responses', delayMs: 2512, delaySource: 'error-text' })
  })

  it('an already-aborted signal: no retry, no delay evaluated', async () => {
    const controller = new AbortController()
    controller.abort()
    let delayCalls = 0
    const decision = await decide(retryable503(), { delayMs: () => (delayCalls++, 100) }, { abortSignal: controller.signal })
    expect(decision).toMatchObject({ retry: false, reason: 'aborted', matchedBy: 'is-retryable', delayMs: 0 })
    expect(delayCalls).toBe(0)
  })
})
