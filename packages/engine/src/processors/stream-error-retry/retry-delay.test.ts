import { describe, expect, it } from 'vitest'
import { configuredDelay, isUsableRetryAfterCap, normalizeDelay, resolveRetryDelay } from './retry-delay.ts'
import { apiErrorArgs, httpApiCallError } from './test-helpers.ts'

const NOW = Date.parse('2025-03-01T12:00:00Z')
const rateLimited = (retryAfter: string) => httpApiCallError({ status: 429, body: { error: { message: 'rate' } }, headers: { 'retry-after': retryAfter } })

describe('normalizeDelay', () => {
  it.each([
    [250, 250],
    [0, 0],
    [-1, 0],
    [Number.NaN, 0],
    [Infinity, 0],
    [-Infinity, 0],
    ['100', 0],
    [undefined, 0],
  ])('%j -> %j', (value, expected) => {
    expect(normalizeDelay(value)).toBe(expected)
  })
})

describe('configuredDelay', () => {
  it('evaluates numbers, functions of the args and async functions', async () => {
    const args = apiErrorArgs(new Error('x'), { retryCount: 3 })
    expect(await configuredDelay(700, args)).toBe(700)
    expect(await configuredDelay(({ retryCount }) => 100 * retryCount, args)).toBe(300)
    expect(await configuredDelay(async ({ retryCount }) => 10 * retryCount, args)).toBe(30)
    expect(await configuredDelay(() => -50, args)).toBe(0)
    expect(await configuredDelay(async () => Number.NaN, args)).toBe(0)
  })

  it('lets a failing delay function fail loudly', async () => {
    await expect(
      configuredDelay(() => {
        throw new Error('bad backoff')
      }, apiErrorArgs(1)),
    ).rejects.toThrow('bad backoff')
  })
})

describe('isUsableRetryAfterCap', () => {
  it.each([
    [30_000, true],
    [0, true],
    [Number.NaN, false],
    [-1, false],
    [Infinity, false],
  ])('%j -> %j', (cap, expected) => {
    expect(isUsableRetryAfterCap(cap)).toBe(expected)
  })
})

describe('resolveRetryDelay', () => {
  it('waits the provider delay when longer than the configured one', async () => {
    expect(await resolveRetryDelay(500, 30_000, apiErrorArgs(rateLimited('2')), NOW)).toEqual({ delayMs: 2000, delaySource: 'retry-after' })
  })

  it('keeps the configured delay when longer than the provider delay', async () => {
    expect(await resolveRetryDelay(5000, 30_000, apiErrorArgs(rateLimited('2')), NOW)).toEqual({ delayMs: 5000, delaySource: 'configured' })
  })

  it('caps only the provider delay; a longer explicit delay is kept', async () => {
    expect(await resolveRetryDelay(0, 1000, apiErrorArgs(rateLimited('60')), NOW)).toEqual({ delayMs: 1000, delaySource: 'retry-after' })
    expect(await resolveRetryDelay(45_000, 1000, apiErrorArgs(rateLimited('60')), NOW)).toEqual({ delayMs: 45_000, delaySource: 'configured' })
    expect(await resolveRetryDelay(0, 30_000, apiErrorArgs(rateLimited('3600')), NOW)).toEqual({ delayMs: 30_000, delaySource: 'retry-after' })
  })

  it.each([Number.NaN, -1, Infinity])('ignores the provider delay when the cap is %j', async (cap) => {
    expect(await resolveRetryDelay(100, cap, apiErrorArgs(rateLimited('2')), NOW)).toEqual({ delayMs: 100, delaySource: 'configured' })
    expect(await resolveRetryDelay(0, cap, apiErrorArgs(rateLimited('2')), NOW)).toEqual({ delayMs: 0, delaySource: 'none' })
  })

  it('reports no delay when neither side asks for one', async () => {
    expect(await resolveRetryDelay(0, 30_000, apiErrorArgs(new Error('x')), NOW)).toEqual({ delayMs: 0, delaySource: 'none' })
  })
})
