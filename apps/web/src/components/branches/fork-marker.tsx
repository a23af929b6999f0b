'use client'

import Link from 'next/link'
import { threadMessageHref } from '../thread/anchors.ts'
import { plural } from '../format.ts'
import type { BranchSummary } from './fork-markers.ts'

/** On a source's timeline, below the message branches were cut at: how many, and a link to each. */
export function ForkedHereMarker({ branches }: { branches: BranchSummary[] }) {
  if (branches.length === 0) return null
  return (
    <details className="group ml-4 mt-1.5 text-xs" data-testid="forked-here">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-full border border-teal-200 bg-teal-50 px-2.5 py-0.5 font-medium text-teal-800 hover:bg-teal-100">
        <span aria-hidden>⎇</span> {plural(branches.length, 'branch')} forked here
        <span aria-hidden className="text-teal-600 group-open:rotate-90">
          ›
        </span>
      </summary>
      <ul className="mt-1.5 space-y-0.5 border-l-2 border-teal-200 pl-3">
        {branches.map((branch) => (
          <li key={branch.id} className="flex min-w-0 items-baseline gap-2">
            <Link href={`/threads/${encodeURIComponent(branch.id)}`} className="truncate font-medium text-teal-800 hover:underline">
              {branch.title || 'Untitled branch'}
            </Link>
            <span className="truncate font-mono text-[11px] text-slate-400">{branch.id}</span>
          </li>
        ))}
      </ul>
    </details>
  )
}

/** On a branch's timeline, after its branch point: where the shared history ends and the branch's own begins. */
export function BranchedFromMarker({
  parentThreadId,
  parentTitle,
  branchPointMessageId,
  position,
}: {
  parentThreadId: string | null
  parentTitle: string | null
  branchPointMessageId: string
  /** the branch point's position in this timeline */
  position: number
}) {
  return (
    <div className="flex items-center gap-2 py-1 text-xs text-teal-800" data-testid="branched-from" role="note">
      <span className="h-px flex-1 bg-teal-200" />
      <span className="inline-flex min-w-0 flex-wrap items-center gap-1 rounded-full border border-teal-200 bg-teal-50 px-3 py-0.5 font-medium">
        <span aria-hidden>⎇</span> branched from{' '}
        {parentThreadId ? (
          <Link href={`/threads/${encodeURIComponent(parentThreadId)}`} className="underline decoration-teal-300 hover:decoration-teal-700">
            {parentTitle || parentThreadId}
          </Link>
        ) : (
          'a thread out of your scope'
        )}{' '}
        at{' '}
        {parentThreadId ? (
          <Link href={threadMessageHref(parentThreadId, branchPointMessageId)} className="underline decoration-teal-300 hover:decoration-teal-700">
            message #{position}
          </Link>
        ) : (
          `message #${position}`
        )}
      </span>
      <span className="h-px flex-1 bg-teal-200" />
    </div>
  )
}
