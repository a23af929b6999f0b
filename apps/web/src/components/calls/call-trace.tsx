'use client'

import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '@/trpc/client.tsx'
import { Badge } from '../badge.tsx'
import { describeError } from '../ui/describe-error.ts'
import { JsonBlock } from '../ui/json-block.tsx'
import { Notice } from '../ui/notice.tsx'
import { Loading } from '../ui/progress.tsx'
import { formatDateTime, plural } from '../format.ts'
import { CallBodyView } from './call-body-view.tsx'
import { SaveFixtureForm } from './save-fixture-form.tsx'
import { formatModelLabel } from '../model-label.ts'

type TraceEvent = { seq: number; attempt: number; type: string; processorId: string; rule: string | null; data: Record<string, unknown> }

/** "2 stored messages repaired", with how many of them were repaired in the prompt only (recall hits of another thread). */
function repairedCount(messageIds: readonly string[], promptOnly: ReadonlySet<string>): string {
  const notSaved = messageIds.filter((id) => promptOnly.has(id)).length
  const saved = messageIds.length - notSaved
  const parts = [
    ...(saved > 0 ? [`${plural(saved, 'stored message')} repaired and saved`] : []),
    ...(notSaved > 0 ? [`${plural(notSaved, 'recall hit')} from another thread repaired in the prompt only (not saved)`] : []),
  ]
  return parts.length > 0 ? parts.join(', ') : 'no stored message changed'
}

/** One line per processor event: what it did, with its counts, pattern or delay. */
function eventLine(event: TraceEvent, promptOnly: ReadonlySet<string>): string {
  const data = event.data
  switch (event.type) {
    case 'rule-applied':
      return `${event.rule ?? ''}: ${plural(Number(data.messagesChanged), 'prompt message')} changed, ${plural(Number(data.partsRemoved), 'part')} removed`
    case 'repair':
      return `${event.rule ?? ''} matched ${String(data.pattern)}: ${repairedCount(data.messageIds as string[], promptOnly)}`
    case 'retry-decision':
      return data.retry
        ? `${event.processorId}: retry (${String(data.reason)}) after ${String(data.delayMs)} ms, delay from ${String(data.delaySource)}`
        : `${event.processorId}: no retry (${String(data.reason)})`
    default:
      return `retry granted by ${event.processorId} after ${String(data.waitedMs)} ms`
  }
}

/** The full trace of one call: attempts with their errors, processor events with before/after of what a rule changed. */
export function CallTrace({ callId }: { callId: string }) {
  const trpc = useTRPC()
  const call = useQuery(trpc.calls.get.queryOptions({ id: callId }))
  if (call.error) return <Notice tone="error">{describeError(call.error)}</Notice>
  if (!call.data) return <Loading label="Loading trace…" />
  const { attempts, events } = call.data
  const promptOnly = new Set(call.data.promptOnlyMessageIds)
  return (
    <div data-testid="call-trace" className="space-y-3 text-sm">
      <p className="text-slate-600">
        {formatModelLabel(`${call.data.provider}/${call.data.modelId}`)} · step {call.data.stepNumber} · {call.data.latencyMs} ms
        {call.data.finishReason ? ` · ${call.data.finishReason}` : ''}
      </p>
      <CallBodyView call={call.data} />
      {promptOnly.size > 0 && (
        <p data-testid="call-prompt-only-repairs" className="break-words text-xs text-amber-800 [overflow-wrap:anywhere]">
          Repaired in the retried prompt only, not saved (recall hits from another thread, which this thread does not own): {[...promptOnly].join(', ')}
        </p>
      )}
      <ol className="space-y-2">
        {attempts.map((attempt) => (
          <li key={attempt.attempt} className="rounded-md border border-slate-200 p-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">Attempt {attempt.attempt}</span>
              <Badge tone={attempt.outcome === 'success' ? 'emerald' : 'red'}>
                {attempt.outcome === 'success' ? 'ok' : `HTTP ${attempt.error?.statusCode ?? 'error'}`}
              </Badge>
              <span className="text-slate-500">{attempt.latencyMs} ms</span>
            </div>
            {attempt.error && <p className="mt-1 break-words text-xs text-slate-600 [overflow-wrap:anywhere]">{attempt.error.message}</p>}
            {attempt.error?.statusCode !== undefined && (
              <SaveFixtureForm
                callId={callId}
                attempt={attempt.attempt}
                defaultName={`${call.data.provider} HTTP ${attempt.error.statusCode}, attempt ${attempt.attempt} (${formatDateTime(attempt.startedAt)})`}
              />
            )}
            <ul className="mt-1 space-y-1">
              {events
                .filter((event) => event.attempt === attempt.attempt)
                .map((event) => (
                  <li key={event.seq} data-testid="call-event" className="text-xs text-slate-700">
                    <span className="break-words [overflow-wrap:anywhere]">{eventLine(event, promptOnly)}</span>
                    {(event.type === 'rule-applied' || event.type === 'repair') && (
                      <details className="mt-1">
                        <summary className="cursor-pointer text-indigo-700">Before / after</summary>
                        <div className="mt-1 grid gap-2 md:grid-cols-2">
                          <JsonBlock label="Before" value={event.data.before} />
                          <JsonBlock label="After" value={event.data.after} />
                        </div>
                      </details>
                    )}
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  )
}
