/**
 * Database tests for every package: the same cases against an in-memory PGlite
 * AND the test PostgreSQL server (started by the root Vitest global setup, or
 * TEST_DATABASE_URL). Usage, once per test file:
 *
 *   import { describeEachDatabase } from '@threadline/db/testing'
 *
 *   describeEachDatabase('threads', (getDb, kind) => {
 *     it('creates a thread', async () => {
 *       const { storage } = getDb()
 *       await storage.createThread({ id: 't1', resourceId: 'r1' })
 *     })
 *   })
 *
 * Each call opens one migrated database per kind for its whole block (PGlite:
 * a fresh in-memory instance; PostgreSQL: a fresh database, dropped afterwards),
 * so files run in parallel without sharing rows. Tests inside a block share the
 * database: use distinct ids per test. `getDb()` works inside tests and hooks.
 * `options.migrate: false` leaves the databases empty (for migration tests).
 */
import { afterAll, beforeAll, describe } from 'vitest'
import type { DatabaseKind } from '../open-database.ts'
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from './test-database.ts'

export { waitFor } from './wait-for.ts'
export { wholeThreadCloneArgs } from './whole-thread-clone-args.ts'
export { emptyTestDatabase, openTestDatabase, testDatabaseKinds, type TestDatabase } from './test-database.ts'
// the builders live beside the engine's MemoryStorage contract suite, which uses them too
export { observationalMemoryRecord, textMessage } from '@threadline/engine/testing'

export function describeEachDatabase(name: string, cases: (getDb: () => TestDatabase, kind: DatabaseKind) => void, options: { migrate?: boolean } = {}): void {
  for (const kind of testDatabaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let db: TestDatabase | undefined
      beforeAll(async () => {
        db = await openTestDatabase(kind, options)
      })
      afterAll(async () => {
        await db?.close()
      })
      cases(() => {
        if (!db) throw new Error('getDb() is available inside tests and hooks, once the database is open')
        return db
      }, kind)
    })
  }
}
