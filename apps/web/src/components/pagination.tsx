import { plural } from './format.ts'

const buttonClass =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50'

export function Pagination({
  page,
  pageCount,
  pageSize,
  total,
  noun = 'thread',
  onPageChange,
}: {
  page: number
  pageCount: number
  pageSize: number
  total: number
  /** what is counted, singular ("1 message", "2 messages") */
  noun?: string
  onPageChange: (page: number) => void
}) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between border-t border-slate-200 bg-slate-50/60 px-4 py-3 text-sm text-slate-600">
      <p>
        Showing <span className="font-medium tabular-nums text-slate-900">{first}</span>–<span className="font-medium tabular-nums text-slate-900">{last}</span>{' '}
        of <span className="font-medium tabular-nums text-slate-900">{plural(total, noun)}</span>
      </p>
      <div className="flex gap-2">
        <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </button>
        <button type="button" className={buttonClass} disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  )
}
