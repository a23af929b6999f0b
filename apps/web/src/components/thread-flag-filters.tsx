'use client'

/** The explorer's flag filters, by their URL keys: each narrows the list to threads that have the flag. */
export const THREAD_FLAGS = [
  { key: 'clone', label: 'Is clone', title: 'Only clones (of any depth)' },
  { key: 'branch', label: 'Is branch', title: 'Only branches (forks that share their source’s history up to a branch point)' },
  { key: 'om', label: 'Has OM', title: 'Only threads with observational memory (their own or their resource’s)' },
  { key: 'wm', label: 'Has WM', title: 'Only threads with working memory (their own or their resource’s)' },
] as const

export type ThreadFlag = (typeof THREAD_FLAGS)[number]['key']

/** Toggle chips for the flags; `selected` holds the flags that are on. */
export function ThreadFlagFilters({ selected, onChange }: { selected: ReadonlySet<ThreadFlag>; onChange: (flag: ThreadFlag, on: boolean) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Flags</legend>
      {THREAD_FLAGS.map((flag) => {
        const on = selected.has(flag.key)
        return (
          <label
            key={flag.key}
            title={flag.title}
            className={`inline-flex h-8 cursor-pointer select-none items-center gap-1.5 rounded-full border px-3 text-xs font-medium shadow-sm transition-colors focus-within:ring-2 focus-within:ring-indigo-500/30 ${
              on ? 'border-indigo-300 bg-indigo-50 text-indigo-700' : 'border-slate-300 bg-white text-slate-600 hover:bg-slate-50'
            }`}
          >
            <input type="checkbox" checked={on} onChange={(event) => onChange(flag.key, event.target.checked)} className="size-3.5 accent-indigo-600" />
            {flag.label}
          </label>
        )
      })}
    </fieldset>
  )
}
