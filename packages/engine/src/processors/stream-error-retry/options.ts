// The processor's options: their types, their validation, their defaults.
import { z } from 'zod'
import { InvalidStreamErrorRetryOptionsError } from '../../errors/index.ts'
import { parseInput } from '../../validation/parse-input.ts'
import type { ProcessAPIErrorArgs } from '../types.ts'
import type { RetryMatchKind } from './retry-decision.ts'
import type { DelaySource } from './retry-delay.ts'

/** Milliseconds to wait, fixed or computed from the error arguments (e.g. exponential backoff). */
export type RetryDelay = number | ((args: ProcessAPIErrorArgs) => number | Promise<number>)

/** What `onRetry` is told just before the processor waits and asks for a retry. */
export type StreamErrorRetryEvent = {
  error: unknown
  /** retries already done in this call (0 on the first retry) */
  retryCount: number
  /** the number of the retry about to happen (retryCount + 1) */
  attempt: number
  maxRetries: number
  delayMs: number
  delaySource: DelaySource
  reason: RetryMatchKind
  /** index in `matchers` when a custom matcher decided */
  matcherIndex?: number
}

export type OnStreamErrorRetry = (event: StreamErrorRetryEvent) => void | Promise<void>

export type StreamErrorRetryMatchFunction = (error: unknown) => boolean

/** A matcher with its own policy: unset fields fall back to the processor's. */
export type StreamErrorRetryMatcherEntry = {
  match: StreamErrorRetryMatchFunction
  maxRetries?: number
  delayMs?: RetryDelay
  onRetry?: OnStreamErrorRetry
}

export type StreamErrorRetryMatcher = StreamErrorRetryMatchFunction | StreamErrorRetryMatcherEntry

export type StreamErrorRetryProcessorOptions = {
  /** retries this processor may request per call; default 1 */
  maxRetries?: number | undefined
  matchers?: StreamErrorRetryMatcher[] | undefined
  /** retry errors no rule recognises (never terminal ones); default false */
  retryUnknownErrors?: boolean | undefined
  /** default 0; negative or non-finite results count as 0 */
  delayMs?: RetryDelay | undefined
  /** caps only the provider-supplied wait; default 30_000; NaN, negative or Infinity ignore provider delays */
  maxRetryAfterMs?: number | undefined
  onRetry?: OnStreamErrorRetry | undefined
}

/** One retry policy: what a matched rule allows. */
export type RetryPolicy = {
  maxRetries: number
  delayMs: RetryDelay
  onRetry?: OnStreamErrorRetry
}

export type ResolvedStreamErrorRetryOptions = RetryPolicy & {
  matchers: StreamErrorRetryMatcherEntry[]
  retryUnknownErrors: boolean
  maxRetryAfterMs: number
}

export const DEFAULT_MAX_RETRIES = 1
export const DEFAULT_MAX_RETRY_AFTER_MS = 30_000

const aFunction = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', {
  error: 'must be a function',
})
// Delays and the cap are clamped or ignored when odd (documented), so any number is accepted.
const anyNumber = z.custom<number>((value) => typeof value === 'number', { error: 'must be a number' })
const retryCount = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more')
const delay = z.union([anyNumber, aFunction], { error: 'must be a number or a function' })

const optionsSchema = z.strictObject(
  {
    maxRetries: retryCount.optional(),
    matchers: z
      .array(
        z.union(
          [aFunction, z.strictObject({ match: aFunction, maxRetries: retryCount.optional(), delayMs: delay.optional(), onRetry: aFunction.optional() })],
          { error: 'must be a function or { match, maxRetries?, delayMs?, onRetry? }' },
        ),
        { error: 'must be an array' },
      )
      .optional(),
    retryUnknownErrors: z.boolean({ error: 'must be true or false' }).optional(),
    delayMs: delay.optional(),
    maxRetryAfterMs: anyNumber.optional(),
    onRetry: aFunction.optional(),
  },
  { error: 'must be an object' },
)

/** Validates the options (throws InvalidStreamErrorRetryOptionsError) and applies the defaults. */
export function resolveStreamErrorRetryOptions(options: StreamErrorRetryProcessorOptions = {}): ResolvedStreamErrorRetryOptions {
  parseInput(optionsSchema, options, { error: (issues) => new InvalidStreamErrorRetryOptionsError(issues) })
  return {
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    delayMs: options.delayMs ?? 0,
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    matchers: (options.matchers ?? []).map((matcher) => (typeof matcher === 'function' ? { match: matcher } : matcher)),
    retryUnknownErrors: options.retryUnknownErrors ?? false,
    maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS,
  }
}
