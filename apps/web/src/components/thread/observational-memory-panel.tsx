'use client'

import { Badge } from '../badge.tsx'
import { formatDateTime } from '../format.ts'
import type { RouterOutputs } from '@/trpc/types.ts'
import { describeError } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Loading } from '../ui/progress.tsx'
import { Tabs } from '../ui/tabs.tsx'

export type ObservationalMemory = RouterOutputs['memory']['observational']['get']
export type OmScope = 'thread' | 'resource'

/** The current observational-memory generation of the chosen scope; its observed messages are marked on the timeline. */
export function ObservationalMemoryPanel({
  scope,
  onScopeChange,
  memory,
  error,
  markedHere,
}: {
  scope: OmScope
  onScopeChange: (scope: OmScope) => void
  memory: ObservationalMemory | undefined
  error: unknown
  /** how many of this thread's messages the generation covers */
  markedHere: number
}) {
  const current = memory?.current ?? null
  return (
    <Panel title="Observational memory" description="Observations distilled from the conversation." bodyClassName="px-4 pb-3" testId="om-panel">
      <Tabs
        label="Observational memory scope"
        size="sm"
        items={[
          { id: 'thread', label: 'This thread' },
          { id: 'resource', label: 'Resource' },
        ]}
        selected={scope}
        onSelect={onScopeChange}
      />
      {error ? (
        <Notice tone="error" title="Could not load observational memory" className="mt-3">
          {describeError(error)}
        </Notice>
      ) : !memory ? (
        <Loading label="Loading observational memory…" />
      ) : current === null ? (
        <p className="mt-3 text-xs text-slate-500" data-testid="empty-state">
          No observational memory for this scope yet.
        </p>
      ) : (
        <div className="mt-3 space-y-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="teal">generation {current.generation}</Badge>
            <Badge>{current.originType}</Badge>
            <span className="text-xs text-slate-500">
              {memory.generations.length} generation{memory.generations.length === 1 ? '' : 's'} stored
            </span>
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <dt className="text-slate-500">Observed messages</dt>
            <dd className="tabular-nums">{current.observedMessageIds.length}</dd>
            <dt className="text-slate-500">Buffered chunks</dt>
            <dd className="tabular-nums">{current.bufferedObservationChunks.length}</dd>
            <dt className="text-slate-500">Tokens observed</dt>
            <dd className="tabular-nums">{current.totalTokensObserved}</dd>
            <dt className="text-slate-500">Last observed</dt>
            <dd>{current.lastObservedAt ? formatDateTime(current.lastObservedAt) : '—'}</dd>
          </dl>
          <p className="flex items-center gap-2 text-xs text-slate-600">
            <span aria-hidden className="inline-block h-4 w-1 rounded bg-teal-400" />
            {markedHere > 0
              ? `${markedHere} message${markedHere === 1 ? '' : 's'} of this thread marked on the timeline.`
              : 'No message of this thread is covered by this generation.'}
          </p>
          <pre className="max-h-64 overflow-y-auto whitespace-pre-wrap rounded-md bg-slate-50 p-2 font-mono text-xs leading-5 text-slate-700 [overflow-wrap:anywhere]">
            {current.activeObservations}
          </pre>
          {current.bufferedObservationChunks.length > 0 && (
            <div className="space-y-1">
              <p className="text-xs font-semibold text-slate-600">Buffered, not yet merged</p>
              {current.bufferedObservationChunks.map((chunk) => (
                <pre key={chunk.id} className="whitespace-pre-wrap rounded-md border border-dashed border-teal-200 p-2 font-mono text-xs text-slate-600">
                  {chunk.observations}
                </pre>
              ))}
            </div>
          )}
        </div>
      )}
    </Panel>
  )
}
