// Retries transient LLM API and stream errors, within a bounded budget, after
// the configured and/or provider-requested wait. It never changes messages.
import type { Processor, ProcessAPIErrorArgs, ProcessAPIErrorResult } from '../types.ts'
import { resolveStreamErrorRetryOptions, type ResolvedStreamErrorRetryOptions, type StreamErrorRetryProcessorOptions } from './options.ts'
import { decideRetry, decideRetryWithRule, type RetryDecision } from './retry-decision.ts'
import { waitForRetryDelay } from './wait.ts'

export class StreamErrorRetryProcessor implements Processor {
  readonly id = 'stream-error-retry-processor'
  readonly name = 'Stream Error Retry Processor'
  readonly options: ResolvedStreamErrorRetryOptions

  /** @throws InvalidStreamErrorRetryOptionsError for options that make no sense */
  constructor(options: StreamErrorRetryProcessorOptions = {}) {
    this.options = resolveStreamErrorRetryOptions(options)
  }

  /** What processAPIError would decide for these arguments, without waiting or calling `onRetry`. */
  async decide(args: ProcessAPIErrorArgs): Promise<RetryDecision> {
    return decideRetry(args, this.options)
  }

  /**
   * `{ retry: true }` after `onRetry` and the wait when the error is retryable
   * and the budget allows; otherwise nothing (no opinion). An abort before or
   * during the wait also gives nothing: the caller owns the signal and sees it aborted.
   */
  async processAPIError(args: ProcessAPIErrorArgs): Promise<ProcessAPIErrorResult> {
    const { decision, retryRule } = await decideRetryWithRule(args, this.options)
    args.onEvent?.({
      type: 'retry-decision',
      retry: decision.retry,
      reason: decision.reason,
      delayMs: decision.delayMs,
      delaySource: decision.delaySource,
      maxRetries: decision.maxRetries,
    })
    if (!retryRule) return undefined
    await retryRule.policy.onRetry?.({
      error: args.error,
      retryCount: args.retryCount,
      attempt: args.retryCount + 1,
      maxRetries: decision.maxRetries,
      delayMs: decision.delayMs,
      delaySource: decision.delaySource,
      reason: retryRule.kind,
      ...(decision.matcherIndex !== undefined ? { matcherIndex: decision.matcherIndex } : {}),
    })
    const outcome = await waitForRetryDelay(decision.delayMs, args.abortSignal)
    return outcome === 'elapsed' ? { retry: true } : undefined
  }
}
