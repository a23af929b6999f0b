// How long the provider asks us to wait: `retry-after-ms`, `Retry-After`
// (delta-seconds or HTTP-date), or, for mid-stream errors that carry no
// headers, a hint in the error text ("Please try again in 2.512s").
import { errorChain, errorRecords, errorTexts, headersOf } from '../../errors/inspect.ts'

export type ProviderDelaySource = 'retry-after-ms' | 'retry-after' | 'retry-after-date' | 'error-text'
export type ProviderDelay = { delayMs: number; source: ProviderDelaySource }

const WHOLE_NUMBER = /^\d+$/

/** `retry-after-ms`: a whole, non-negative number of milliseconds; anything else is ignored. */
export function parseRetryAfterMs(value: string | undefined): number | undefined {
  const trimmed = value?.trim()
  return trimmed !== undefined && WHOLE_NUMBER.test(trimmed) ? Number(trimmed) : undefined
}

/**
 * `Retry-After`: delta-seconds (a whole number) or an HTTP-date in the future.
 * Fractional, negative, malformed and past values are ignored.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): ProviderDelay | undefined {
  const trimmed = value?.trim()
  if (trimmed === undefined || trimmed === '') return undefined
  if (WHOLE_NUMBER.test(trimmed)) return { delayMs: Number(trimmed) * 1000, source: 'retry-after' }
  // A date names its month and weekday: without letters it is a malformed number
  // (Date.parse would read "1.5" or "-5" as dates).
  if (!/[a-z]/i.test(trimmed)) return undefined
  const at = Date.parse(trimmed)
  if (!Number.isFinite(at) || at <= now) return undefined
  return { delayMs: Math.ceil(at - now), source: 'retry-after-date' }
}

const UNIT = '(milliseconds?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h)(?![a-z])'
const DURATION_PART = new RegExp(`(\\d+(?:\\.\\d+)?)\\s*${UNIT}`, 'gi')
const RETRY_HINT = new RegExp(`\\b(?:try again|retry)\\s+(?:in|after)\\s+((?:\\d+(?:\\.\\d+)?\\s*${UNIT}\\s*)+)`, 'i')
function unitMs(unit: string): number {
  const u = unit.toLowerCase()
  if (u === 'ms' || u.startsWith('milli')) return 1
  if (u === 'm' || u.startsWith('min')) return 60_000
  if (u.startsWith('h')) return 3_600_000
  return 1000
}

/** A wait hint in an error message: "try again in 2.512s", "try again in 1m30s", "retry after 45 seconds". */
export function parseRetryHint(text: string): number | undefined {
  const phrase = RETRY_HINT.exec(text)?.[1]
  if (phrase === undefined) return undefined
  let total = 0
  // the unit's group is not optional: it is always set
  for (const [, amount, unit = 's'] of phrase.matchAll(DURATION_PART)) total += Number(amount) * unitMs(unit)
  return Math.ceil(total)
}

/**
 * The provider's requested wait, first found along the error's cause chain:
 * a valid `retry-after-ms` header, else a valid `Retry-After` header, else a
 * hint in a message (also one nested in a chunk or JSON body) or a response body.
 */
export function providerRetryDelay(error: unknown, now: number = Date.now()): ProviderDelay | undefined {
  const headerSets = errorChain(error)
    .map(headersOf)
    .filter((headers): headers is Record<string, string> => headers !== undefined)
  for (const headers of headerSets) {
    const delayMs = parseRetryAfterMs(headers['retry-after-ms'])
    if (delayMs !== undefined) return { delayMs, source: 'retry-after-ms' }
  }
  for (const headers of headerSets) {
    const delay = parseRetryAfter(headers['retry-after'], now)
    if (delay !== undefined) return delay
  }
  // messages nested in chunks and bodies too: a raw stream chunk has no top-level message
  const nestedMessages = errorRecords(error).flatMap((record) => (typeof record.message === 'string' ? [record.message] : []))
  for (const text of [...errorTexts(error), ...nestedMessages]) {
    const delayMs = parseRetryHint(text)
    if (delayMs !== undefined) return { delayMs, source: 'error-text' }
  }
  return undefined
}
