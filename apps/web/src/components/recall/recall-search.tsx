'use client'

import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { messageSnippet, type RecallHit, type RecallMode, type StoredMessage } from '@threadline/engine'
import Link from 'next/link'
import { useState, type SubmitEvent } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { Badge } from '../badge.tsx'
import { EmptyState } from '../empty-state.tsx'
import { IndexAll } from '../indexing/index-all.tsx'
import { formatDateTime, plural, threadOptionLabel } from '../format.ts'
import { threadMessageHref } from '../thread/anchors.ts'
import { Button, ButtonLink } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Field, inputClass, selectClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { Panel } from '../ui/panel.tsx'
import { Loading, meterTrackClass, Spinner } from '../ui/progress.tsx'
import { useSearchParamsState } from '../use-search-params-state.ts'

type Scope = 'thread' | 'resource'

/** What each mode's score is, for the score's tooltip. */
const scoreMeaning: Record<RecallMode, string> = {
  text: 'Full-text relevance (BM25)',
  vector: 'Cosine similarity',
  hybrid: 'Reciprocal rank fusion of full-text and vector ranks',
}

/** Recall search over a thread or a resource; each result opens the timeline at its message. */
export function RecallSearch() {
  const trpc = useTRPC()
  const [params, setParams] = useSearchParamsState()
  const threadId = params.get('thread') ?? ''
  const resourceId = params.get('resource') ?? ''
  const query = params.get('q') ?? ''
  const topK = Math.min(100, Math.max(1, Number(params.get('k')) || 10))
  const [scope, setScope] = useState<Scope>(resourceId ? 'resource' : 'thread')
  const [draft, setDraft] = useState({ threadId, resourceId, query, topK: String(topK) })

  const threads = useQuery(trpc.threads.list.queryOptions({ pageSize: 100 }))
  const selectedThread = threads.data?.items.find((thread) => thread.id === draft.threadId)
  const resources = useQuery(trpc.resources.list.queryOptions())
  const target = resourceId ? { resourceId } : threadId ? { threadId } : null
  const search = useQuery(
    trpc.recall.search.queryOptions(target ? { ...target, query, topK } : { threadId: '', query: '', topK }, {
      enabled: target !== null && query !== '',
      placeholderData: keepPreviousData,
    }),
  )

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    setParams({
      thread: scope === 'thread' ? draft.threadId : null,
      resource: scope === 'resource' ? draft.resourceId : null,
      q: draft.query.trim(),
      k: draft.topK === '10' ? null : draft.topK,
    })
  }

  const chosen = scope === 'thread' ? draft.threadId : draft.resourceId
  return (
    <div className="space-y-5">
      <PageHeader
        title="Recall"
        description="Search stored messages as the agent's memory recalls them: full-text, with vectors when an embedding model is configured."
        actions={
          <ButtonLink href="/recall/jobs" size="sm">
            Index jobs
          </ButtonLink>
        }
      />
      <Panel title="Search">
        {/* one row from lg; narrower, the thread or resource gets a row of its own so its name and the query's placeholder fit */}
        <form
          onSubmit={onSubmit}
          className="grid items-end gap-3 md:grid-cols-[10rem_minmax(0,1fr)_5rem_auto] lg:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1.4fr)_5rem_auto]"
        >
          <Field label="Search in">
            <select className={selectClass} value={scope} onChange={(event) => setScope(event.target.value as Scope)}>
              <option value="thread">one thread</option>
              <option value="resource">a resource</option>
            </select>
          </Field>
          {scope === 'thread' ? (
            <Field label="Thread" className="md:col-span-3 lg:col-span-1">
              <select
                className={selectClass}
                value={draft.threadId}
                onChange={(event) => setDraft({ ...draft, threadId: event.target.value })}
                title={selectedThread ? threadOptionLabel(selectedThread) : undefined}
              >
                <option value="">Choose a thread…</option>
                {threads.data?.items.map((thread) => (
                  <option key={thread.id} value={thread.id}>
                    {threadOptionLabel(thread)}
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <Field label="Resource" className="md:col-span-3 lg:col-span-1">
              <select className={selectClass} value={draft.resourceId} onChange={(event) => setDraft({ ...draft, resourceId: event.target.value })}>
                <option value="">Choose a resource…</option>
                {resources.data?.map((resource) => (
                  <option key={resource.id} value={resource.id}>
                    {resource.id} ({resource.threadCount} threads)
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field label="Query" className="md:col-span-2 lg:col-span-1">
            <input
              className={inputClass}
              type="search"
              value={draft.query}
              placeholder="e.g. database connection pool"
              onChange={(event) => setDraft({ ...draft, query: event.target.value })}
            />
          </Field>
          <Field label="Top K">
            <input
              className={inputClass}
              type="number"
              min={1}
              max={100}
              value={draft.topK}
              onChange={(event) => setDraft({ ...draft, topK: event.target.value })}
            />
          </Field>
          <Button type="submit" variant="primary" disabled={!chosen || draft.query.trim() === ''}>
            Search
          </Button>
        </form>
        {scope === 'thread' && draft.threadId && <IndexAll key={draft.threadId} scope={{ threadId: draft.threadId }} label="this thread" />}
        {scope === 'resource' && draft.resourceId && <IndexAll key={draft.resourceId} scope={{ resourceId: draft.resourceId }} label="this resource" />}
      </Panel>

      {target === null || query === '' ? (
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState title="Search your agents' memory" description="Choose a thread or a resource and type what you are looking for." />
        </div>
      ) : search.error ? (
        <Notice tone="error" title="The search failed">
          {describeError(search.error)}
        </Notice>
      ) : !search.data ? (
        <Loading label="Searching…" />
      ) : search.data.results.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState title="No message matched" description="No stored message matches that query. Try other words, or fewer of them." />
        </div>
      ) : (
        <section aria-label="Results" className="space-y-3">
          <p className="flex items-center gap-2 text-sm text-slate-500">
            {plural(search.data.results.length, 'result')} for “{query}”, best first
            <Badge>{search.data.mode === 'text' ? 'full-text' : search.data.mode}</Badge>
            {search.isFetching && <Spinner className="size-3.5" />}
          </p>
          <ol className="space-y-3">
            {search.data.results.map((hit, index) => (
              <li key={hit.message.id}>
                <RecallResult rank={index + 1} hit={hit} best={search.data.results[0]?.score ?? 1} meaning={scoreMeaning[search.data.mode]} />
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  )
}

function RecallResult({ rank, hit, best, meaning }: { rank: number; hit: RecallHit; best: number; meaning: string }) {
  const { message, score } = hit
  const share = best > 0 ? Math.max(0, Math.min(1, score / best)) : 0
  return (
    <article className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="recall-result">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-2 text-xs text-slate-500">
        <span className="font-mono text-slate-400">#{rank}</span>
        <span className="flex items-center gap-2" title={`${meaning}; the bar is relative to the best result`}>
          <span className={`h-1.5 w-20 overflow-hidden rounded-full ${meterTrackClass}`}>
            <span className="block h-full rounded-full bg-indigo-500" style={{ width: `${share * 100}%` }} />
          </span>
          <span className="font-semibold tabular-nums text-slate-700" data-testid="recall-score">
            {score.toFixed(3)}
          </span>
        </span>
        <Badge>{message.role}</Badge>
        <time dateTime={message.createdAt.toISOString()}>{formatDateTime(message.createdAt)}</time>
        <Link
          href={threadMessageHref(message.threadId, message.id)}
          className="ml-auto min-w-0 truncate font-medium text-slate-700 hover:text-indigo-700"
          title={message.threadId}
          data-testid="recall-thread"
        >
          {hit.threadTitle || 'Untitled thread'}
        </Link>
      </header>
      <div className="space-y-1 px-4 py-3 text-sm">
        {hit.before.map((neighbour) => (
          <Neighbour key={neighbour.id} message={neighbour} />
        ))}
        <Link
          href={threadMessageHref(message.threadId, message.id)}
          className="block rounded-md bg-indigo-50/60 px-2 py-1.5 text-slate-900 ring-1 ring-indigo-100 hover:bg-indigo-50"
          data-testid="recall-open"
        >
          {messageSnippet(message, 400)}
          <span className="ml-2 whitespace-nowrap text-xs font-medium text-indigo-700">Open in timeline →</span>
        </Link>
        {hit.after.map((neighbour) => (
          <Neighbour key={neighbour.id} message={neighbour} />
        ))}
      </div>
      {hit.alsoIn.length > 0 && (
        <footer className="flex flex-wrap gap-x-2 gap-y-1 border-t border-slate-100 px-4 py-2 text-xs text-slate-500" data-testid="recall-also-in">
          <span>Also in {hit.alsoIn.length === 1 ? 'a clone' : `${hit.alsoIn.length} clones`}:</span>
          {hit.alsoIn.map((copy) => (
            <Link key={copy.messageId} href={threadMessageHref(copy.threadId, copy.messageId)} className="font-medium text-indigo-700 hover:underline">
              {copy.threadTitle || 'Untitled thread'}
            </Link>
          ))}
        </footer>
      )}
    </article>
  )
}

function Neighbour({ message }: { message: StoredMessage }) {
  return (
    <Link
      href={threadMessageHref(message.threadId, message.id)}
      className="block truncate px-2 text-xs text-slate-500 hover:text-slate-800"
      data-testid="recall-neighbour"
    >
      <span className="mr-2 font-medium">{message.role}</span>
      {messageSnippet(message, 200)}
    </Link>
  )
}
