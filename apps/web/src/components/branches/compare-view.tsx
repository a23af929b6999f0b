'use client'

import { useQuery } from '@tanstack/react-query'
import { messageSnippet, type StoredMessage } from '@threadline/engine'
import Link from 'next/link'
import { useSearchParams } from 'next/navigation'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { describeError, errorCode } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { Loading } from '../ui/progress.tsx'
import { threadMessageHref } from '../thread/anchors.ts'
import { ComparePicker } from './compare-picker.tsx'
import { CompareMessage } from './compare-message.tsx'
import { compareLayout } from './compare-rows.ts'
import { plural } from '../format.ts'
import { diffWords } from './word-diff.ts'

const SNIPPET_LENGTH = 600

type Side = { id: string; title: string }

/** Two threads side by side from their common point: the shared history, then each side's messages paired row by row, changed words marked. */
export function CompareView() {
  const params = useSearchParams()
  const a = params.get('a') ?? ''
  const b = params.get('b') ?? ''
  const trpc = useTRPC()
  const ready = a !== '' && b !== ''
  const diff = useQuery(trpc.branches.diff.queryOptions({ threadIdA: a, threadIdB: b }, { enabled: ready }))
  const threadA = useQuery(trpc.threads.get.queryOptions({ threadId: a }, { enabled: ready }))
  const threadB = useQuery(trpc.threads.get.queryOptions({ threadId: b }, { enabled: ready }))
  const sideA: Side | null = threadA.data ? { id: a, title: threadA.data.thread.title } : null
  const sideB: Side | null = threadB.data ? { id: b, title: threadB.data.thread.title } : null
  return (
    <div className="space-y-5">
      <PageHeader title="Compare" description="Two threads side by side from their common point: the history they share, then where they diverge." />
      <ComparePicker key={`${a}|${b}|${sideA !== null}|${sideB !== null}`} initialA={sideA} initialB={sideB} />
      {!ready ? (
        <Notice tone="info">
          Pick two threads above, or select two threads in a lineage view and choose Compare. A branch or clone has “Compare with source”.
        </Notice>
      ) : diff.error ? (
        <Notice tone="error" title={errorCode(diff.error) === 'NOT_FOUND' ? 'Thread not found' : 'Could not compare'}>
          {describeError(diff.error)}
        </Notice>
      ) : !diff.data || !sideA || !sideB ? (
        <Loading label="Comparing…" />
      ) : (
        <CompareResult diff={diff.data} a={sideA} b={sideB} />
      )}
    </div>
  )
}

type Diff = RouterOutputs['branches']['diff']

const titleOf = (side: Side) => `“${side.title || 'Untitled thread'}”`

