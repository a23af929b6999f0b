import { observationLines, type ObservationPriority } from './observation-priority.ts'

const priorityDot: Record<ObservationPriority, string> = { high: 'bg-red-500', medium: 'bg-amber-500', low: 'bg-emerald-500' }
const priorityName: Record<ObservationPriority, string> = { high: 'High priority', medium: 'Medium priority', low: 'Low priority' }

/** Observation lines, each priority marker drawn as a coloured dot (named for screen readers and on hover) instead of its emoji. */
export function ObservationText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <div className={`whitespace-pre-wrap text-xs leading-5 text-slate-700 [overflow-wrap:anywhere] ${className}`}>
      {observationLines(text).map((line, index) =>
        line.priority === null ? (
          <p key={index} className="min-h-5">
            {line.text}
          </p>
        ) : (
          <p key={index} className="flex items-start gap-1.5" style={{ paddingLeft: `${line.indent.length}ch` }}>
            <span
              role="img"
              aria-label={priorityName[line.priority]}
              title={priorityName[line.priority]}
              className={`mt-1.5 size-2 shrink-0 rounded-full ${priorityDot[line.priority]}`}
            />
            <span className="min-w-0">{line.text}</span>
          </p>
        ),
      )}
    </div>
  )
}
