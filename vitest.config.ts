import { existsSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

// One PostgreSQL server for the whole run, started by the db package's global
// setup (or TEST_DATABASE_URL when given). PGlite needs no setup.
const pgSetup = 'packages/db/src/testing/global-setup.ts'

export default defineConfig({
  test: {
    include: [
      'eslint.config.test.ts',
      'packages/*/src/**/*.test.ts',
      'packages/*/scripts/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'apps/web/*.test.ts',
      'apps/web/app/**/*.test.ts',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/.next/**', 'e2e/**'],
    globalSetup: existsSync(pgSetup) ? [pgSetup] : [],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
})
