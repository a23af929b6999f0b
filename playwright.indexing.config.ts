import path from 'node:path'
import { defineConfig } from '@playwright/test'
import base from './playwright.config.ts'
import { embeddingsPort } from './e2e/indexing-embeddings-server.ts'

// Background indexing (issue 16) in the browser: the same app and Chromium as
// playwright.config.ts, but the server has an embedding model (the real
// @ai-sdk/openai against the loopback server of the global setup) and indexes
// in batches of 4. The demo data is seeded WITHOUT the model, as on an install
// that turns a model on later: "Index all" has the whole demo to embed.

const port = Number(process.env.E2E_PORT || 3100)
const dataDir = path.join(path.dirname(new URL(import.meta.url).pathname), '.data', 'e2e-indexing')
const webServer = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: 'ui-indexing.spec.ts',
  globalSetup: './e2e/indexing-embeddings-server.ts',
  webServer: {
    ...webServer,
    command: `rm -rf "${dataDir}" && THREADLINE_EMBEDDING_MODEL= pnpm db:seed && pnpm --filter @threadline/web exec next start --port ${port} --hostname 127.0.0.1`,
    env: {
      ...webServer?.env,
      DATABASE_URL: `file:${dataDir}`,
      THREADLINE_EMBEDDING_MODEL: 'openai:text-embedding-3-small',
      OPENAI_API_KEY: 'e2e-key',
      OPENAI_BASE_URL: `http://127.0.0.1:${embeddingsPort(port)}/v1`,
      THREADLINE_INDEX_BATCH_SIZE: '4',
    },
  },
})
