import type { ReactNode } from 'react'

// Continuation rows of a wrapped line start this far right of its indent, so
// a wrap never reads as a new line at a shallower level.
const HANGING_CH = 2

/**
 * Preformatted lines that wrap (never a horizontal scroll inside narrow panels), one block each with a hanging
 * indent. Each line keeps its leading spaces, so copied text stays exact: the first row is pulled back over them.
 */
export function HangingLines({ lines, renderLine = (line) => line }: { lines: readonly string[]; renderLine?: (line: string) => ReactNode }) {
  return lines.map((line, index) => {
    const hang = `${line.length - line.trimStart().length + HANGING_CH}ch`
    return (
      <span key={index} className="block min-h-[1lh] whitespace-pre-wrap [overflow-wrap:anywhere]" style={{ paddingLeft: hang, textIndent: `-${hang}` }}>
        {renderLine(line)}
        {/* the line break stays in the text (textContent, copy), not drawn: a block's trailing newline adds no row */}
        {index < lines.length - 1 && '\n'}
      </span>
    )
  })
}
