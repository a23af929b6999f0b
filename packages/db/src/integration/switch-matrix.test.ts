// The provider switch matrix (issue 29) on a real database, PGlite and
// PostgreSQL: every canonical history produced on every source family through
// its real AI SDK package, continued on every target family against the
// target's strict loopback dialect. Each cell must be accepted on the first
// attempt, accepted within one retry with proactive rules off, and drop
// nothing silently. `pnpm switch-matrix` prints the same matrix.
import { Memory } from '@threadline/engine'
import {
  afterRepairGreen,
  canonicalHistories,
  firstAttemptGreen,
  runSwitchMatrix,
  startFakeProvider,
  switchFamilies,
  type SwitchCell,
} from '@threadline/engine/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'

/**
 * Checks this branch cannot pass yet, and why. They need the history compiler
 * of issue 29 (capability profiles, proactive rules): today an unanswered call
 * is left out of the prompt (messages/to-prompt.ts), which the no-silent-drop
 * check refuses both ways, and nothing keeps reasoning from a Groq model that
 * takes none before Groq's 400 (the reactive rule repairs it after).
 */
function awaitsCompiler(target: string, history: string, check: 'first attempt' | 'after repair'): string | undefined {
  if (history === 'cancelled turn' || history === 'partial clone') return 'an unanswered call is dropped from the prompt'
  if (target === 'groq' && history === 'reasoning' && check === 'first attempt') return 'Groq refuses replayed reasoning until it is repaired'
  return undefined
}

const checks = [
  { check: 'first attempt', green: (cell: SwitchCell) => firstAttemptGreen(cell.firstAttempt), attempt: (cell: SwitchCell) => cell.firstAttempt },
  { check: 'after repair', green: (cell: SwitchCell) => afterRepairGreen(cell.afterRepair), attempt: (cell: SwitchCell) => cell.afterRepair },
] as const

describeEachDatabase('the provider switch matrix', (getDb) => {
  let server: Awaited<ReturnType<typeof startFakeProvider>>
  let cells: SwitchCell[] = []
  beforeAll(async () => {
    server = await startFakeProvider({ strict: true })
    cells = await runSwitchMatrix({ memory: new Memory({ storage: getDb().storage }), server })
  }, 600_000)
  afterAll(async () => {
    await server.close()
  })

  it('has a cell for every source, target and history', () => {
    expect(cells).toHaveLength(switchFamilies.length ** 2 * canonicalHistories.length)
  })

  for (const source of switchFamilies) {
    for (const target of switchFamilies) {
      for (const history of canonicalHistories) {
        for (const { check, green, attempt } of checks) {
          const pending = awaitsCompiler(target.name, history.name, check)
          const name = `${source.name} -> ${target.name}, ${history.name}: ${check}${pending === undefined ? '' : ` (awaits the history compiler: ${pending})`}`
          it.skipIf(pending !== undefined)(name, () => {
            const cell = cells.find((candidate) => candidate.source === source.name && candidate.target === target.name && candidate.history === history.name)
            if (cell === undefined) throw new Error(`no cell ${name}`)
            expect(attempt(cell).drops).toEqual([])
            expect(green(cell), JSON.stringify(attempt(cell))).toBe(true)
          })
        }
      }
    }
  }
})
