// `pnpm switch-matrix`: runs the provider switch matrix on an embedded
// database (PGlite, in memory) against the strict loopback server and prints
// it as Markdown (the README's "Provider switching" table).
import { Memory } from '@threadline/engine'
import { formatSwitchMatrix, runSwitchMatrix, startFakeProvider } from '@threadline/engine/testing'
import { openDatabase } from '../open-database.ts'

const db = await openDatabase('memory://')
const server = await startFakeProvider({ strict: true })
try {
  const startedAt = Date.now()
  const cells = await runSwitchMatrix({ memory: new Memory({ storage: db.storage }), server })
  console.log(formatSwitchMatrix(cells))
  console.error(`\n${cells.length} cells in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`)
} finally {
  await server.close()
  await db.close()
}
