// A diagnostic server for bench/api.ts `--server=plain`: the same tRPC fetch
// handler and services as the app, behind node:http (the integration tests'
// server) instead of Next, so the two runs show what Next itself costs.
// Run as a child process: prints `{"url": ...}` once listening; SIGTERM stops it.
import { openDatabase } from '@threadline/db'
import { createServices, readServerConfig } from '@threadline/api'
import { startTestServer } from '@threadline/api/testing'

const db = await openDatabase(process.env.DATABASE_URL, { migrate: false })
const services = await createServices(db, readServerConfig())
const server = await startTestServer(services)
console.log(JSON.stringify({ url: server.url }))
process.once('SIGTERM', () => {
  void server.close().finally(() => db.close().finally(() => process.exit(0)))
})
