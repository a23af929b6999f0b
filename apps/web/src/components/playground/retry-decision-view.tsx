import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'

export type RetryDecision = RouterOutputs['playground']['retryDecision']

const reasonText: Record<RetryDecision['reason'], string> = {
  matcher: 'a custom matcher matched',
  'openai-responses': 'the built-in matcher recognised a transient error (OpenAI Responses stream error, or the same shape from Anthropic)',
  'is-retryable': 'the provider marked the error retryable',
  'unknown-error': 'nothing matched and retryUnknownErrors is on',
  terminal: 'the error is terminal: no wait can fix it',
  'budget-exhausted': 'the retry budget is spent',
  'no-match': 'no rule recognised the error as transient',
  aborted: 'the call was aborted',
}

const delaySourceText: Record<RetryDecision['delaySource'], string> = {
  configured: 'the configured delayMs',
  'retry-after-ms': 'the retry-after-ms header',
  'retry-after': 'the Retry-After header',
  'retry-after-date': 'the Retry-After date',
  'error-text': 'a hint in the error text',
  none: 'no delay',
}

export function formatDelay(ms: number): string {
  if (ms === 0) return '0 s'
  if (ms < 1000) return `${Math.round(ms)} ms`
  const seconds = ms / 1000
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(seconds < 10 ? 2 : 1)} s`
}

export function describeReason(decision: RetryDecision): string {
  const terminal = decision.terminalReason ? ` (${decision.terminalReason.kind}: ${decision.terminalReason.detail})` : ''
  return `${reasonText[decision.reason]}${terminal}`
}

export function describeDelaySource(source: RetryDecision['delaySource']): string {
  return delaySourceText[source]
}

/** StreamErrorRetryProcessor's answer for one attempt. */
export function RetryDecisionView({ decision }: { decision: RetryDecision }) {
  return (
    <div className="space-y-1 text-sm" data-testid="retry-decision">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={decision.retry ? 'emerald' : 'red'}>{decision.retry ? 'retry' : 'no retry'}</Badge>
        {decision.retry && (
          <span>
            after <span className="font-semibold tabular-nums">{formatDelay(decision.delayMs)}</span> ({describeDelaySource(decision.delaySource)})
          </span>
        )}
        <span className="text-xs text-slate-500">
          retry {decision.retryCount} of {decision.maxRetries} allowed
        </span>
      </div>
      <p className="text-xs text-slate-600">Why: {describeReason(decision)}.</p>
    </div>
  )
}
