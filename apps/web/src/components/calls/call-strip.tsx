'use client'

import type { LLMCallSummary } from '@threadline/engine'
import { useState } from 'react'
import { summarizeCalls } from './call-summary.ts'
import { CallTrace } from './call-trace.tsx'

/** Under an assistant turn: its recorded calls in one line, expanding to each call's trace. */
export function CallStrip({ calls }: { calls: LLMCallSummary[] }) {
  const [open, setOpen] = useState(false)
  if (calls.length === 0) return null
  const troubled = calls.some((call) => call.outcome !== 'success' || call.retries > 0 || call.rules.length > 0)
  return (
    <div data-testid="call-strip" className="mt-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-1.5 text-xs">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className={`w-full break-words text-left [overflow-wrap:anywhere] ${troubled ? 'text-amber-800' : 'text-slate-600'}`}
      >
        {open ? '▾' : '▸'} {summarizeCalls(calls)}
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
