// Continuation rows of a wrapped JSON line start this far right of its indent, so
// a wrap never reads as a new key at a shallower level.
const HANGING_CH = 2

/** A value as indented JSON, wrapped (never a horizontal scroll inside narrow panels) with a hanging indent per line. */
export function JsonBlock({ value, label, className = '' }: { value: unknown; label?: string; className?: string }) {
  const lines = (value === undefined ? 'undefined' : JSON.stringify(value, null, 2)).split('\n')
  return (
    <div className={`min-w-0 ${className}`}>
      {label && <p className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">{label}</p>}
      <pre className="mt-1 font-mono text-xs leading-5 text-slate-700" data-testid="json-block">
        {lines.map((line, index) => {
          // the line keeps its leading spaces (copied text stays valid, indented JSON): the first row is pulled back over them
          const hang = `${line.length - line.trimStart().length + HANGING_CH}ch`
          return (
            <span key={index} className="block whitespace-pre-wrap [overflow-wrap:anywhere]" style={{ paddingLeft: hang, textIndent: `-${hang}` }}>
              {line}
            </span>
          )
        })}
      </pre>
    </div>
  )
}
