'use client'

import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '@/trpc/client.tsx'
import { threadOptionLabel } from '../format.ts'
import { Field, selectClass } from '../ui/field.tsx'

/** Choose one stored thread (the 100 most recently active). */
export function ThreadField({ value, onChange, label = 'Thread' }: { value: string; onChange: (threadId: string) => void; label?: string }) {
  const trpc = useTRPC()
  const threads = useQuery(trpc.threads.list.queryOptions({ pageSize: 100 }))
  const selected = threads.data?.items.find((thread) => thread.id === value)
  return (
    <Field label={label} error={threads.error ? 'Could not load the threads' : null}>
      <select
        className={selectClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={label}
        title={selected ? threadOptionLabel(selected) : undefined}
      >
        <option value="">Choose a thread…</option>
        {threads.data?.items.map((thread) => (
          <option key={thread.id} value={thread.id}>
            {threadOptionLabel(thread)}
          </option>
        ))}
      </select>
    </Field>
  )
}
