import { describe, expect, it } from 'vitest'
import { httpApiCallError } from './test-helpers.ts'
import { parseRetryAfter, parseRetryAfterMs, parseRetryHint, providerRetryDelay } from './retry-after.ts'

const NOW = Date.parse('2025-03-01T12:00:00Z')

describe('parseRetryAfterMs', () => {
  it.each([
    ['1500', 1500],
    [' 250 ', 250],
    ['0', 0],
  ])('reads %j as %i ms', (value, expected) => {
    expect(parseRetryAfterMs(value)).toBe(expected)
  })

  it.each(['1.5', '-10', 'soon', '', '1e3', undefined])('ignores %j', (value) => {
    expect(parseRetryAfterMs(value)).toBeUndefined()
  })
})

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('2', NOW)).toEqual({ delayMs: 2000, source: 'retry-after' })
    expect(parseRetryAfter('45', NOW)).toEqual({ delayMs: 45_000, source: 'retry-after' })
  })

  it('reads an HTTP-date in the future as the time left', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:07 GMT', NOW)).toEqual({ delayMs: 7000, source: 'retry-after-date' })
    // the obsolete RFC 850 form recipients must still accept
    expect(parseRetryAfter('Saturday, 01-Mar-25 12:00:03 GMT', NOW)).toEqual({ delayMs: 3000, source: 'retry-after-date' })
  })

  it.each([
    ['an expired date', 'Sat, 01 Mar 2025 11:59:59 GMT'],
    ['a date equal to now', 'Sat, 01 Mar 2025 12:00:00 GMT'],
    ['a fractional number', '1.5'],
    ['a negative number', '-5'],
    ['garbage', 'later please'],
    ['an empty value', '   '],
  ])('ignores %s', (_label, value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined()
  })
})

describe('parseRetryHint', () => {
  it.each([
    ['Rate limit reached for gpt-5 on tokens per min (TPM): Limit 450000, Used 379102, Requested 89741. Please try again in 2.512s.', 2512],
    ['Please try again in 250ms.', 250],
    ['Please try again in 20ms', 20],
    ['Requests to the ChatCompletions_Create Operation have exceeded the rate limit. Please retry after 45 seconds.', 45_000],
    ['Please try again in 1m30s.', 90_000],
    ['Try again in 1.5 seconds', 1500],
    ['Resource exhausted. Please retry in 37.466853222s.', 37_467],
    ['try again in 2 minutes', 120_000],
  ])('reads %j', (text, expected) => {
    expect(parseRetryHint(text)).toBe(expected)
  })

  it.each(['Please try again later.', 'retry after the storm', 'try again in 5 mice', 'Overloaded'])('finds no hint in %j', (text) => {
    expect(parseRetryHint(text)).toBeUndefined()
  })
})

describe('providerRetryDelay', () => {
  it('prefers retry-after-ms over Retry-After over the text, header names case-insensitive', () => {
    const error = httpApiCallError({
      status: 429,
      body: { error: { message: 'Slow down. Please try again in 9s.' } },
      headers: { 'Retry-After-Ms': '1200', 'Retry-After': '3' },
    })
    expect(providerRetryDelay(error, NOW)).toEqual({ delayMs: 1200, source: 'retry-after-ms' })
    const withoutMs = httpApiCallError({ status: 429, body: { error: { message: 'try again in 9s' } }, headers: { 'RETRY-AFTER': '3' } })
    expect(providerRetryDelay(withoutMs, NOW)).toEqual({ delayMs: 3000, source: 'retry-after' })
    const textOnly = httpApiCallError({ status: 429, body: { error: { message: 'try again in 9s' } } })
    expect(providerRetryDelay(textOnly, NOW)).toEqual({ delayMs: 9000, source: 'error-text' })
  })

  it('skips invalid headers and falls through to the next source', () => {
    const error = httpApiCallError({
      status: 429,
      body: { error: { message: 'Please retry after 4 seconds.' } },
      headers: { 'retry-after-ms': '12.5', 'retry-after': 'Sat, 01 Mar 2025 11:00:00 GMT' },
    })
    expect(providerRetryDelay(error, NOW)).toEqual({ delayMs: 4000, source: 'error-text' })
  })

  it('finds headers deeper in the cause chain, and Headers objects', () => {
    const inner = { message: 'rate limited', headers: new Headers({ 'Retry-After': 'Sat, 01 Mar 2025 12:00:02 GMT' }) }
    const outer = new Error('stream failed', { cause: new Error('wrapped', { cause: inner }) })
    expect(providerRetryDelay(outer, NOW)).toEqual({ delayMs: 2000, source: 'retry-after-date' })
  })

  it('takes the first VALID header along the chain', () => {
    const inner = httpApiCallError({ status: 429, body: {}, headers: { 'retry-after': '6' } })
    const outer = Object.assign(new Error('outer', { cause: inner }), { responseHeaders: { 'retry-after': 'junk' } })
    expect(providerRetryDelay(outer, NOW)).toEqual({ delayMs: 6000, source: 'retry-after' })
  })

  it('reads a hint from a mid-stream error without headers (message of the OpenAI stream error object)', () => {
    const midStream = {
      message: 'Rate limit reached for gpt-5 on tokens per min (TPM): Limit 450000, Used 379102, Requested 89741. Please try again in 2.512s.',
      type: 'tokens',
      code: 'rate_limit_exceeded',
      statusCode: 429,
      isRetryable: true,
    }
    expect(providerRetryDelay(midStream, NOW)).toEqual({ delayMs: 2512, source: 'error-text' })
  })

  it('returns undefined when the provider asks for nothing', () => {
    expect(providerRetryDelay(new Error('boom'), NOW)).toBeUndefined()
    expect(providerRetryDelay(undefined, NOW)).toBeUndefined()
  })
})

describe('providerRetryDelay on raw chunks', () => {
  it('reads a hint nested in a raw stream chunk', () => {
    const chunk = { type: 'error', sequence_number: 3, error: { code: 'rate_limit_exceeded', message: 'Please try again in 1.2s.' } }
    expect(providerRetryDelay(chunk, NOW)).toEqual({ delayMs: 1200, source: 'error-text' })
  })
})
