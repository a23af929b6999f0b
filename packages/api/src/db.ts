import { openDatabase, type Database } from '@threadline/db'

// Cached on globalThis so the database is opened once per server process, also
// when Next evaluates this module in several bundles (route handlers, pages).
const processCache = globalThis as typeof globalThis & { __threadlineDatabase?: Promise<Database> | undefined }

/**
 * The one database of this server process, opened on first use: DATABASE_URL,
 * else the embedded PGlite folder `.data/threadline` at the repo root.
 *
 * The server does not migrate: schema changes are a deploy step (`pnpm
 * db:migrate`, run by the start script), not something each instance races to
 * do at boot. `health.check` reports pending migrations.
 */
export function getDatabase(): Promise<Database> {
  processCache.__threadlineDatabase ??= openDatabase(process.env.DATABASE_URL || undefined, { migrate: false }).catch((error: unknown) => {
    // Let the next request try again instead of caching the failure forever.
    processCache.__threadlineDatabase = undefined
    throw error
  })
  return processCache.__threadlineDatabase
}
