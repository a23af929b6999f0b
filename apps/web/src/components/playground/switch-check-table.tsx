'use client'

import { Fragment } from 'react'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { Spinner } from '../ui/progress.tsx'
import { AttemptBadge, AttemptBody } from './switch-check-attempt.tsx'
import { ContentVerdict, WireVerdict } from './switch-check-content.tsx'
import { SwitchCheckDiff } from './switch-check-diff.tsx'

type Row = RouterOutputs['playground']['switchCheck']['families']['families'][number]
type Diff = RouterOutputs['playground']['switchCheck']['diff']
type Run = RouterOutputs['playground']['switchCheck']['run']

/** A family's state below the table row: its open diff and its continuation, each loading, failed or done. */
export type FamilyDetail = {
  diff: { pending: boolean; error: unknown; data: Diff | undefined } | null
  run: { pending: boolean; error: unknown; data: Run | undefined } | null
}

const headerCell = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500'

/** Every provider family: the history as stored, the compiler's rules and what compiling drops, and the actions. */
export function SwitchCheckTable({
  rows,
  detailOf,
  onDiff,
  onRun,
}: {
  rows: Row[]
  detailOf: (family: string) => FamilyDetail
  onDiff: (family: string) => void
  onRun: (family: string) => void
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full table-fixed border-collapse text-sm" aria-label="Provider families">
        <thead className="border-b border-slate-200 bg-slate-50/80">
          <tr>
            <th scope="col" className={`${headerCell} w-[26%]`}>
              Family
            </th>
            <th scope="col" className={`${headerCell} w-[18%]`}>
              As stored
            </th>
            <th scope="col" className={headerCell}>
              Compiler rules
            </th>
            <th scope="col" className={`${headerCell} w-44`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const detail = detailOf(row.family)
            return (
              <Fragment key={row.family}>
                <tr data-testid="switch-family" data-family={row.family} data-as-is={row.asIs.accepted ? 'accepted' : 'refused'} className="align-top">
                  <td className="px-3 py-2">
                    <p className="font-mono text-sm font-medium text-slate-800">{row.family}</p>
                    <p className="font-mono text-xs text-slate-500">{row.sdkPackage}</p>
                    <p className="font-mono text-xs text-slate-500 [overflow-wrap:anywhere]">{row.modelId}</p>
                  </td>
                  <td className="px-3 py-2">
                    <AttemptBadge attempt={row.asIs} />
                  </td>
                  <td className="px-3 py-2">
                    {row.rules.length === 0 ? (
                      <span className="text-xs text-slate-500">none: sent as stored</span>
                    ) : (
                      <ul className="space-y-0.5">
                        {row.rules.map((rule) => (
                          <li key={rule.name} className="text-xs text-slate-700">
                            <span className="font-mono [overflow-wrap:anywhere]">{rule.name}</span>{' '}
                            <span className="text-slate-500">({rule.changedMessages === 1 ? '1 message' : `${rule.changedMessages} messages`})</span>
                          </li>
                        ))}
                      </ul>
                    )}
                    <ContentVerdict check={row.compiledContent} />
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap justify-end gap-1.5">
                      <Button size="sm" variant="ghost" onClick={() => onDiff(row.family)} aria-expanded={detail.diff !== null}>
                        {detail.diff === null ? 'Show diff' : 'Hide diff'}
                      </Button>
                      <Button size="sm" onClick={() => onRun(row.family)} disabled={detail.run?.pending === true}>
                        {detail.run?.pending ? <Spinner className="size-3.5" /> : null}
                        Run continuation
                      </Button>
                    </div>
                  </td>
                </tr>
                {(!row.asIs.accepted || detail.diff !== null || detail.run !== null) && (
                  <tr data-testid="switch-family-detail" data-family={row.family}>
                    <td colSpan={4} className="space-y-3 bg-slate-50/60 px-3 py-2">
                      {!row.asIs.accepted && (
                        <div className="space-y-1">
                          <p className="text-xs font-medium text-slate-600">As stored, {row.family} answers:</p>
                          <AttemptBody attempt={row.asIs} />
                        </div>
                      )}
                      {detail.run !== null && <ContinuationResult family={row.family} run={detail.run} />}
                      {detail.diff !== null && <DiffResult family={row.family} diff={detail.diff} />}
                    </td>
                  </tr>
                )}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

function ContinuationResult({ family, run }: { family: string; run: NonNullable<FamilyDetail['run']> }) {
  if (run.pending)
    return (
      <p className="flex items-center gap-2 text-xs text-slate-500">
        <Spinner className="size-3.5" /> Sending the compiled history to {family}…
      </p>
    )
  if (run.error)
    return (
      <Notice tone="error" title="The continuation could not run">
        {describeError(run.error)}
      </Notice>
    )
  if (!run.data) return null
  return (
    <div className="space-y-1" data-testid="switch-continuation" data-accepted={run.data.compiled.accepted}>
      <p className="flex flex-wrap items-center gap-2 text-xs font-medium text-slate-600">
        Compiled continuation: <AttemptBadge attempt={run.data.compiled} />
        <span className="font-normal text-slate-500">
          {run.data.rulesFired.length === 0 ? 'no rule changed the prompt' : `after ${run.data.rulesFired.join(', ')}`}
        </span>
      </p>
      <AttemptBody attempt={run.data.compiled} />
      {run.data.droppedOnWire !== null && <WireVerdict drops={run.data.droppedOnWire} />}
    </div>
  )
}

function DiffResult({ family, diff }: { family: string; diff: NonNullable<FamilyDetail['diff']> }) {
  if (diff.pending)
    return (
      <p className="flex items-center gap-2 text-xs text-slate-500">
        <Spinner className="size-3.5" /> Compiling for {family}…
      </p>
    )
  if (diff.error)
    return (
      <Notice tone="error" title="The diff could not be built">
        {describeError(diff.error)}
      </Notice>
    )
  return diff.data ? <SwitchCheckDiff family={family} diff={diff.data} /> : null
}
