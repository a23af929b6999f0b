'use client'

import { messageSnippet } from '@threadline/engine'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { inputClass } from '../ui/field.tsx'

/** A message of the source with its 1-based position. */
export type PickedMessage = RouterOutputs['threads']['timeline']['byIds'][number]

/** Candidates a text search lists (each is placed by a count on the index). */
const MAX_CANDIDATES = 20

/** `#1150` or `1150`: a position; anything else is text to search. */
function positionOf(text: string): number | null {
  const match = /^#?\s*(\d+)$/.exec(text.trim())
  return match ? Number(match[1]) : null
}

/**
 * Finds a message anywhere in a thread of any length: by position (#N) or by
 * full-text search on the server, never by listing the thread.
 */
export function MessagePicker({
  threadId,
  label,
  actionLabel,
  onPick,
}: {
  threadId: string
  /** the field's accessible name */
  label: string
  /** the verb on each candidate ("Fork here", "Pick") */
  actionLabel: string
  onPick: (picked: PickedMessage) => void
}) {
  const trpc = useTRPC()
  const [text, setText] = useState('')
  const [wanted, setWanted] = useState('')
  const position = positionOf(wanted)
  const byPosition = useQuery(trpc.threads.timeline.page.queryOptions({ threadId, at: { position: position ?? 1 }, limit: 1 }, { enabled: position !== null }))
  const search = useQuery(
    trpc.recall.search.queryOptions({ threadId, query: wanted, topK: MAX_CANDIDATES, mode: 'text' }, { enabled: wanted !== '' && position === null }),
  )
  const hitIds = search.data?.results.map((hit) => hit.message.id) ?? []
  const placed = useQuery(trpc.threads.timeline.byIds.queryOptions({ threadId, messageIds: hitIds }, { enabled: hitIds.length > 0 }))
  const candidates: PickedMessage[] =
    position !== null ? (byPosition.data?.items.map((message) => ({ message, position: byPosition.data.firstPosition })) ?? []) : (placed.data ?? [])
  const error = byPosition.error ?? search.error ?? placed.error
  const searched = wanted !== '' && (position !== null ? byPosition.isSuccess : search.isSuccess && (hitIds.length === 0 || placed.isSuccess))

  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <input
          className={`${inputClass} min-w-0 flex-1`}
          aria-label={label}
          placeholder="#1150, or words from the message"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            setWanted(text.trim())
          }}
        />
        <Button onClick={() => setWanted(text.trim())}>Find</Button>
      </div>
      {error ? <p className="text-xs text-red-700">{describeError(error)}</p> : null}
      {searched && candidates.length === 0 && <p className="text-xs text-slate-500">No message matches “{wanted}”.</p>}
      {candidates.length > 0 && (
        <ul className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 text-xs" aria-label={`${label}: candidates`}>
          {candidates.map(({ message, position: at }) => (
            <li key={message.id} className="flex min-w-0 items-center gap-2 px-3 py-1.5" data-testid="picker-candidate">
              <span className="w-16 shrink-0 font-mono tabular-nums text-slate-500">#{at?.toLocaleString('en')}</span>
              <span className="w-16 shrink-0 font-medium text-slate-700">{message.role}</span>
              <span className="min-w-0 flex-1 truncate text-slate-700">{messageSnippet(message, 100)}</span>
              <Button size="sm" onClick={() => onPick({ message, position: at })}>
                {actionLabel}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
