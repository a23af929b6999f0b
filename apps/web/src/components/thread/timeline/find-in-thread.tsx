'use client'

import { messageSnippet } from '@threadline/engine'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { Button } from '../../ui/button.tsx'
import { describeError } from '../../ui/describe-error.ts'
import { inputClass } from '../../ui/field.tsx'

/** The most hits a find lists (the recall search's cap). */
const MAX_HITS = 100

/**
 * Find in this thread: a full-text search on the server over the thread's whole
 * history, its hits in thread order; Enter or Next moves to the next hit.
 */
export function FindInThread({ threadId, onOpen }: { threadId: string; onOpen: (messageId: string) => void }) {
  const trpc = useTRPC()
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [current, setCurrent] = useState(-1)
  const search = useQuery(trpc.recall.search.queryOptions({ threadId, query, topK: MAX_HITS, mode: 'text' }, { enabled: query !== '' }))
  const hits = useMemo(
    () =>
      (search.data?.results ?? [])
        .map((hit) => hit.message)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    [search.data],
  )

  function open(index: number) {
    const hit = hits[index]
    if (!hit) return
    setCurrent(index)
    onOpen(hit.id)
  }

  function submit() {
    const wanted = text.trim()
    if (wanted === '') return
    if (wanted === query && hits.length > 0) {
      open((current + 1) % hits.length)
      return
    }
    setQuery(wanted)
    setCurrent(-1)
  }

  return (
    <div className="min-w-0 space-y-2">
      <form
        role="search"
        aria-label="Find in this thread"
        className="flex min-w-0 flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <input
          className={`${inputClass} h-7 min-w-0 flex-1 basis-40 text-xs`}
          type="search"
          placeholder="Find in this thread…"
          aria-label="Find in this thread"
          data-find-in-thread
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button size="sm" type="submit">
          Find
        </Button>
        {query !== '' && search.isSuccess && (
          <span className="flex items-center gap-1 text-xs text-slate-600" data-testid="find-status">
            {hits.length === 0 ? 'No match' : current < 0 ? `${hits.length}${hits.length === MAX_HITS ? '+' : ''} matches` : `${current + 1} of ${hits.length}`}
            {hits.length > 0 && (
              <>
                <Button size="sm" variant="ghost" aria-label="Previous match" onClick={() => open((current - 1 + hits.length) % hits.length)}>
                  ↑
                </Button>
                <Button size="sm" variant="ghost" aria-label="Next match" onClick={() => open((current + 1) % hits.length)}>
                  ↓
                </Button>
              </>
            )}
          </span>
        )}
      </form>
      {search.error && <p className="text-xs text-red-700">{describeError(search.error)}</p>}
      {hits.length > 0 && current < 0 && (
        <ol className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 bg-white text-xs" aria-label="Matches">
          {hits.map((hit, index) => (
            <li key={hit.id}>
              <button type="button" className="flex w-full min-w-0 gap-2 px-3 py-1.5 text-left hover:bg-slate-50" onClick={() => open(index)}>
                <span className="w-16 shrink-0 font-medium text-slate-600">{hit.role}</span>
                <span className="min-w-0 flex-1 truncate text-slate-700">{messageSnippet(hit, 120)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
