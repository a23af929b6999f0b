import { droppedDetail, droppedLines, transformedLines, type ContentCheck } from './content-verdict.ts'

/** The no-silent-drop verdict of a family's compiled prompt, under its compiler rules. */
export function ContentVerdict({ check }: { check: ContentCheck }) {
  const nothingDropped = check.dropped.length === 0
  return (
    <div className="mt-1.5 space-y-0.5 text-xs" data-testid="switch-content" data-dropped={nothingDropped ? 'none' : 'some'}>
      {droppedLines(check).map((line) => (
        <p
          key={line}
          title={nothingDropped ? 'Every stored text and every stored call with its result is in the compiled prompt' : droppedDetail(check)}
          className={`font-medium [overflow-wrap:anywhere] ${nothingDropped ? 'text-emerald-700' : 'text-red-700'}`}
        >
          {line}
        </p>
      ))}
      {transformedLines(check).map((line) => (
        <p key={line} className="text-slate-500 [overflow-wrap:anywhere]">
          {line}
        </p>
      ))}
    </div>
  )
}

/** The same check on what reached the loopback server: the request the family's real AI SDK package sent. */
export function WireVerdict({ drops }: { drops: string[] }) {
  const nothingDropped = drops.length === 0
  return (
    <div className="space-y-0.5 text-xs" data-testid="switch-wire-content" data-dropped={nothingDropped ? 'none' : 'some'}>
      <p
        title="Read from the request the loopback server received, as the switch matrix reads it"
        className={`font-medium ${nothingDropped ? 'text-emerald-700' : 'text-red-700'}`}
      >
        {nothingDropped ? 'On the wire: every stored text and every call with its result arrived' : `On the wire: ${drops.length} lost`}
      </p>
      {drops.map((line) => (
        <p key={line} className="text-red-700 [overflow-wrap:anywhere]">
          {line}
        </p>
      ))}
    </div>
  )
}
