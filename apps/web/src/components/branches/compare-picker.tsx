'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { Button } from '../ui/button.tsx'
import { type PickedThread, ThreadSearchField } from './thread-search-field.tsx'

/** Choose two threads by title and compare them (the URL keeps them: /compare?a=…&b=…). */
export function ComparePicker({ initialA, initialB }: { initialA: PickedThread | null; initialB: PickedThread | null }) {
  const router = useRouter()
  const [a, setA] = useState(initialA)
  const [b, setB] = useState(initialB)
  const same = a !== null && b !== null && a.id === b.id
  return (
    <form
      className="grid items-end gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
      aria-label="Choose two threads"
      data-testid="compare-picker"
      onSubmit={(event) => {
        event.preventDefault()
        if (a && b && !same) router.push(`/compare?a=${encodeURIComponent(a.id)}&b=${encodeURIComponent(b.id)}`)
      }}
    >
      <ThreadSearchField label="Thread A" value={a} onChange={setA} testId="compare-pick-a" />
      <ThreadSearchField label="Thread B" value={b} onChange={setB} testId="compare-pick-b" />
      <div className="space-y-1">
        {same && <p className="text-xs text-amber-800">Pick two different threads.</p>}
        <Button type="submit" variant="primary" disabled={!a || !b || same}>
          Compare
        </Button>
      </div>
    </form>
  )
}
