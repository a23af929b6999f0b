/** A small spinning ring, for buttons and inline loading. */
export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={`animate-spin ${className}`} fill="none">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  )
}

/** A loading line with text, announced to screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 px-1 py-6 text-sm text-slate-500">
      <Spinner /> {label}
    </p>
  )
}

/**
 * The empty track of a meter on a card. In dark mode slate-100 is only a step
 * off the card (enough for a divider, not for a track a reader measures the bar
 * against): dark mode takes slate-300.
 */
export const meterTrackClass = 'bg-slate-100 dark:bg-slate-300'

/**
 * A progress bar. With `value` (0..1) it is determinate; without, it shows
 * movement only (the server reports no intermediate progress).
 */
export function ProgressBar({ value, label }: { value?: number; label: string }) {
  const determinate = value !== undefined
  return (
    <div
      role="progressbar"
      aria-label={label}
      {...(determinate ? { 'aria-valuenow': Math.round(value * 100), 'aria-valuemin': 0, 'aria-valuemax': 100 } : {})}
      className="relative h-2 w-full overflow-hidden rounded-full bg-indigo-100"
    >
      <div
        className={`absolute inset-y-0 left-0 rounded-full bg-indigo-600 ${determinate ? 'transition-[width]' : 'w-1/3 animate-[progress-slide_1.2s_ease-in-out_infinite]'}`}
        style={determinate ? { width: `${Math.round(value * 100)}%` } : undefined}
      />
    </div>
  )
}
