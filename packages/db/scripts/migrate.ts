// pnpm db:migrate: applies the pending migrations of prisma/migrations to
// DATABASE_URL (default: the embedded database in <repo root>/.data/threadline).
import { migrateDatabase, redactPassword, resolveDatabaseUrl } from '../src/index.ts'

const url = resolveDatabaseUrl()
const target = redactPassword(url)
try {
  const applied = await migrateDatabase(url)
  if (applied.length === 0) console.log(`No pending migrations: ${target} is up to date.`)
  else console.log(`Applied ${applied.length} migration(s) to ${target}:\n${applied.map((name) => `  ${name}`).join('\n')}`)
} catch (error) {
  console.error(`${target}: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
