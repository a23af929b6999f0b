import { HangingLines } from './hanging-lines.tsx'

/** A value as indented JSON, wrapped with a hanging indent per line, so a wrap never reads as a new key at a shallower level. */
export function JsonBlock({ value, label, className = '' }: { value: unknown; label?: string; className?: string }) {
  const lines = (value === undefined ? 'undefined' : JSON.stringify(value, null, 2)).split('\n')
  return (
    <div className={`min-w-0 ${className}`}>
      {label && <p className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">{label}</p>}
      <pre className={`font-mono text-xs leading-5 text-slate-700 ${label ? 'mt-1' : ''}`} data-testid="json-block">
        <HangingLines lines={lines} />
      </pre>
    </div>
  )
}
