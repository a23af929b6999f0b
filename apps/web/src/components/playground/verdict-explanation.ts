// One sentence per processor for what it decided about an error, naming the
// rule or matcher that decided it (the built-in matcher by its exported name
// and the field it read, a custom matcher by its number and pattern), so two
// verdicts on one screen that disagree each explain themselves.
import type { RouterOutputs } from '@/trpc/types.ts'
import { plural } from '../format.ts'

export type RetryDecision = RouterOutputs['playground']['retryDecision']
type ErrorEvaluation = RouterOutputs['playground']['runError']
type MatcherData = { pattern: string; flags?: string | undefined }

/** The spec's custom-matcher example (docs/spec/stream-error-retry.md: `isECONNRESET`), as a pattern the playground can add. */
export const SPEC_ECONNRESET_MATCHER = { pattern: 'econnreset|socket hang up', flags: 'i' } as const

function matcherName(decision: RetryDecision, matchers: readonly MatcherData[]): string {
  const index = decision.matcherIndex ?? 0
  const matcher = matchers[index]
  return `custom matcher #${index + 1}${matcher ? ` (/${matcher.pattern}/${matcher.flags ?? ''})` : ''}`
}

/**
 * The built-in matcher reads OpenAI Responses and Anthropic errors alike: an Anthropic error is named as
 * Anthropic's, not by the OpenAI function's name, with the field and value the matcher read.
 */
function builtInMatchSuffix(match: RetryDecision['builtInMatch']): string {
  if (!match) return ' isRetryableOpenAIResponsesStreamError'
  const provider = match.shape === 'anthropic' ? 'for Anthropic errors' : 'isRetryableOpenAIResponsesStreamError'
  return ` ${provider} (${match.field} “${match.value}”)`
}

/** What recognised the error as transient: the rule behind `matchedBy`. */
function matchedRule(decision: RetryDecision, matchers: readonly MatcherData[]): string {
  switch (decision.matchedBy) {
    case 'matcher':
      return matcherName(decision, matchers)
    case 'openai-responses':
      return `the built-in matcher${builtInMatchSuffix(decision.builtInMatch)}`
    case 'is-retryable':
      return 'the AI SDK’s isRetryable flag on the error'
    case 'unknown-error':
      return 'retryUnknownErrors'
  }
  return 'no rule'
}

/** StreamErrorRetryProcessor's decision, in one sentence naming the rule or matcher behind it. */
export function explainRetryDecision(decision: RetryDecision, matchers: readonly MatcherData[] = []): string {
  switch (decision.reason) {
    case 'matcher':
      return `StreamErrorRetryProcessor retries: ${matcherName(decision, matchers)} matched the error.`
    case 'openai-responses':
      return `StreamErrorRetryProcessor retries: its built-in matcher${builtInMatchSuffix(decision.builtInMatch)} recognised the error as transient.`
    case 'is-retryable':
      return 'StreamErrorRetryProcessor retries: the AI SDK marked the error retryable (isRetryable: true).'
    case 'unknown-error':
      return 'StreamErrorRetryProcessor retries: nothing recognised the error, and retryUnknownErrors is on.'
    case 'terminal': {
      const detail = decision.terminalReason ? ` (${decision.terminalReason.kind}: ${decision.terminalReason.detail})` : ''
      return `StreamErrorRetryProcessor does not retry: the error is terminal${detail}, so no wait can fix it.`
    }
    case 'budget-exhausted':
      return `StreamErrorRetryProcessor does not retry: ${matchedRule(decision, matchers)} matched, but its budget is spent (${decision.retryCount} of ${plural(decision.maxRetries, 'retry', 'retries')} used).`
    case 'aborted':
      return 'StreamErrorRetryProcessor does not retry: the call was aborted.'
    case 'no-match':
      return 'StreamErrorRetryProcessor does not retry: neither its built-in matcher, the isRetryable flag nor a custom matcher recognised the error as transient, and retryUnknownErrors is off.'
  }
}

/** ProviderHistoryCompat's reactive verdict, in one sentence naming the rule behind it. */
export function explainCompatVerdict(evaluation: Pick<ErrorEvaluation, 'compatRetry' | 'compatReason' | 'fixedBy' | 'rules'>): string {
  const matched = evaluation.rules.filter((rule) => rule.matched).map((rule) => rule.name)
  switch (evaluation.compatReason) {
    case 'fixed':
      return `ProviderHistoryCompat retries: its rule ${evaluation.fixedBy ?? '?'} recognised the error and repaired the stored messages, so the same request can now succeed.`
    case 'no-match':
      return 'ProviderHistoryCompat does not retry: no reactive rule’s error pattern matches this error, so it is not a history problem a rule knows how to repair.'
    case 'not-fixed':
      return `ProviderHistoryCompat does not retry: ${matched.join(', ')} matched, but the fix found nothing to change in these messages, and the same request would fail again.`
    case 'not-first-retry':
      return 'ProviderHistoryCompat does not retry: its reactive rules act on the first retry only, and a repair that did not help once will not help again.'
  }
}

/** How the agent combines the two: it retries when any error processor asks (within maxProcessorRetries). */
export function explainCombined(compatRetry: boolean, retry: boolean): string {
  if (compatRetry && retry) return 'The agent retries: both processors ask for it (one retry, counted once against maxProcessorRetries).'
  if (compatRetry || retry) return 'The agent retries, because it retries when any error processor asks (within maxProcessorRetries).'
  return 'The agent does not retry: no error processor asks for it, and the error reaches the caller.'
}

/** A dropped connection no rule recognises: only a custom matcher (the spec's ECONNRESET example) can retry it. */
export function needsCustomMatcher(errorKind: string, decision: RetryDecision): boolean {
  return errorKind === 'connection' && decision.reason === 'no-match'
}
