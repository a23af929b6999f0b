'use client'

import { useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from './badge.tsx'
import { ErrorNotice } from './error-notice.tsx'
import { formatDateTime } from './format.ts'
import { MessageCard } from './message-card.tsx'

/** One thread and its messages, read-only. */
export function ThreadView({ id }: { id: string }) {
  const trpc = useTRPC()
  const query = useQuery(trpc.threads.byId.queryOptions({ id }, { retry: false }))

  return (
    <div className="space-y-6">
      <Link href="/" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-indigo-700">
        <span aria-hidden>←</span> All threads
      </Link>
      {query.error ? (
        <ErrorNotice
          title={query.error.data?.code === 'NOT_FOUND' ? 'Thread not found' : 'Could not load the thread'}
          message={query.error.message}
        />
      ) : !query.data ? (
        <p className="text-sm text-slate-500" role="status">
          Loading thread…
        </p>
      ) : (
        <>
          <ThreadHeader {...query.data} />
          <ol className="space-y-4" aria-label="Messages">
            {query.data.messages.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ol>
          {query.data.messageCount > query.data.messages.length && (
            <p className="text-center text-sm text-slate-500">
              Showing the first {query.data.messages.length} of {query.data.messageCount} messages.
            </p>
          )}
        </>
      )}
    </div>
  )
}

function ThreadHeader({ thread, messageCount }: RouterOutputs['threads']['byId']) {
  return (
    <header className="rounded-lg border border-slate-200 bg-white px-6 py-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight">{thread.title || 'Untitled thread'}</h1>
          <p className="mt-1 font-mono text-xs text-slate-400">{thread.id}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{thread.resourceId}</Badge>
          {thread.sourceThreadId !== null && <Badge tone="violet">Clone</Badge>}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Messages</dt>
          <dd className="font-medium tabular-nums">{messageCount}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Created</dt>
          <dd className="font-medium">{formatDateTime(thread.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Updated</dt>
          <dd className="font-medium">{formatDateTime(thread.updatedAt)}</dd>
        </div>
        {thread.sourceThreadId !== null && (
          <div className="min-w-0">
            <dt className="text-slate-500">Cloned from</dt>
            <dd className="truncate font-mono text-xs leading-5">
              <Link className="text-indigo-700 hover:underline" href={`/threads/${encodeURIComponent(thread.sourceThreadId)}`}>
                {thread.sourceThreadId}
              </Link>
            </dd>
          </div>
        )}
      </dl>
    </header>
  )
}
