'use client'

import { useQueries } from '@tanstack/react-query'
import type { LLMCallSummary } from '@threadline/engine'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { summarizeCalls } from './call-summary.ts'
import { CallTrace } from './call-trace.tsx'

/** Under an assistant turn: its recorded calls in one line, expanding to each call's trace. */
export function CallStrip({ calls }: { calls: LLMCallSummary[] }) {
  const trpc = useTRPC()
  const [open, setOpen] = useState(false)
  const isTroubled = (call: LLMCallSummary) => call.outcome !== 'success' || call.retries > 0 || call.rules.length > 0
  // the prose counts tool IDs and names the delay source: those are in the trace of a call that had something happen
  const traces = useQueries({ queries: calls.filter(isTroubled).map((call) => trpc.calls.get.queryOptions({ id: call.id })) })
  const loaded = new Map(traces.flatMap((trace) => (trace.data ? [[trace.data.id, trace.data] as const] : [])))
  if (calls.length === 0) return null
  const troubled = calls.some(isTroubled)
  return (
    <div data-testid="call-strip" className="mt-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-1.5 text-xs">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className={`w-full break-words text-left [overflow-wrap:anywhere] ${troubled ? 'text-amber-800' : 'text-slate-600'}`}
      >
        {open ? '▾' : '▸'} {summarizeCalls(calls, loaded)}
      </button>
      {open && (
        <div className="mt-2 space-y-3">
          {calls.map((call) => (
            <CallTrace key={call.id} callId={call.id} />
          ))}
        </div>
      )}
    </div>
  )
}
