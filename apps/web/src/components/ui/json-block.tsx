/** A value as indented JSON, wrapped (never a horizontal scroll inside narrow panels). */
export function JsonBlock({ value, label, className = '' }: { value: unknown; label?: string; className?: string }) {
  return (
    <div className={`min-w-0 ${className}`}>
      {label && <p className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">{label}</p>}
      <pre className="mt-1 whitespace-pre-wrap font-mono text-xs leading-5 text-slate-700 [overflow-wrap:anywhere]">
        {value === undefined ? 'undefined' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  )
}
