'use client'

import { messageSnippet } from '@threadline/engine'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { checkboxClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Spinner } from '../ui/progress.tsx'
import type { PickedMessage } from './message-picker.tsx'

export type ClonePreview = RouterOutputs['clone']['preview']

const memoryAction = {
  copy: 'copied to the clone',
  clone: 'cloned (IDs remapped)',
  share: 'shared with the source',
  none: 'nothing to carry over',
} as const

/**
 * What create would do, from clone.preview: the counts, warnings, vectors and
 * memory, then the selected messages themselves (the first of them), each with
 * its position in the source; while hand-picking, the picks, each untickable.
 */
export function ForkPreview({
  preview,
  previewIds,
  moreIds,
  error,
  updating,
  problems,
  selected,
  sourceMessageCount,
  upTo,
  handPick,
  picked,
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
  /** the first selected messages, with their positions (none while the options are invalid) */
  selected: PickedMessage[]
  sourceMessageCount: number
  upTo: string
  handPick: boolean
  /** the hand-picked messages, in thread order */
  picked: PickedMessage[]
  onTogglePick: (message: PickedMessage, pick: boolean) => void
}) {
  // hand-picking: the picks are listed (a pick the boundary policy drops stays listed, unticked to remove it)
  const selectedIds = new Set(selected.map(({ message }) => message.id))
  const listed = handPick ? [...picked, ...selected.filter(({ message }) => !picked.some((pick) => pick.message.id === message.id))] : selected
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
                  {preview.count.toLocaleString('en')} of {sourceMessageCount.toLocaleString('en')}
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
        {listed.length > 0 && (
          <ol
            className="divide-y divide-slate-100 overflow-hidden rounded-md border border-slate-200"
            aria-label="Selected messages"
            data-testid="preview-messages"
          >
            {listed.map((entry) => {
              const { message, position } = entry
              const isPicked = picked.some((pick) => pick.message.id === message.id)
              const copied = selectedIds.has(message.id) && (!handPick || isPicked)
              const warning = warnedAt.get(message.id)
              return (
                <li
                  key={message.id}
                  data-testid="preview-message"
                  data-copied={copied}
                  className={`flex items-start gap-2 px-3 py-2 text-xs ${copied ? 'bg-emerald-50/60' : 'bg-white text-slate-400'}`}
                >
                  {handPick && isPicked ? (
                    <input
                      type="checkbox"
                      aria-label={`Pick message #${position}`}
                      className={`${checkboxClass} mt-0.5`}
                      checked
                      onChange={() => onTogglePick(entry, false)}
                    />
                  ) : (
                    <span
                      aria-label={copied ? 'copied' : 'not copied'}
                      className={`mt-0.5 w-4 shrink-0 text-center font-bold ${copied ? 'text-emerald-600' : 'text-slate-300'}`}
                    >
                      {copied ? '✓' : '–'}
                    </span>
                  )}
                  <span className="w-14 shrink-0 font-mono tabular-nums">#{position?.toLocaleString('en')}</span>
                  <span className={`w-16 shrink-0 font-medium ${copied ? 'text-slate-700' : ''}`}>{message.role}</span>
                  <span className={`min-w-0 flex-1 truncate ${copied ? 'text-slate-700' : ''}`}>{messageSnippet(message)}</span>
                  {message.id === upTo && <Badge tone="indigo">fork point</Badge>}
                  {warning && <Badge tone="amber">{warning}</Badge>}
                </li>
              )
            })}
          </ol>
        )}
        {preview && preview.count > selected.length && selected.length > 0 && (
          <p className="text-xs text-slate-500" data-testid="preview-selected-capped">
            Showing the first {selected.length} of the {preview.count.toLocaleString('en')} selected messages (of {sourceMessageCount.toLocaleString('en')} in
            the source).
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
          Showing {loaded.toLocaleString('en')} of {count.toLocaleString('en')} selected message IDs. The clone copies all {count.toLocaleString('en')}.
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
