import type { ReactNode } from 'react'

export const inputClass =
  'block h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20 disabled:bg-slate-50 disabled:text-slate-500'

// truncate: a label too long for the control ends in “…” instead of being clipped mid-word
export const selectClass = `${inputClass} truncate pr-8`

export const textareaClass =
  'block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs leading-5 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20'

export const checkboxClass = 'size-4 shrink-0 rounded border-slate-300 text-indigo-600 accent-indigo-600'

/** A labelled form control with an optional hint and error (the label wraps the control; the hint stays out of its name). */
export function Field({
  label,
  hint,
  error,
  children,
  className = '',
}: {
  label: ReactNode
  hint?: ReactNode
  error?: string | null | undefined
  children: ReactNode
  className?: string
}) {
  return (
    <div className={`min-w-0 text-sm ${className}`}>
      <label className="block">
        <span className="mb-1 block font-medium text-slate-700">{label}</span>
        {children}
      </label>
      {hint && !error && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && (
        <p className="mt-1 text-xs text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** A group of controls with one caption (checkboxes, radios). */
export function FieldSet({ legend, hint, children, className = '' }: { legend: ReactNode; hint?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <fieldset className={`min-w-0 text-sm ${className}`}>
      <legend className="mb-1 font-medium text-slate-700">{legend}</legend>
      {children}
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </fieldset>
  )
}
