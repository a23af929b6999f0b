// The databases a benchmark runs on: an in-memory PGlite (with pgvector) and a
// fresh database on a PostgreSQL server, either BENCH_DATABASE_URL (a role
// that may CREATE DATABASE) or a throwaway PostgreSQL 15 started the same way
// the tests start theirs, stopped again at the end.
import { randomUUID } from 'node:crypto'
import { openDatabase, type Database, type DatabaseKind } from '@threadline/db'
import { startPostgresServer } from '@threadline/db/testing/servers'

export type BenchDatabase = Database & { label: string }

// Through @threadline/db (Prisma), the client the benchmarks measure, rather than a second one.
async function onServer(adminUrl: string, sql: string): Promise<void> {
  const admin = await openDatabase(adminUrl, { migrate: false })
  try {
    await admin.prisma.$executeRawUnsafe(sql)
  } finally {
    await admin.close()
  }
}

/** A PostgreSQL server for the whole run: BENCH_DATABASE_URL or a throwaway one. */
export async function benchPostgresServer(): Promise<{ adminUrl: string; label: string; stop(): Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL
  if (given) return { adminUrl: given, label: 'postgres (BENCH_DATABASE_URL)', stop: () => Promise.resolve() }
  const server = await startPostgresServer({ database: 'threadline_bench' })
  return { adminUrl: server.url, label: 'postgres 15 (throwaway, fsync off)', stop: () => server.stop() }
}

/** A fresh migrated database on the server; close() drops it again. */
export async function openPostgresBenchDatabase(adminUrl: string, label: string): Promise<BenchDatabase> {
  const name = `threadline_bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  await onServer(adminUrl, `CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  let db: Database
  try {
    db = await openDatabase(url.toString())
  } catch (error) {
    await onServer(adminUrl, `DROP DATABASE ${name} WITH (FORCE)`)
    throw error
  }
  return {
    ...db,
    label,
    close: async () => {
      try {
        await db.close()
      } finally {
        await onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      }
    },
  }
}

export async function openPgliteBenchDatabase(): Promise<BenchDatabase> {
  return { ...(await openDatabase('memory://')), label: 'pglite (in-memory, pgvector)' }
}

/**
 * Runs `bench` on each selected database in turn, each opened fresh and closed
 * after. PostgreSQL first: PGlite's WASM heap stays in this process's RSS once opened.
 */
export async function forEachBenchDatabase(kinds: readonly DatabaseKind[], bench: (db: BenchDatabase, kind: DatabaseKind) => Promise<void>): Promise<void> {
  if (kinds.includes('postgres')) {
    const server = await benchPostgresServer()
    try {
      const db = await openPostgresBenchDatabase(server.adminUrl, server.label)
      try {
        await bench(db, 'postgres')
      } finally {
        await db.close()
      }
    } finally {
      await server.stop()
    }
  }
  if (kinds.includes('pglite')) {
    const db = await openPgliteBenchDatabase()
    try {
      await bench(db, 'pglite')
    } finally {
      await db.close()
    }
  }
}

/** Which databases to run on: BENCH_DATABASES=pglite,postgres (default both) or `--db=pglite`. */
export function selectedDatabaseKinds(argv: readonly string[] = process.argv.slice(2)): DatabaseKind[] {
  const flag = argv.find((arg) => arg.startsWith('--db='))?.slice('--db='.length) ?? process.env.BENCH_DATABASES ?? 'pglite,postgres'
  const kinds = flag.split(',').map((kind) => kind.trim())
  for (const kind of kinds) {
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`Unknown database "${kind}": use pglite and/or postgres`)
  }
  return kinds as DatabaseKind[]
}
