'use client'

import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { SnippetSegment } from '@threadline/engine/storage'
import Link from 'next/link'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from './badge.tsx'
import { EmptyState } from './empty-state.tsx'
import { ErrorNotice } from './error-notice.tsx'
import { formatDateTime, plural } from './format.ts'
import { Pagination } from './pagination.tsx'
import { threadMessageHref } from './thread/anchors.ts'

const PAGE_SIZE = 20

/**
 * The explorer's message search: full-text hits across threads, best first,
 * each with its thread's title and a snippet whose matched words are marked;
 * a hit opens its thread at the message.
 */
export function MessageSearchResults({
  query,
  resourceId,
  page,
  onPageChange,
}: {
  query: string
  resourceId: string
  page: number
  onPageChange: (page: number) => void
}) {
  const trpc = useTRPC()
  const search = useQuery(
    trpc.messages.search.queryOptions(
      { query, resourceId: resourceId || undefined, page, pageSize: PAGE_SIZE },
      { enabled: query !== '', placeholderData: keepPreviousData },
    ),
  )
  if (query === '') {
    return (
      <EmptyState
        title="Search message text"
        description="Type words to find in the messages of every thread you can see: all of them must occur, in any form (“refunds” finds “refund”)."
      />
    )
  }
  if (search.error) return <ErrorNotice title="Could not search messages" message={search.error.message} />
  const data = search.data
  if (!data) {
    return (
      <p className="px-4 py-12 text-center text-sm text-slate-500" role="status">
        Searching messages…
      </p>
    )
  }
  if (data.items.length === 0) {
    return data.total > 0 ? (
      <EmptyState
        title={`Page ${page} is past the end`}
        description={`${data.total} message${data.total === 1 ? ' matches' : 's match'}, on ${plural(data.pageCount, 'page')}.`}
        action={{ label: `Go to page ${data.pageCount}`, onClick: () => onPageChange(data.pageCount) }}
      />
    ) : (
      <EmptyState title="No message matches" description="No message holds every word. Try fewer words, another resource, or quotes for an exact phrase." />
    )
  }
  return (
    <>
      <ol className="divide-y divide-slate-100" aria-label="Matching messages">
        {data.items.map((hit) => (
          <li key={hit.messageId}>
            <Link
              href={threadMessageHref(hit.threadId, hit.messageId)}
              className="block px-4 py-3 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none"
              data-testid="message-hit"
            >
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                <span className="min-w-0 truncate text-sm font-medium text-slate-900" title={hit.threadId} data-testid="message-hit-thread">
                  {hit.threadTitle || 'Untitled thread'}
                </span>
                <Badge>{hit.role}</Badge>
                <span className="font-mono">{hit.resourceId}</span>
                <time className="ml-auto whitespace-nowrap" dateTime={hit.createdAt.toISOString()}>
                  {formatDateTime(hit.createdAt)}
                </time>
              </span>
              <Snippet segments={hit.snippet} />
            </Link>
            {hit.copies.length > 0 && <CloneCopies copies={hit.copies} />}
          </li>
        ))}
      </ol>
      <Pagination page={data.page} pageCount={data.pageCount} pageSize={data.pageSize} total={data.total} noun="message" onPageChange={onPageChange} />
    </>
  )
}

/** A hit's clone copies, one line under it (each opens its copy), instead of a hit per copy. */
function CloneCopies({ copies }: { copies: RouterOutputs['messages']['search']['items'][number]['copies'] }) {
  return (
    <p className="break-words px-4 pb-3 text-xs text-slate-500" data-testid="message-hit-copies">
      Also in {copies.length === 1 ? '1 clone' : `${copies.length} clones`}:{' '}
      {copies.map((copy, index) => (
        <span key={copy.messageId}>
          {index > 0 && ', '}
          <Link href={threadMessageHref(copy.threadId, copy.messageId)} className="text-indigo-700 hover:underline" title={copy.threadId}>
            {copy.threadTitle || 'Untitled thread'}
          </Link>
        </span>
      ))}
    </p>
  )
}

/** The snippet as text nodes: the matched words in <mark>, never the message's text as markup. */
function Snippet({ segments }: { segments: SnippetSegment[] }) {
  return (
    <span className="mt-1 block break-words text-sm text-slate-700" data-testid="message-hit-snippet">
      {segments.length === 0
        ? '(no text)'
        : segments.map((segment, index) =>
            segment.match ? (
              <mark key={index} className="rounded-sm bg-amber-100 px-0.5 font-medium text-amber-950">
                {segment.text}
              </mark>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
    </span>
  )
}
