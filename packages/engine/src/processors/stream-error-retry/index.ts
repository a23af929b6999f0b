// The public surface of the stream-error retry processor.
export { StreamErrorRetryProcessor } from './processor.ts'
export { InvalidStreamErrorRetryOptionsError } from '../../errors/index.ts'
export {
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  resolveStreamErrorRetryOptions,
  type OnStreamErrorRetry,
  type ResolvedStreamErrorRetryOptions,
  type RetryDelay,
  type RetryPolicy,
  type StreamErrorRetryEvent,
  type StreamErrorRetryMatchFunction,
  type StreamErrorRetryMatcher,
  type StreamErrorRetryMatcherEntry,
  type StreamErrorRetryProcessorOptions,
} from './options.ts'
export { decideRetry, type RetryDecision, type RetryDecisionReason, type RetryMatchKind } from './retry-decision.ts'
export type { DelaySource } from './retry-delay.ts'
export { parseRetryAfter, parseRetryAfterMs, parseRetryHint, providerRetryDelay, type ProviderDelay, type ProviderDelaySource } from './retry-after.ts'
export { findTerminalError, type TerminalError, type TerminalErrorKind } from './terminal-errors.ts'
export { isRetryableOpenAIResponsesStreamError, openAIResponsesStreamErrorOf } from './openai-responses-matcher.ts'
export { isBadRequestError } from './bad-request-matcher.ts'
