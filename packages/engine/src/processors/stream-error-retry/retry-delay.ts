// The wait before a retry: max(configured delay, min(provider delay, cap)).
import type { ProcessAPIErrorArgs } from '../types.ts'
import type { RetryDelay } from './options.ts'
import { providerRetryDelay, type ProviderDelaySource } from './retry-after.ts'

export type DelaySource = 'configured' | ProviderDelaySource | 'none'
export type ResolvedDelay = { delayMs: number; delaySource: DelaySource }

/** A usable delay: negative, non-finite and non-number values become 0. */
export function normalizeDelay(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0
}

/** The configured delay for this error (a function may be async; its errors propagate). */
export async function configuredDelay(delay: RetryDelay, args: ProcessAPIErrorArgs): Promise<number> {
  return normalizeDelay(typeof delay === 'function' ? await delay(args) : delay)
}

/** A cap of NaN, a negative number or Infinity means: ignore what the provider asks. */
export function isUsableRetryAfterCap(maxRetryAfterMs: number): boolean {
  return Number.isFinite(maxRetryAfterMs) && maxRetryAfterMs >= 0
}

/**
 * The longer of the configured delay and the provider's delay capped by
 * `maxRetryAfterMs`: the cap bounds only what the provider asks, never an
 * explicit configured delay.
 */
export async function resolveRetryDelay(
  delay: RetryDelay,
  maxRetryAfterMs: number,
  args: ProcessAPIErrorArgs,
  now: number = Date.now(),
): Promise<ResolvedDelay> {
  const configured = await configuredDelay(delay, args)
  const provider = isUsableRetryAfterCap(maxRetryAfterMs) ? providerRetryDelay(args.error, now) : undefined
  const bounded = provider ? Math.min(provider.delayMs, maxRetryAfterMs) : 0
  if (provider && bounded > configured) return { delayMs: bounded, delaySource: provider.source }
  return { delayMs: configured, delaySource: configured > 0 ? 'configured' : 'none' }
}
