// The embedded folder lock raced by processes (issue 33): N processes open the
// same fresh folder at the same instant, and half the trials start from a dead
// process's stale lock. Every trial must have exactly one owner.
//
//   pnpm bench lock-race [--trials=80] [--processes=4]
import { loadavg } from 'node:os'
import { raceDataFolderLock } from '@threadline/db/testing/lock-race'
import { flagValue } from './lib/args.ts'
import { createReport } from './lib/report.ts'

const trials = Number(flagValue('trials') ?? 80)
const processes = Number(flagValue('processes') ?? 4)
const report = createReport('lock-race', { trials, processes })
const results = await raceDataFolderLock({ processes, trials })
for (const staleAtStart of [false, true]) {
  const group = results.filter((trial) => trial.staleAtStart === staleAtStart)
  report.row('owners per trial', {
    'folder at start': staleAtStart ? 'stale lock of a dead process' : 'no lock',
    trials: group.length,
    'exactly one owner': group.filter((trial) => trial.owners === 1).length,
    'double owners': group.filter((trial) => trial.owners > 1).length,
    'no owner': group.filter((trial) => trial.owners === 0).length,
    errors: group.reduce((sum, trial) => sum + trial.errors.length, 0),
    'load (1 min)': Number((loadavg()[0] ?? 0).toFixed(1)),
  })
}
for (const error of new Set(results.flatMap((trial) => trial.errors))) report.note(error)
report.printTables()
report.save()
if (results.some((trial) => trial.owners !== 1 || trial.errors.length > 0)) process.exitCode = 1