function CompareResult({ diff, a, b }: { diff: Diff; a: Side; b: Side }) {
  const layout = compareLayout(diff)
  const first = diff.firstCommon
  const afterA = diff.onlyInACount - diff.onlyInABeforeCommonCount
  const afterB = diff.onlyInBCount - diff.onlyInBBeforeCommonCount
  return (
    <>
      <section className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm" aria-label="Common history" data-testid="compare-common">
        <p className="font-medium text-slate-800">
          <span aria-hidden className="text-teal-700">
            ⎇{' '}
          </span>
          {diff.commonAncestor && first
            ? `They share ${plural(diff.commonMessageCount, 'message')}, starting at #${first.positionA} of ${titleOf(a)} (#${first.positionB} of ${titleOf(b)}), then diverge.`
            : 'They share no message: the two histories are unrelated.'}
        </p>
        {diff.commonAncestor && first && (
          <p className="mt-0.5 break-words text-xs text-slate-500">
            Shared from{' '}
            <Link className="text-indigo-700 hover:underline" href={threadMessageHref(a.id, first.messageIdA)}>
              #{first.positionA}
            </Link>{' '}
            to the common point{' '}
            <Link className="text-indigo-700 hover:underline" href={threadMessageHref(a.id, diff.commonAncestor.messageIdA)} data-testid="compare-common-point">
              (the last shared message)
            </Link>
            . After it: {plural(afterA, 'message')} only in {titleOf(a)}, {plural(afterB, 'message')} only in {titleOf(b)}.
          </p>
        )}
      </section>
      {(layout.beforeA.length > 0 || layout.beforeB.length > 0) && (
        <section aria-label="Before the common point" data-testid="compare-before" className="space-y-2">
          <h2 className="text-sm font-semibold text-slate-800">Before the common point</h2>
          <p className="text-xs text-slate-500">
            Messages one side has and the other left out (a partial clone copies only part of its source): not divergence.
          </p>
          <div className="grid items-start gap-4 md:grid-cols-2">
            <BeforeList side={a} messages={layout.beforeA} count={diff.onlyInABeforeCommonCount} testId="compare-before-a" />
            <BeforeList side={b} messages={layout.beforeB} count={diff.onlyInBBeforeCommonCount} testId="compare-before-b" />
          </div>
        </section>
      )}
      <section
        aria-label="After the common point"
        className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
        data-testid="compare-table"
      >
        <div className="grid grid-cols-2 border-b border-slate-200 bg-slate-50 text-sm">
          <SideHeader side={a} count={afterA} shown={layout.rows.filter((row) => row.a).length} testId="compare-a" />
          <SideHeader side={b} count={afterB} shown={layout.rows.filter((row) => row.b).length} testId="compare-b" border />
        </div>
        {layout.rows.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-500">Neither thread has a message after the common point.</p>
        ) : (
          <ol>
            {layout.rows.map((row, index) => {
              const textA = row.a ? messageSnippet(row.a, SNIPPET_LENGTH) : null
              const textB = row.b ? messageSnippet(row.b, SNIPPET_LENGTH) : null
              const words = textA !== null && textB !== null ? diffWords(textA, textB) : null
              return (
                <li
                  key={`${row.a?.id ?? ''}|${row.b?.id ?? ''}`}
                  className="grid grid-cols-2 border-b border-slate-100 last:border-b-0"
                  data-testid="compare-row"
                >
                  <CompareMessage message={row.a} segments={words?.a ?? null} text={textA} step={index + 1} testId="compare-message-a" />
                  <CompareMessage message={row.b} segments={words?.b ?? null} text={textB} step={index + 1} testId="compare-message-b" border />
                </li>
              )
            })}
          </ol>
        )}
      </section>
    </>
  )
}

/** A side's title and how many messages it has after the common point; `shown` of them are on this page (branches.diff caps each side). */
function SideHeader({ side, count, shown, testId, border = false }: { side: Side; count: number; shown: number; testId: string; border?: boolean }) {
  return (
    <div className={`min-w-0 px-4 py-2.5 ${border ? 'border-l border-slate-200' : ''}`} data-testid={testId}>
      <Link href={`/threads/${encodeURIComponent(side.id)}`} className="block truncate font-semibold text-slate-900 hover:text-indigo-700" title={side.title}>
        {side.title || 'Untitled thread'}
      </Link>
      <p className="text-xs text-slate-500">{count === 0 ? 'Nothing after the common point.' : `${plural(count, 'message')} after the common point`}</p>
      {shown < count && (
        <p className="text-xs text-slate-500" data-testid="compare-truncated">
          Showing the first {shown} of {count}.
        </p>
      )}
    </div>
  )
}

function BeforeList({ side, messages, count, testId }: { side: Side; messages: StoredMessage[]; count: number; testId: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-2.5 text-sm" data-testid={testId}>
      <p className="text-xs font-medium text-slate-600">
        {count === 0 ? `${titleOf(side)}: none` : `${titleOf(side)}: ${plural(count, 'message')} the other has not`}
      </p>
      <ul className="mt-1 space-y-1">
        {messages.map((message) => (
          <li key={message.id} className="truncate text-xs text-slate-700">
            <Link href={threadMessageHref(message.threadId, message.id)} className="hover:text-indigo-700">
              {message.role}: {messageSnippet(message, 140)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
