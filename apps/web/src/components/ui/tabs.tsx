'use client'

import type { ReactNode } from 'react'

export type TabItem<Id extends string> = { id: Id; label: ReactNode }

/** Tabs as buttons (role=tab); the caller renders the selected panel. */
export function Tabs<Id extends string>({
  items,
  selected,
  onSelect,
  label,
  size = 'md',
}: {
  items: readonly TabItem<Id>[]
  selected: Id
  onSelect: (id: Id) => void
  label: string
  size?: 'sm' | 'md'
}) {
  return (
    <div role="tablist" aria-label={label} className="flex max-w-full gap-1 overflow-x-auto border-b border-slate-200">
      {items.map((item) => {
        const active = item.id === selected
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            aria-selected={active}
            onClick={() => onSelect(item.id)}
            className={`-mb-px whitespace-nowrap border-b-2 font-medium transition-colors ${size === 'sm' ? 'px-2.5 py-1.5 text-xs' : 'px-3.5 py-2 text-sm'} ${
              active ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800'
            }`}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}
