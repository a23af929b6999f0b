import { describe, expect, it } from 'vitest'
import { InvalidStreamErrorRetryOptionsError, ThreadlineError } from '../../errors/index.ts'
import { DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_AFTER_MS, resolveStreamErrorRetryOptions, type StreamErrorRetryProcessorOptions } from './options.ts'

function rejectionOf(options: unknown): InvalidStreamErrorRetryOptionsError {
  try {
    resolveStreamErrorRetryOptions(options as StreamErrorRetryProcessorOptions)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidStreamErrorRetryOptionsError)
    return error as InvalidStreamErrorRetryOptionsError
  }
  throw new Error('expected the options to be rejected')
}

describe('resolveStreamErrorRetryOptions', () => {
  it('applies the defaults', () => {
    const resolved = resolveStreamErrorRetryOptions()
    expect(resolved).toEqual({
      maxRetries: DEFAULT_MAX_RETRIES,
      delayMs: 0,
      matchers: [],
      retryUnknownErrors: false,
      maxRetryAfterMs: DEFAULT_MAX_RETRY_AFTER_MS,
    })
    expect(DEFAULT_MAX_RETRIES).toBe(1)
    expect(DEFAULT_MAX_RETRY_AFTER_MS).toBe(30_000)
  })

  it('turns plain matcher functions into entries and keeps entries with their policy', () => {
    const plain = (error: unknown) => error === 'x'
    const onRetry = () => {}
    const entry = { match: () => true, maxRetries: 3, delayMs: 10, onRetry }
    const resolved = resolveStreamErrorRetryOptions({ matchers: [plain, entry] })
    expect(resolved.matchers).toEqual([{ match: plain }, entry])
  })

  it('accepts delays and caps that are clamped or ignored later (negative, NaN, Infinity)', () => {
    const resolved = resolveStreamErrorRetryOptions({ delayMs: -5, maxRetryAfterMs: Number.NaN })
    expect(resolved.delayMs).toBe(-5)
    expect(resolved.maxRetryAfterMs).toBeNaN()
    expect(resolveStreamErrorRetryOptions({ maxRetryAfterMs: Infinity }).maxRetryAfterMs).toBe(Infinity)
  })

  it.each([
    [{ maxRetries: -1 }, 'maxRetries'],
    [{ maxRetries: 1.5 }, 'maxRetries'],
    [{ maxRetries: Infinity }, 'maxRetries'],
    [{ maxRetries: '2' }, 'maxRetries'],
    [{ matchers: 'econnreset' }, 'matchers'],
    [{ matchers: [42] }, 'matchers[0]'],
    [{ matchers: [{ match: () => true, maxRetries: -2 }] }, 'matchers[0].maxRetries'],
    [{ matchers: [{ maxRetries: 2 }] }, 'matchers[0].match'],
    [{ retryUnknownErrors: 'yes' }, 'retryUnknownErrors'],
    [{ delayMs: '1000' }, 'delayMs'],
    [{ maxRetryAfterMs: '30s' }, 'maxRetryAfterMs'],
    [{ onRetry: 'log' }, 'onRetry'],
    [{ maxRetry: 2 }, 'maxRetry'],
  ])('rejects %j with a typed error naming %s', (options, path) => {
    const error = rejectionOf(options)
    expect(error).toBeInstanceOf(ThreadlineError)
    expect(error.code).toBe('INVALID_PROCESSOR_OPTIONS')
    expect(error.issues.map((issue) => issue.path)).toContain(path)
    expect(error.message).toMatch(/^Invalid StreamErrorRetryProcessor options: /)
  })

  it('rejects options that are not an object', () => {
    expect(rejectionOf(5).issues).toHaveLength(1)
    expect(rejectionOf(null).message).toContain('must be an object')
  })
})
