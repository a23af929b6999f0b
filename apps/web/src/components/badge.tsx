import type { ReactNode } from 'react'

const tones = {
  slate: 'bg-slate-100 text-slate-700 ring-slate-200',
  indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  emerald: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  violet: 'bg-violet-50 text-violet-700 ring-violet-200',
  red: 'bg-red-50 text-red-700 ring-red-200',
  teal: 'bg-teal-50 text-teal-800 ring-teal-200',
  sky: 'bg-sky-50 text-sky-800 ring-sky-200',
} as const

export type BadgeTone = keyof typeof tones

/** A short label on one line; `truncate` ends it with an ellipsis where its container is too narrow (give it a `title` then). */
export function Badge({ tone = 'slate', children, title, truncate = false }: { tone?: BadgeTone; children: ReactNode; title?: string; truncate?: boolean }) {
  return (
    <span
      title={title}
      className={`inline-flex items-center whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${truncate ? 'max-w-full' : ''} ${tones[tone]}`}
    >
      {truncate ? <span className="truncate">{children}</span> : children}
    </span>
  )
}
