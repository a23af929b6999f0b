'use client'

import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { useDebouncedValue } from '../use-debounced-value.ts'
import { inputClass } from '../ui/field.tsx'

export type PickedThread = { id: string; title: string }

const MATCHES = 6

/** One side of the compare picker: search threads by title, pick one; the pick shows as its title with a way to change it. */
export function ThreadSearchField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string
  value: PickedThread | null
  onChange: (thread: PickedThread | null) => void
  testId: string
}) {
  const trpc = useTRPC()
  const inputId = useId()
  const [search, setSearch] = useState('')
  const settled = useDebouncedValue(search.trim(), 200)
  const matches = useQuery(trpc.threads.list.queryOptions({ search: settled, pageSize: MATCHES }, { enabled: value === null && settled !== '' }))
  return (
    <div className="min-w-0 text-sm" data-testid={testId}>
      <label htmlFor={inputId} className="mb-1 block font-medium text-slate-700">
        {label}
      </label>
      {value ? (
        <div className="flex h-9 min-w-0 items-center gap-2 rounded-md border border-slate-300 bg-slate-50 px-3">
          <span className="min-w-0 flex-1 truncate font-medium text-slate-900" title={value.title || value.id} data-testid="picked-thread">
            {value.title || 'Untitled thread'}
          </span>
          <button id={inputId} type="button" className="shrink-0 text-xs font-medium text-indigo-700 hover:underline" onClick={() => onChange(null)}>
            Change
          </button>
        </div>
      ) : (
        <>
          <input
            id={inputId}
            type="search"
            className={inputClass}
            placeholder="Search threads by title…"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
          />
          {settled !== '' && (
            <ul className="mt-1 max-h-64 overflow-auto rounded-md border border-slate-200 bg-white shadow-sm" aria-label={`${label}: matching threads`}>
              {matches.data?.items.length === 0 && <li className="px-3 py-2 text-xs text-slate-500">No thread title contains “{settled}”.</li>}
              {!matches.data && <li className="px-3 py-2 text-xs text-slate-500">Searching…</li>}
              {matches.data?.items.map((thread) => (
                <li key={thread.id}>
                  <button
                    type="button"
                    className="flex w-full min-w-0 items-baseline gap-2 px-3 py-1.5 text-left hover:bg-indigo-50 focus:bg-indigo-50 focus:outline-none"
                    onClick={() => onChange({ id: thread.id, title: thread.title })}
                  >
                    <span className="min-w-0 flex-1 truncate text-slate-900">{thread.title || 'Untitled thread'}</span>
                    <span className="shrink-0 text-xs text-slate-500">
                      {thread.isBranch ? '⎇ branch' : thread.isClone ? 'clone' : 'original'} · {thread.messageCount} msgs
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}
