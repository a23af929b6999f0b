import { Badge } from '../badge.tsx'
import { explainRetryDecision, type RetryDecision } from './verdict-explanation.ts'

export type { RetryDecision }

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

export function describeDelaySource(source: RetryDecision['delaySource']): string {
  return delaySourceText[source]
}

/** StreamErrorRetryProcessor's answer for one attempt. */
export function RetryDecisionView({
  decision,
  matchers = [],
}: {
  decision: RetryDecision
  matchers?: readonly { pattern: string; flags?: string | undefined }[]
}) {
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
      <p className="text-xs text-slate-600" data-testid="retry-why">
        {explainRetryDecision(decision, matchers)}
      </p>
    </div>
  )
}
