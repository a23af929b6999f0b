// The provider switch matrix (issue 29) on a real database: every canonical
// history produced on every source family through its real AI SDK package,
// continued on every target family against the target's strict loopback
// dialect. Each cell must be accepted on the first attempt, accepted within
// one retry with proactive rules off, and drop nothing silently. The storage
// is not what is under test, so the full matrix runs on PGlite and a slice
// (the storage-sensitive histories: cuts, reasoning metadata) on PostgreSQL.
// `pnpm switch-matrix` prints the full matrix.
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

/** PostgreSQL's slice: a few sources and targets, the histories whose storage round trip matters most. */
const postgresSlice = {
  families: switchFamilies.filter((family) => ['openai-responses', 'anthropic', 'google', 'mistral', 'bedrock'].includes(family.name)),
  histories: canonicalHistories.filter((history) => ['reasoning', 'cancelled turn', 'partial clone'].includes(history.name)),
}

const checks = [
  { check: 'first attempt', green: (cell: SwitchCell) => firstAttemptGreen(cell.firstAttempt), attempt: (cell: SwitchCell) => cell.firstAttempt },
  { check: 'after repair', green: (cell: SwitchCell) => afterRepairGreen(cell.afterRepair), attempt: (cell: SwitchCell) => cell.afterRepair },
] as const

describeEachDatabase('the provider switch matrix', (getDb, kind) => {
  const { families, histories } = kind === 'pglite' ? { families: switchFamilies, histories: canonicalHistories } : postgresSlice
  let server: Awaited<ReturnType<typeof startFakeProvider>>
  let cells: SwitchCell[] = []
  beforeAll(async () => {
    server = await startFakeProvider({ strict: true })
    cells = await runSwitchMatrix({ memory: new Memory({ storage: getDb().storage }), server, families, histories })
  }, 600_000)
  afterAll(async () => {
    await server.close()
  })

  it('has a cell for every source, target and history', () => {
    expect(cells).toHaveLength(families.length ** 2 * histories.length)
  })

  for (const source of families) {
    for (const target of families) {
      for (const history of histories) {
        for (const { check, green, attempt } of checks) {
          const name = `${source.name} -> ${target.name}, ${history.name}: ${check}`
          it(name, () => {
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
