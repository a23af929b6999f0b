import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'

// End-to-end tests: Debian's Chromium (no browser download is possible here)
// against `next start` on a built app, over a throwaway embedded database that
// is recreated, migrated and seeded with the demo data before the server starts,
// plus two long threads (1,200 and 100,000 messages: `pnpm fixture:long-thread`).

const repoRoot = path.dirname(fileURLToPath(import.meta.url))
const port = Number(process.env.E2E_PORT || 3100)
const baseURL = `http://127.0.0.1:${port}`
const e2eDataDir = path.join(repoRoot, '.data', 'e2e')

export default defineConfig({
  testDir: 'e2e',
  // needs an embedding model: `pnpm e2e:indexing` (playwright.indexing.config.ts)
  testIgnore: 'ui-indexing.spec.ts',
  outputDir: 'test-results/playwright',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  // a loaded machine (parallel builds) hydrates the heavier pages in seconds
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // no CSS transitions (apps/web/app/globals.css): a screenshot right after a theme switch is not taken mid-fade
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // Needs a built app (`pnpm build`). The server must be ours, with the fresh
    // database: never reuse whatever already listens on the port.
    command: `rm -rf "${e2eDataDir}" && pnpm db:seed && pnpm fixture:long-thread --messages 1200 && pnpm fixture:long-thread --messages 100000 && pnpm --filter @threadline/web exec next start --port ${port} --hostname 127.0.0.1`,
    url: `${baseURL}/api/trpc/health.check`,
    reuseExistingServer: false,
    // the 100,000-message fixture takes ~40 s on PGlite on a loaded machine
    timeout: 240_000,
    env: {
      DATABASE_URL: `file:${e2eDataDir}`,
      NEXT_TELEMETRY_DISABLED: '1',
      // `next start` runs with NODE_ENV=production, which requires a fixed secret
      THREADLINE_AUTH_SECRET: 'e2e-secret-0123456789abcdef0123456789',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
