// OpenAPI descriptions mark identifiers the Markdown way (`recall`): the page
// shows them as code, never as literal backticks.

export type TextPart = { text: string; code: boolean }

/** The text cut at its backtick pairs: the parts between a pair are code; an unpaired backtick stays as text. */
export function codeSpans(text: string): TextPart[] {
  const parts: TextPart[] = []
  let rest = text
  for (;;) {
    const open = rest.indexOf('`')
    const close = open === -1 ? -1 : rest.indexOf('`', open + 1)
    if (close === -1) break
    if (open > 0) parts.push({ text: rest.slice(0, open), code: false })
    parts.push({ text: rest.slice(open + 1, close), code: true })
    rest = rest.slice(close + 1)
  }
  if (rest !== '') parts.push({ text: rest, code: false })
  return parts
}
