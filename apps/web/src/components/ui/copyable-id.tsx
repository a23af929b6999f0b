'use client'

import { useState, type MouseEvent } from 'react'

/** characters an ID always shows at its end */
const TAIL_LENGTH = 12

/**
 * An ID on one line: cut with an ellipsis in the middle when it does not fit
 * (never broken mid-word; its last characters stay), the whole ID in its
 * tooltip, and a copy button beside it.
 */
export function CopyableId({ id, className = '' }: { id: string; className?: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  async function copy(event: MouseEvent) {
    // inside a clickable row or card: copying is not opening
    event.stopPropagation()
    try {
      await navigator.clipboard.writeText(id)
      setCopied('copied')
    } catch {
      setCopied('failed')
    }
    setTimeout(() => setCopied('idle'), 1500)
  }
  return (
    <span className={`inline-flex min-w-0 max-w-full items-center gap-1 font-mono text-slate-400 ${className}`} data-testid="copyable-id">
      {/* cut in the middle: ids that share a prefix (a clone's copies, `<source id>-<n>`) differ at their end */}
      <span className="flex min-w-0" title={id}>
        <span className="min-w-0 truncate">{id.slice(0, -TAIL_LENGTH)}</span>
        <span className="shrink-0">{id.slice(-TAIL_LENGTH)}</span>
      </span>
      <button
        type="button"
        onClick={(event) => void copy(event)}
        className="shrink-0 rounded px-1 text-[11px] font-sans font-medium text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40"
        aria-label={`Copy ID ${id}`}
        title="Copy the full ID"
      >
        {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Failed' : 'Copy'}
      </button>
    </span>
  )
}
