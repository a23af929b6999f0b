'use client'

import { useQuery } from '@tanstack/react-query'
import { messageSnippet, type StoredMessage } from '@threadline/engine'
import Link from 'next/link'
import { useSearchParams } from 'next/navigation'
import { useTRPC } from '@/trpc/client.tsx'
import { Badge } from '../badge.tsx'
import { formatDateTime } from '../format.ts'
import { threadMessageHref } from '../thread/anchors.ts'
import { describeError, errorCode } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { Loading } from '../ui/progress.tsx'
import { plural } from './fork-markers.ts'

const SNIPPET_LENGTH = 600

/** Two threads side by side from their common point: the shared history, then what each has that the other has not. */
export function CompareView() {
  const params = useSearchParams()
  const a = params.get('a') ?? ''
  const b = params.get('b') ?? ''
  const trpc = useTRPC()
  const ready = a !== '' && b !== ''
  const diff = useQuery(trpc.branches.diff.queryOptions({ threadIdA: a, threadIdB: b }, { enabled: ready }))
  const threadA = useQuery(trpc.threads.get.queryOptions({ threadId: a }, { enabled: ready }))
  const threadB = useQuery(trpc.threads.get.queryOptions({ threadId: b }, { enabled: ready }))
  return (
    <div className="space-y-5">
      <PageHeader title="Compare" description="Two threads side by side from their common point: the history they share, then where they diverge." />
      {!ready ? (
        <Notice tone="info">Open Compare from a branch (“Compare with source”) or pass two thread ids: /compare?a=…&amp;b=…</Notice>
      ) : diff.error ? (
        <Notice tone="error" title={errorCode(diff.error) === 'NOT_FOUND' ? 'Thread not found' : 'Could not compare'}>
          {describeError(diff.error)}
        </Notice>
      ) : !diff.data ? (
        <Loading label="Comparing…" />
      ) : (
        <>
          <section className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm" aria-label="Common history" data-testid="compare-common">
            <p className="font-medium text-slate-800">
              <span aria-hidden className="text-teal-700">
                ⎇{' '}
              </span>
              {diff.data.commonAncestor
                ? `They share ${plural(diff.data.commonMessageCount, 'message')}, then diverge.`
                : 'They share no message: the two histories are unrelated.'}
            </p>
            {diff.data.commonAncestor && (
              <p className="mt-0.5 text-xs text-slate-500">
                Common point:{' '}
                <Link className="font-mono text-indigo-700 hover:underline" href={threadMessageHref(a, diff.data.commonAncestor.messageIdA)}>
                  {diff.data.commonAncestor.messageIdA}
                </Link>
              </p>
            )}
          </section>
          <div className="grid items-start gap-4 md:grid-cols-2">
            <Side threadId={a} title={threadA.data?.thread.title} messages={diff.data.onlyInA} count={diff.data.onlyInACount} testId="compare-a" />
            <Side threadId={b} title={threadB.data?.thread.title} messages={diff.data.onlyInB} count={diff.data.onlyInBCount} testId="compare-b" />
          </div>
        </>
      )}
    </div>
  )
}

/** One side: its first page of messages (branches.diff caps each side); `count` is every message it has after the common point. */
function Side({
  threadId,
  title,
  messages,
  count,
  testId,
}: {
  threadId: string
  title: string | undefined
  messages: StoredMessage[]
  count: number
  testId: string
}) {
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm" data-testid={testId} aria-label={title || threadId}>
      <header className="border-b border-slate-100 px-4 py-2.5">
        <Link href={`/threads/${encodeURIComponent(threadId)}`} className="block truncate text-sm font-semibold text-slate-900 hover:text-indigo-700">
          {title || 'Untitled thread'}
        </Link>
        <p className="truncate font-mono text-[11px] text-slate-400">{threadId}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          {count === 0 ? 'Nothing after the common point.' : `${plural(count, 'message')} after the common point`}
        </p>
        {messages.length < count && (
          <p className="text-xs text-slate-500" data-testid="compare-truncated">
            Showing the first {messages.length} of {count}.
          </p>
        )}
      </header>
      <ol className="divide-y divide-slate-100">
        {messages.map((message) => (
          <li key={message.id} className="space-y-1 px-4 py-2.5" data-testid="compare-message">
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <Badge tone={message.role === 'user' ? 'emerald' : message.role === 'assistant' ? 'indigo' : 'amber'}>{message.role}</Badge>
              <time dateTime={message.createdAt.toISOString()}>{formatDateTime(message.createdAt)}</time>
              <Link href={threadMessageHref(message.threadId, message.id)} className="ml-auto truncate font-mono text-slate-400 hover:text-indigo-700">
                {message.id}
              </Link>
            </div>
            <p className="whitespace-pre-wrap break-words text-sm leading-6 text-slate-800">{messageSnippet(message, SNIPPET_LENGTH)}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
