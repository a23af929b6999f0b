import type { ReactNode } from 'react'

/** A white card with a titled header: the building block of side panels and sections. */
export function Panel({
  title,
  description,
  actions,
  children,
  className = '',
  bodyClassName = 'px-4 py-3',
  testId,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
  className?: string
  bodyClassName?: string
  testId?: string
}) {
  return (
    <section className={`min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm ${className}`} data-testid={testId}>
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2.5">
        {/* takes the row; with less than 12rem beside the actions, the actions wrap under it instead of squeezing it */}
        <div className="min-w-0 flex-[1_1_12rem]">
          <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
          {description && <p className="text-xs text-slate-500">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      <div className={bodyClassName}>{children}</div>
    </section>
  )
}
