// `pnpm bench [names...] [--flags]`: runs the benchmarks one after another,
// each in its own process (so memory figures are its own), then prints the
// issue's targets against the results. Flags go to every benchmark, e.g.
//   pnpm bench                    all of them, full sizes
//   pnpm bench clone --quick      the clone benchmark without the 100k threads
//   pnpm bench compat retry       only those two
//   pnpm bench soak --minutes=1   the soak (never part of a plain `pnpm bench`)
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatTable } from './lib/report.ts'
import { targetChecks } from './lib/targets.ts'

const benchDir = path.dirname(fileURLToPath(import.meta.url))
const all = ['compat', 'retry', 'recall', 'recall-quality', 'indexing', 'clone', 'branch', 'api', 'calls'] as const
/** run only when named: `pnpm bench soak` (10 minutes by default), `pnpm bench embedded-stall` (seeds a 50k-message thread), `pnpm bench embedded-preview-loop` (the same, in-process), `pnpm bench lock-race` (80 trials of racing processes), `pnpm bench workbench-stall` (spinning rules), `pnpm bench rest-fuzz` (every REST operation fuzzed once per demo thread), `pnpm bench indexing-starvation` (requests beside a 10k-message index job), `pnpm bench save-with-local-model` (10k saves with and without the local encoder), `pnpm bench save-throughput` (messages.save over HTTP as a ratio of the bulk-insert floor), `pnpm bench thread-page` (the thread page of a 100k-message thread in Chromium), `pnpm bench export` (a 100k-message thread with 2 branches exported to a file and imported back over REST, with RSS) */
const onRequest = [
  'soak',
  'embedded-stall',
  'embedded-preview-loop',
  'lock-race',
  'workbench-stall',
  'rest-fuzz',
  'indexing-starvation',
  'save-with-local-model',
  'save-throughput',
  'thread-page',
  'export',
] as const

const args = process.argv.slice(2).filter((arg) => arg !== '--')
const names = args.filter((arg) => !arg.startsWith('--'))
const flags = args.filter((arg) => arg.startsWith('--'))
const unknown = names.filter((name) => ![...all, ...onRequest].includes(name as (typeof all)[number]))
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${[...all, ...onRequest].join(', ')}`)
  process.exit(2)
}
const selected = names.length > 0 ? names : [...all]

function runBench(name: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, `${name}.ts`), ...flags], { stdio: 'inherit' })
    child.once('exit', (code) => resolve(code ?? 1))
  })
}

const failed: string[] = []
for (const name of selected) {
  const started = performance.now()
  const code = await runBench(name)
  console.log(`\n[${name}] ${code === 0 ? 'done' : `FAILED (exit ${code})`} in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  if (code !== 0) failed.push(name)
}
console.log(`\n# targets (latest results in bench/results/)\n${formatTable(targetChecks())}`)
if (failed.length > 0) {
  console.error(`\nbenchmarks that failed to run: ${failed.join(', ')}`)
  process.exit(1)
}
