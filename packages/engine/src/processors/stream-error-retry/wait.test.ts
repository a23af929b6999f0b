import { getEventListeners } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_TIMER_DELAY_MS, waitForRetryDelay } from './wait.ts'

describe('waitForRetryDelay', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('resolves "elapsed" after the delay, not before', async () => {
    let outcome: string | undefined
    void waitForRetryDelay(2000).then((value) => (outcome = value))
    await vi.advanceTimersByTimeAsync(1999)
    expect(outcome).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toBe('elapsed')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('creates no timer for a zero delay', async () => {
    const wait = waitForRetryDelay(0)
    expect(vi.getTimerCount()).toBe(0)
    expect(await wait).toBe('elapsed')
  })

  it('does not wait at all when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const wait = waitForRetryDelay(5000, controller.signal)
    expect(vi.getTimerCount()).toBe(0)
    expect(await wait).toBe('aborted')
  })

  it('ends early on an abort during the wait and clears its timer', async () => {
    const controller = new AbortController()
    const wait = waitForRetryDelay(10_000, controller.signal)
    await vi.advanceTimersByTimeAsync(100)
    expect(vi.getTimerCount()).toBe(1)
    controller.abort()
    expect(await wait).toBe('aborted')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('removes its abort listener when the timer fires', async () => {
    const controller = new AbortController()
    const wait = waitForRetryDelay(10, controller.signal)
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(10)
    expect(await wait).toBe('elapsed')
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('caps a delay beyond the 32-bit timer range instead of firing at once', async () => {
    let outcome: string | undefined
    void waitForRetryDelay(Number.MAX_SAFE_INTEGER).then((value) => (outcome = value))
    await vi.advanceTimersByTimeAsync(1000)
    expect(outcome).toBeUndefined()
    await vi.advanceTimersByTimeAsync(MAX_TIMER_DELAY_MS)
    expect(outcome).toBe('elapsed')
  })
})
