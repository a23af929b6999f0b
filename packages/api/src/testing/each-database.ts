// The API integration tests on every test database, as the db package's
// describeEachDatabase does: one harness per kind (an in-memory PGlite, a fresh
// database on the test PostgreSQL server) for the whole block. Vitest only, so
// it stays out of the ./testing entry that non-test code (bench) imports.
import type { DatabaseKind } from '@threadline/db'
import { openTestDatabase, testDatabaseKinds } from '@threadline/db/testing'
import { afterAll, beforeAll, describe } from 'vitest'
import { startApiHarness, type ApiHarness } from './api-harness.ts'

export function describeEachApi(name: string, cases: (getApi: () => ApiHarness, kind: DatabaseKind) => void, env: Record<string, string> = {}): void {
  for (const kind of testDatabaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let api: ApiHarness | undefined
      beforeAll(async () => {
        api = await startApiHarness(env, await openTestDatabase(kind))
      }, 120_000)
      afterAll(async () => {
        await api?.close()
      })
      cases(() => {
        if (!api) throw new Error('getApi() is available inside tests and hooks, once the API is up')
        return api
      }, kind)
    })
  }
}
