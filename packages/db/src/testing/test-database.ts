// One migrated database for a test block: an in-memory PGlite, or a fresh
// database on the test PostgreSQL server that close() drops again.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database, type DatabaseKind, type OpenDatabaseOptions } from '../open-database.ts'
import { testPostgresUrlKey } from './provided-context.ts'

export const testDatabaseKinds: readonly DatabaseKind[] = ['pglite', 'postgres']

function testPostgresUrl(): string {
  // provided only by the root config's global setup: undefined without it
  const url = (inject(testPostgresUrlKey) as string | undefined) ?? process.env.TEST_DATABASE_URL
  if (!url) throw new Error('No test PostgreSQL: run tests through the root vitest.config.ts (its global setup) or set TEST_DATABASE_URL')
  return url
}

async function onServer(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

export type TestDatabase = Database & {
  /** What openDatabase was given: `memory://` (a new, empty instance each time) or the fresh server database */
  url: string
}

/** `options.migrate: false` gives an empty database (for migration tests); `onQuery` counts statements (PostgreSQL). */
export async function openTestDatabase(kind: DatabaseKind, options: OpenDatabaseOptions = {}): Promise<TestDatabase> {
  if (kind === 'pglite') return { ...(await openDatabase('memory://', options)), url: 'memory://' }
  const adminUrl = testPostgresUrl()
  const name = `threadline_test_${randomUUID().replaceAll('-', '')}`
  await onServer(adminUrl, `CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  let db: Database
  try {
    db = await openDatabase(url.toString(), options)
  } catch (error) {
    await onServer(adminUrl, `DROP DATABASE ${name} WITH (FORCE)`)
    throw error
  }
  return {
    ...db,
    url: url.toString(),
    close: async () => {
      try {
        await db.close()
      } finally {
        await onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      }
    },
  }
}

/**
 * An empty, unmigrated database of a kind, by URL (for migration tests; memory://
 * would be a new instance per open): a PGlite folder or a fresh PostgreSQL database.
 */
export async function emptyTestDatabase(kind: DatabaseKind): Promise<{ url: string; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const folder = await mkdtemp(path.join(tmpdir(), 'threadline-pglite-'))
    return { url: `file:${folder}`, dispose: () => rm(folder, { recursive: true, force: true }) }
  }
  const db = await openTestDatabase('postgres', { migrate: false })
  await db.prisma.$disconnect()
  return { url: db.url, dispose: () => db.close() }
}
