'use client'

import { messageSnippet, type StoredMessage } from '@threadline/engine'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { checkboxClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Spinner } from '../ui/progress.tsx'

export type ClonePreview = RouterOutputs['clone']['preview']

const memoryAction = {
  copy: 'copied to the clone',
  clone: 'cloned (IDs remapped)',
  share: 'shared with the source',
  none: 'nothing to carry over',
} as const

/** What create would do, from clone.preview: the messages copied (marked in the source list), warnings, vectors, memory. */
export function ForkPreview({
  preview,
  previewIds,
  moreIds,
  error,
  updating,
  problems,
  messages,
  sourceMessageCount,
  upTo,
  handPick,
  pickedIds,
  onTogglePick,
}: {
  /** the first page: the counts, warnings and memory actions are the whole selection's */
  preview: ClonePreview | undefined
  /** the ids of the pages loaded so far */
  previewIds: string[]
  /** the next page of ids, while there is one */
  moreIds: { loading: boolean; load: () => void } | null
  error: unknown
  updating: boolean
  /** the form's problems, each also shown at its field: the preview waits for them to be fixed */
  problems: string[]
  /** the first messages of the source (the list shows these) */
  messages: StoredMessage[]
  sourceMessageCount: number
  upTo: string
  handPick: boolean
  pickedIds: string[]
  onTogglePick: (messageId: string, picked: boolean) => void
}) {
  const invalid = problems.length > 0
  // no selection to show while the options are invalid: an old preview would mark messages it no longer copies
  const selected = new Set(invalid ? [] : previewIds)
  const warnedAt = new Map((preview?.warnings ?? []).flatMap((warning) => (warning.messageId ? [[warning.messageId, warning.code] as const] : [])))
  return (
    <Panel
      title="Preview"
      description="Computed by the server with the same code as create; nothing is written."
      actions={updating && <Spinner className="size-4 text-indigo-600" />}
      testId="clone-preview"
    >
      <div className="space-y-3">
        {problems.length > 0 ? (
          <Notice tone="info" title="Fix the highlighted options to see the preview" testId="preview-problems">
            <ul className="list-disc pl-5">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Notice>
        ) : error ? (
          <Notice tone="error" title="The preview failed">
            {describeError(error)}
          </Notice>
        ) : !preview ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner /> Computing the preview…
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-xs text-slate-500">Messages</dt>
                <dd className="font-semibold tabular-nums" data-testid="preview-count">
                  {preview.count} of {sourceMessageCount}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Vectors</dt>
                <dd className="text-xs">
                  <span className="font-semibold tabular-nums">{preview.vectors.copied}</span> copied ·{' '}
                  <span className="font-semibold tabular-nums">{preview.vectors.computed}</span> computed
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Working memory</dt>
                <dd className="text-xs">{memoryAction[preview.workingMemory]}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Observational memory</dt>
                <dd className="text-xs">{memoryAction[preview.observationalMemory]}</dd>
              </div>
            </dl>
            {preview.truncated && <PagedIds count={preview.count} loaded={previewIds.length} more={moreIds} />}
            <p className="text-xs text-slate-500">
              New thread “<span className="font-medium text-slate-700">{preview.title || 'untitled'}</span>” in resource{' '}
              <span className="font-mono">{preview.resourceId}</span>.
            </p>
            {preview.warnings.length === 0 ? (
              <Notice tone="success">No warning: the selection keeps every tool call with its result.</Notice>
            ) : (
              <ul className="space-y-2" aria-label="Warnings">
                {preview.warnings.map((warning, index) => (
                  <li key={index}>
                    <Notice tone="warning" testId="clone-warning">
                      <span className="mr-2 inline-block">
                        <Badge tone="amber">{warning.code}</Badge>
                      </span>
                      {warning.message}
                      {warning.messageId && <span className="ml-1 font-mono text-xs">(at {warning.messageId})</span>}
                    </Notice>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <ol
          className="divide-y divide-slate-100 overflow-hidden rounded-md border border-slate-200"
          aria-label="Source messages"
          data-testid="preview-messages"
        >
          {messages.map((message, index) => {
            const picked = pickedIds.includes(message.id)
            // hand-picking: an unticked message is never copied, whatever the last preview said
            const copied = selected.has(message.id) && (!handPick || picked)
            const warning = warnedAt.get(message.id)
            return (
              <li
                key={message.id}
                data-testid="preview-message"
                data-copied={copied}
                className={`flex items-start gap-2 px-3 py-2 text-xs ${copied ? 'bg-emerald-50/60' : 'bg-white text-slate-400'}`}
              >
                {handPick ? (
                  <input
                    type="checkbox"
                    aria-label={`Pick message #${index + 1}`}
                    className={`${checkboxClass} mt-0.5`}
                    checked={picked}
                    onChange={(event) => onTogglePick(message.id, event.target.checked)}
                  />
                ) : (
                  <span
                    aria-label={copied ? 'copied' : 'not copied'}
                    className={`mt-0.5 w-4 shrink-0 text-center font-bold ${copied ? 'text-emerald-600' : 'text-slate-300'}`}
                  >
                    {copied ? '✓' : '–'}
                  </span>
                )}
                <span className="w-7 shrink-0 font-mono tabular-nums">#{index + 1}</span>
                <span className={`w-16 shrink-0 font-medium ${copied ? 'text-slate-700' : ''}`}>{message.role}</span>
                <span className={`min-w-0 flex-1 truncate ${copied ? 'text-slate-700' : ''}`}>{messageSnippet(message)}</span>
                {message.id === upTo && <Badge tone="indigo">fork point</Badge>}
                {warning && <Badge tone="amber">{warning}</Badge>}
              </li>
            )
          })}
        </ol>
        {sourceMessageCount > messages.length && (
          <p className="text-xs text-slate-500" data-testid="preview-source-capped">
            Showing the first {messages.length} of {sourceMessageCount} source messages.
          </p>
        )}
      </div>
    </Panel>
  )
}

/** A selection longer than a page: how many of its ids are marked, and the next page. */
function PagedIds({ count, loaded, more }: { count: number; loaded: number; more: { loading: boolean; load: () => void } | null }) {
  return (
    <Notice tone="info" testId="preview-ids-paged">
      <div className="flex flex-wrap items-center gap-3">
        <span>
          Showing {loaded} of {count} selected message IDs. The clone copies all {count}.
        </span>
        {more && (
          <Button size="sm" onClick={more.load} disabled={more.loading}>
            {more.loading ? 'Loading…' : 'Load more IDs'}
          </Button>
        )}
      </div>
    </Notice>
  )
}
