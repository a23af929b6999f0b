import { readdir } from 'node:fs/promises'
import { migrationsDir, type Database } from '@threadline/db'

export type MigrationStatus = {
  ok: boolean
  applied: string[]
  /** checked in under prisma/migrations but not applied to this database */
  pending: string[]
  /** started but never finished (or rolled back): the database needs attention */
  failed: string[]
}

type MigrationRow = { name: string; finished: boolean; rolledBack: boolean }

// An embedded database has one owner, this process (the folder lock), and it
// never migrates while serving: once complete, its history cannot change. So
// health remembers that answer instead of queueing behind a long statement on
// PGlite's single session. PostgreSQL is asked every time (it may be shared).
const completeEmbedded = new WeakMap<Database, MigrationStatus>()

// The checked-in migrations are files shipped with this build: read once per process, not on every health call.
let checkedIn: Promise<string[]> | undefined
function checkedInMigrations(): Promise<string[]> {
  checkedIn ??= readdir(migrationsDir, { withFileTypes: true }).then((entries) =>
    entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort(),
  )
  // a failed read is not remembered: the next call tries again
  checkedIn.catch(() => {
    checkedIn = undefined
  })
  return checkedIn
}

/** The checked-in migration history compared with what `_prisma_migrations` records. */
export async function migrationStatus(db: Database): Promise<MigrationStatus> {
  const known = completeEmbedded.get(db)
  if (known) return known
  const status = await readMigrationStatus(db)
  if (status.ok && db.kind === 'pglite') completeEmbedded.set(db, status)
  return status
}

async function readMigrationStatus(db: Database): Promise<MigrationStatus> {
  const [rows, names] = await Promise.all([appliedMigrationRows(db), checkedInMigrations()])
  const applied = rows.filter((row) => row.finished && !row.rolledBack).map((row) => row.name)
  const failed = rows.filter((row) => !row.finished || row.rolledBack).map((row) => row.name)
  const appliedNames = new Set(applied)
  const pending = names.filter((name) => !appliedNames.has(name))
  return { ok: applied.length > 0 && pending.length === 0 && failed.length === 0, applied, pending, failed }
}

async function appliedMigrationRows(db: Database): Promise<MigrationRow[]> {
  // A database that was never migrated has no history table at all.
  const [table] = await db.prisma.$queryRaw<{ exists: boolean }[]>`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists`
  if (!table?.exists) return []
  return db.prisma.$queryRaw<MigrationRow[]>`
    SELECT migration_name AS name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS "rolledBack"
    FROM _prisma_migrations ORDER BY migration_name`
}
