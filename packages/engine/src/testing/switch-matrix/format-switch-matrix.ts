// The switch matrix as Markdown: source x target, each cell
// "first-attempt green / after-repair green" out of the histories, then one
// line per history that is not green, saying why.
import { afterRepairGreen, firstAttemptGreen, type SwitchAttempt, type SwitchCell } from './run-switch-matrix.ts'

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)]
}

function why(attempt: SwitchAttempt): string {
  if (!attempt.accepted) return `refused: ${attempt.rejection ?? 'no reason'}`
  if (attempt.drops.length > 0) return `silent drop: ${attempt.drops.join('; ')}`
  return `accepted after ${attempt.retries} retries`
}

export function formatSwitchMatrix(cells: readonly SwitchCell[]): string {
  const sources = distinct(cells.map((cell) => cell.source))
  const targets = distinct(cells.map((cell) => cell.target))
  const histories = distinct(cells.map((cell) => cell.history)).length
  const row = (values: readonly string[]) => `| ${values.join(' | ')} |`
  const lines = [
    `Each cell: histories accepted on the first attempt / after reactive repair (proactive rules off, one retry at most), out of ${histories}, with nothing dropped silently.`,
    '',
    row(['source ↓ target →', ...targets]),
    row(['---', ...targets.map(() => '---')]),
    ...sources.map((source) =>
      row([
        source,
        ...targets.map((target) => {
          const here = cells.filter((cell) => cell.source === source && cell.target === target)
          const first = here.filter((cell) => firstAttemptGreen(cell.firstAttempt)).length
          const repaired = here.filter((cell) => afterRepairGreen(cell.afterRepair)).length
          return `${first}/${repaired}`
        }),
      ]),
    ),
  ]
  const red = cells.filter((cell) => !firstAttemptGreen(cell.firstAttempt) || !afterRepairGreen(cell.afterRepair))
  lines.push('', `${cells.length - red.length} of ${cells.length} cells green both ways.`)
  // one line per history and reasons, naming its source -> target pairs
  const groups = new Map<string, string[]>()
  for (const cell of red) {
    const first = firstAttemptGreen(cell.firstAttempt) ? 'ok' : why(cell.firstAttempt)
    const repaired = afterRepairGreen(cell.afterRepair) ? 'ok' : why(cell.afterRepair)
    const key = `${cell.history}: first attempt ${first}; after repair ${repaired}`
    groups.set(key, [...(groups.get(key) ?? []), `${cell.source} -> ${cell.target}`])
  }
  if (groups.size > 0) lines.push('', 'Not green:', '')
  const everyPair = sources.length * targets.length
  for (const [reason, pairs] of groups) {
    lines.push(`- ${reason} (${pairs.length === everyPair ? `all ${everyPair} pairs` : pairs.join(', ')})`)
  }
  return lines.join('\n')
}
