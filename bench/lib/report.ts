// Output of every benchmark: a table on stdout and bench/results/<name>.json
// (gitignored) with the machine it ran on.
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { itemAt } from './item-at.ts'

export const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results')

export type Machine = { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string; loadAverage: number[] }

export function machine(): Machine {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  }
}

export type Row = Record<string, string | number | boolean | null>

function cell(value: Row[string]): string {
  if (value === null) return '-'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '-'
    if (Number.isInteger(value)) return value.toLocaleString('en-US')
    const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3
    return value.toFixed(digits)
  }
  return String(value)
}

/** A plain-text table (Markdown-compatible) of rows sharing the first row's columns. */
export function formatTable(rows: Row[]): string {
  if (rows.length === 0) return '(no rows)'
  const columns = Object.keys(itemAt(rows, 0))
  const cells = rows.map((row) => columns.map((column) => cell(row[column] ?? null)))
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => itemAt(line, i).length)))
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(itemAt(widths, i))).join(' | ')} |`
  return [line(columns), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.map(line)].join('\n')
}

export type BenchResult = {
  name: string
  startedAt: string
  finishedAt: string
  machine: Machine
  /** how the run was configured (sizes, databases, iterations) */
  settings: Record<string, unknown>
  tables: Record<string, Row[]>
  notes: string[]
}

/** Starts a result: tables are added as they are measured and printed at once. */
export function createReport(name: string, settings: Record<string, unknown>) {
  const result: BenchResult = { name, startedAt: new Date().toISOString(), finishedAt: '', machine: machine(), settings, tables: {}, notes: [] }
  console.log(
    `\n# bench ${name}  (${result.machine.cpus} cpus, ${result.machine.memoryGiB} GiB, node ${result.machine.node}, load ${result.machine.loadAverage.join(' ')})`,
  )
  return {
    result,
    /** Adds (or extends) a table and prints the rows just added. */
    table(title: string, rows: Row[]): void {
      ;(result.tables[title] ??= []).push(...rows)
      console.log(`\n## ${title}\n${formatTable(rows)}`)
    },
    /** Adds one row to a table without printing the table (progress line only); `printTables` shows it. */
    row(title: string, row: Row): void {
      ;(result.tables[title] ??= []).push(row)
      console.log(`  ${Object.values(row).slice(0, 8).map(cell).join('  ')}`)
    },
    /** Prints every table collected so far. */
    printTables(): void {
      for (const [title, rows] of Object.entries(result.tables)) console.log(`\n## ${title}\n${formatTable(rows)}`)
    },
    note(text: string): void {
      result.notes.push(text)
      console.log(`note: ${text}`)
    },
    /** Writes bench/results/<name>.json and returns its path. */
    save(): string {
      result.finishedAt = new Date().toISOString()
      mkdirSync(resultsDir, { recursive: true })
      const file = path.join(resultsDir, `${name}.json`)
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
      console.log(`\nresults: ${path.relative(process.cwd(), file)}`)
      return file
    },
  }
}

export type Report = ReturnType<typeof createReport>
