export function EmptyState({ title, description, action }: { title: string; description: string; action?: { label: string; onClick: () => void } }) {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center" data-testid="empty-state">
      <div aria-hidden className="mb-3 grid size-10 place-items-center rounded-full bg-slate-100 text-slate-400">
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path d="M2 5a3 3 0 0 1 3-3h10a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H9.41l-3.7 3.7A1 1 0 0 1 4 17v-3.17A3 3 0 0 1 2 11V5Z" />
        </svg>
      </div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-500">{description}</p>
      {action && (
        <button
          type="button"
          onClick={action.onClick}
          className="mt-4 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
        >
          {action.label}
        </button>
      )}
    </div>
  )
}
