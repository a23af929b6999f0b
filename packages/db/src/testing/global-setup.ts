// Vitest global setup (root vitest.config.ts): one PostgreSQL server for the
// whole run, TEST_DATABASE_URL when given, otherwise a throwaway PostgreSQL 15
// that is stopped and removed at teardown.
import type { TestProject } from 'vitest/node'
import { startPostgresServer } from './postgres-server.ts'
import { testPostgresUrlKey } from './provided-context.ts'

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.TEST_DATABASE_URL
  if (given) {
    project.provide(testPostgresUrlKey, given)
    return undefined
  }
  const server = await startPostgresServer()
  project.provide(testPostgresUrlKey, server.url)
  return () => server.stop()
}
