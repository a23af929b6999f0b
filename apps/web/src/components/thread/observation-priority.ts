// The observer writes each observation as a line with a priority emoji
// (🔴 high, 🟡 medium, 🟢 low). Fonts without colour emoji draw those as empty
// boxes, so the panel shows the priority as a coloured dot it draws itself.

export type ObservationPriority = 'high' | 'medium' | 'low'

/** A line of observation text: its indentation, its priority (null when it has no marker) and its text without the marker. */
export type ObservationLine = { indent: string; priority: ObservationPriority | null; text: string }

const PRIORITY_BY_MARKER: Readonly<Record<string, ObservationPriority>> = { '🔴': 'high', '🟡': 'medium', '🟢': 'low' }

/** An optional list dash, then the marker: `- 🔴 text`, `  🟡 text`. */
const MARKED_LINE = /^(\s*)(?:[-*•]\s*)?(🔴|🟡|🟢)\s*(.*)$/u

/** The text's lines, each with the priority its marker names; unmarked lines are kept as written. */
export function observationLines(text: string): ObservationLine[] {
  return text.split('\n').map((line) => {
    const marked = MARKED_LINE.exec(line)
    if (!marked) return { indent: '', priority: null, text: line }
    return { indent: marked[1] ?? '', priority: PRIORITY_BY_MARKER[marked[2] ?? ''] ?? null, text: marked[3] ?? '' }
  })
}
