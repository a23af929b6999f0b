// One contender of the folder-lock race (lock-race.ts): says "ready", reads the
// shared start time from stdin, then at start + trial * spacing tries to lock
// `<base>/trial-<n>` for each trial, prints one JSON line of outcomes and holds
// every lock it got until stdin closes (so no trial is won by a late arrival
// after a release).
import path from 'node:path'
import { createInterface } from 'node:readline'
import { lockDataFolder } from '../embedded/data-folder-lock.ts'

const [base = '', trialsArg = '0', spacingArg = '0'] = process.argv.slice(2)
const trials = Number(trialsArg)
const spacingMs = Number(spacingArg)
// every held lock has an exit listener (its release)
process.setMaxListeners(trials + 10)
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()

process.stdout.write('ready\n')
const startAt = Number((await lines.next()).value)
const now = () => performance.timeOrigin + performance.now()
const outcomes: string[] = []
for (let trial = 0; trial < trials; trial++) {
  const at = startAt + trial * spacingMs
  while (now() < at) {
    // spin: a timer's millisecond granularity would spread the contenders apart
  }
  try {
    lockDataFolder(path.join(base, `trial-${trial}`))
    outcomes.push('owner')
  } catch (error) {
    outcomes.push(error instanceof Error && error.name === 'DatabaseInUseError' ? 'refused' : `error: ${String(error)}`)
  }
}
process.stdout.write(`${JSON.stringify(outcomes)}\n`)
await lines.next()
