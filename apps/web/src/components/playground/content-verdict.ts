// The words of the Switch check's no-silent-drop verdict on a compiled prompt:
// "Nothing dropped", or what was dropped by which rule, and the reasoning a
// rule left out on purpose (a documented rewrite, not a drop).
import type { RouterOutputs } from '@/trpc/types.ts'

export type ContentCheck = RouterOutputs['playground']['switchCheck']['families']['families'][number]['compiledContent']

const counted = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`

/** Who lost it: the rule, or the stored history's own prompt before any rule ran. */
const byRule = (rule: string | null): string => (rule === null ? 'before any rule' : `rule ${rule}`)

/** One line per rule that dropped something ("Dropped: 2 texts (rule X)"); `Nothing dropped` alone when none did. */
export function droppedLines(check: ContentCheck): string[] {
  if (check.dropped.length === 0) return ['Nothing dropped']
  return check.dropped.map((entry) => {
    const what = [entry.texts.length > 0 ? counted(entry.texts.length, 'text') : null, entry.calls.length > 0 ? counted(entry.calls.length, 'call') : null]
    return `Dropped: ${what.filter((part) => part !== null).join(', ')} (${byRule(entry.rule)})`
  })
}

/** One line per rule that left reasoning out ("Reasoning left out: 2 parts (rule X)"). */
export function transformedLines(check: ContentCheck): string[] {
  return check.transformed.map((entry) => `Reasoning left out: ${counted(entry.reasoningParts, 'part')} (${byRule(entry.rule)})`)
}

/** What was dropped, quoted, for the verdict's tooltip. */
export function droppedDetail(check: ContentCheck): string {
  return check.dropped
    .flatMap((entry) => [
      ...entry.texts.map((text) => `text ${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)}`),
      ...entry.calls.map((name) => `call of ${name}`),
    ])
    .join('\n')
}
