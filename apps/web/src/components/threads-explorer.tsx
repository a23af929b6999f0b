'use client'

import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useOptimistic, useRef, useState, useTransition } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { EmptyState } from './empty-state.tsx'
import { ErrorNotice } from './error-notice.tsx'
import { MessageSearchResults } from './message-search-results.tsx'
import { Pagination } from './pagination.tsx'
import { THREAD_FLAGS, ThreadFlagFilters, type ThreadFlag } from './thread-flag-filters.tsx'
import { ThreadsTable } from './threads-table.tsx'
import { Notice } from './ui/notice.tsx'
import { useSearchParamsState } from './use-search-params-state.ts'
import { plural } from './format.ts'

const PAGE_SIZE = 20
const SEARCH_DELAY_MS = 250

/** What the search box searches: thread titles (the listing's filter) or message text (full-text message search). */
type SearchTarget = 'titles' | 'messages'

/** The threads explorer: filter by resource, title and flags, or search message text; page through. State lives in the URL. */
export function ThreadsExplorer() {
  const trpc = useTRPC()
  const [params, setParams] = useSearchParamsState()
  const resource = params.get('resource') ?? ''
  const search = params.get('q') ?? ''
  const target: SearchTarget = params.get('in') === 'messages' ? 'messages' : 'titles'
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const deleted = params.get('deleted')
  const flags = new Set(THREAD_FLAGS.filter((flag) => params.get(flag.key) === '1').map((flag) => flag.key))
  // the chips answer a click at once, while the URL (and with it the list) follows
  const [shownFlags, showFlags] = useOptimistic(flags)
  const [, startTransition] = useTransition()

  const [searchText, setSearchText] = useState(search)
  // `/` pressed on a page without a search box lands here with the search focused
  const searchInput = useRef<HTMLInputElement>(null)
  const focusSearch = params.get('focus') === 'search'
  useEffect(() => {
    if (!focusSearch) return
    searchInput.current?.focus()
    setParams({ focus: null })
  }, [focusSearch, setParams])
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(searchTimer.current), [])

  const resources = useQuery(trpc.resources.list.queryOptions())
  const threads = useQuery(
    trpc.threads.list.queryOptions(
      {
        resourceId: resource || undefined,
        search: search || undefined,
        isClone: flags.has('clone') || undefined,
        isBranch: flags.has('branch') || undefined,
        hasObservationalMemory: flags.has('om') || undefined,
        hasWorkingMemory: flags.has('wm') || undefined,
        page,
        pageSize: PAGE_SIZE,
      },
      { placeholderData: keepPreviousData, enabled: target === 'titles' },
    ),
  )

  function onSearchChange(value: string) {
    setSearchText(value)
    clearTimeout(searchTimer.current)
    searchTimer.current = setTimeout(() => setParams({ q: value.trim(), page: null }), SEARCH_DELAY_MS)
  }

  function onTargetChange(next: SearchTarget) {
    setParams({ in: next === 'messages' ? 'messages' : null, page: null })
    searchInput.current?.focus()
  }

  function onFlagChange(flag: ThreadFlag, on: boolean) {
    startTransition(() => {
      showFlags(new Set(THREAD_FLAGS.map((known) => known.key).filter((key) => (key === flag ? on : shownFlags.has(key)))))
      setParams({ [flag]: on ? '1' : null, page: null })
    })
  }

  function clearFilters() {
    clearTimeout(searchTimer.current)
    setSearchText('')
    setParams({ resource: null, q: null, page: null, ...Object.fromEntries(THREAD_FLAGS.map((flag) => [flag.key, null])) })
  }

  const filtered = resource !== '' || search !== '' || flags.size > 0
  const data = threads.data

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Threads</h1>
          <p className="mt-1 text-sm text-slate-500">
            {target === 'titles' ? 'Conversations stored by your agents, newest activity first.' : 'Messages of every thread, best match first.'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label className="sr-only" htmlFor="resource-filter">
            Resource
          </label>
          <select
            id="resource-filter"
            value={resource}
            onChange={(event) => setParams({ resource: event.target.value, page: null })}
            className="h-9 rounded-md border border-slate-300 bg-white pl-3 pr-8 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20"
          >
            <option value="">All resources</option>
            {resources.data?.map((option) => (
              <option key={option.id} value={option.id}>
                {option.id} ({option.threadCount})
              </option>
            ))}
          </select>
          <div role="group" aria-label="Search in" className="inline-flex h-9 rounded-md border border-slate-300 bg-white p-0.5 text-sm shadow-sm">
            {(['titles', 'messages'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={target === option}
                onClick={() => onTargetChange(option)}
                className={`rounded px-3 font-medium ${target === option ? 'bg-indigo-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
              >
                {option === 'titles' ? 'Titles' : 'Messages'}
              </button>
            ))}
          </div>
          <label className="sr-only" htmlFor="thread-search">
            {target === 'titles' ? 'Search titles' : 'Search message text'}
          </label>
          <input
            id="thread-search"
            ref={searchInput}
            type="search"
            value={searchText}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder={target === 'titles' ? 'Search titles…' : 'Search message text…'}
            className="h-9 w-64 rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20"
          />
        </div>
      </div>

      {target === 'titles' && <ThreadFlagFilters selected={shownFlags} onChange={onFlagChange} />}

      {deleted && (
        <Notice tone="success">
          Deleted “{deleted}”.{' '}
          <button type="button" className="font-medium underline" onClick={() => setParams({ deleted: null })}>
            Dismiss
          </button>
        </Notice>
      )}

      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
        {target === 'messages' ? (
          <MessageSearchResults query={search} resourceId={resource} page={page} onPageChange={(next) => setParams({ page: next > 1 ? String(next) : null })} />
        ) : threads.error ? (
          <ErrorNotice title="Could not load threads" message={threads.error.message} />
        ) : !data ? (
          <p className="px-4 py-12 text-center text-sm text-slate-500" role="status">
            Loading threads…
          </p>
        ) : data.items.length === 0 && data.total > 0 ? (
          <EmptyState
            title={`Page ${page} is past the end`}
            description={`${filtered ? 'These filters match' : 'There are'} ${plural(data.total, 'thread')}, on ${plural(data.pageCount, 'page')}.`}
            action={{ label: `Go to page ${data.pageCount}`, onClick: () => setParams({ page: data.pageCount > 1 ? String(data.pageCount) : null }) }}
          />
        ) : data.items.length === 0 ? (
          filtered ? (
            <EmptyState
              title="No threads match"
              description="No thread has that resource, title and flags. Try another resource, a shorter search or fewer flags."
              action={{ label: 'Clear filters', onClick: clearFilters }}
            />
          ) : (
            <EmptyState
              title="No threads yet"
              description="Threads appear here as soon as an agent stores a conversation. Load the demo data with pnpm db:seed."
            />
          )
        ) : (
          <>
            <ThreadsTable rows={data.items} />
            <Pagination
              page={data.page}
              pageCount={data.pageCount}
              pageSize={data.pageSize}
              total={data.total}
              onPageChange={(next) => setParams({ page: next > 1 ? String(next) : null })}
            />
          </>
        )}
      </div>
    </section>
  )
}
