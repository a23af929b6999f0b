// API under load (issue 8, part 5): the built app (`next start`) on loopback,
// driven by autocannon with an API token: clone of a 50-message thread,
// semantic recall (PGlite only: the PostgreSQL server here has no pgvector)
// and threads.list, at 10 and 50 connections. Requests/s, p50/p99 latency,
// non-2xx and errors (the target is 0).
//
//   pnpm exec tsx bench/api.ts [--db=pglite,postgres] [--duration=10] [--connections=10,50] [--build]
//                              [--only=clone|recall|list|floor,...] [--profile] [--server=next,plain] [--rounds=1]
//
// `floor`: health.check (no auth, two small queries through tRPC), the same
// server's cost of a request that does (almost) nothing, and /api/livez (a bare
// route handler answering a constant: Next's own floor, none of our code): the
// same-run references for the others. On PostgreSQL each row also gives the
// database server's CPU per request, and the answer's size.
//
// `--server=plain` (diagnostic) serves the same tRPC handler and services from
// node:http without Next (bench/lib/plain-api-server.ts), to show Next's share.
//
// `--profile` writes a V8 CPU profile of the server to bench/results/profiles/
// (summarise it with `pnpm exec tsx bench/profile-summary.ts <file>`).
//
// Uses the existing build in apps/web/.next (its BUILD_ID is reported); builds
// first when there is none or with --build (never while another `next start`
// serves that folder).
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase, createOperator, type Database } from '@threadline/db'
import { itemAt } from './lib/item-at.ts'
import { issueApiToken } from '@threadline/api'
import { flagValue } from './lib/args.ts'
import { benchPostgresServer, openPostgresBenchDatabase, selectedDatabaseKinds } from './lib/databases.ts'
import { createReport, type Report } from './lib/report.ts'
import { benchSaveThroughput, type LoadRunner } from './lib/save-throughput.ts'
import { seedThread, seedVectors } from './lib/seed.ts'
import { postgresCpuMs, postmasterPid } from './lib/postgres-cpu.ts'
import { cpuMs, ensureBuild, startServer, stopServer, trpcRequest, type HttpRequest, type RunningServer, type ServerKind } from './lib/app-server.ts'

type AutocannonResult = {
  requests: { average: number; total: number }
  latency: { p50: number; p90: number; p99: number; average: number; max: number }
  non2xx: number
  errors: number
  timeouts: number
  '2xx': number
  duration: number
}
type AutocannonOptions = HttpRequest & {
  connections: number
  duration: number
  /** per-request changes (messages.save: a new batch each time) */
  requests?: { setupRequest: (request: Record<string, unknown>) => Record<string, unknown> }[]
}
// autocannon is CommonJS without type declarations: loaded with require, typed above.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>

const duration = Number(flagValue('duration') ?? 10)
const connectionCounts = (flagValue('connections') ?? '10,50').split(',').map(Number)
/** substrings of the endpoint names to run (comma-separated) */
const only = flagValue('only')?.split(',')
const serverKinds = (flagValue('server') ?? 'next').split(',').map((kind): ServerKind => {
  if (kind !== 'next' && kind !== 'plain') throw new Error(`--server: "${kind}" is neither next nor plain`)
  return kind
})
const RESOURCE = 'bench-api'
const CLONE_RESOURCE = 'bench-api-clones'
const THREADS = 100
const MESSAGES_PER_THREAD = 50

/** The benchmark's data: threads of 50 messages in one resource, an operator, and a read+write token for both resources. */
async function seed(db: Database, withVectors: boolean): Promise<{ token: string; sourceThreadId: string }> {
  for (let index = 0; index < THREADS; index++) {
    const seeded = await seedThread(db, { threadId: `api-thread-${index}`, resourceId: RESOURCE, count: MESSAGES_PER_THREAD, seed: index + 1 })
    if (withVectors && index === 0) await seedVectors(db, seeded, { bulk: false })
  }
  const operator = await createOperator(db.prisma, { email: 'bench@threadline.invalid', name: 'Bench', password: 'bench-password-0123456789' })
  const { token } = await issueApiToken(db.prisma, {
    name: 'bench',
    createdById: operator.id,
    allResources: false,
    resourceIds: [RESOURCE, CLONE_RESOURCE],
    canWrite: true,
    expiresAt: null,
  })
  return { token, sourceThreadId: 'api-thread-0' }
}

/** `nextOnly`: a route of the Next app alone (the plain diagnostic server does not serve it). */
type Endpoint = { name: string; request: HttpRequest; nextOnly?: boolean }

/** One request before the load: it must succeed; returns the answer's size in bytes. */
async function checkOnce(endpoint: Endpoint): Promise<number> {
  const { url, method, headers, body } = endpoint.request
  const response = await fetch(url, { method: method ?? 'GET', headers: headers ?? {}, ...(body ? { body } : {}) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${endpoint.name}: HTTP ${response.status}: ${text.slice(0, 500)}`)
  return Buffer.byteLength(text)
}

/** A scenario of its own on the running server, after the endpoints (messages.save throughput). */
type ServerScenario = (server: RunningServer, kind: ServerKind) => Promise<void>

/** Where the database runs, for its CPU figures: the PostgreSQL server's postmaster on this machine (PGlite: none, it is in the server). */
type DatabaseTarget = { label: string; url: string; postmaster?: number }

async function benchServer(report: Report, database: DatabaseTarget, endpoints: (base: string) => Endpoint[], scenario?: ServerScenario): Promise<void> {
  for (const kind of serverKinds) await benchServerKind(report, kind, database, endpoints, scenario)
}

/** CPU ms used between `before()` and the call of the function it returns, per request (null when unreadable). */
function cpuPerRequest(read: () => number | null): (requests: number) => number | null {
  const before = read()
  return (requests) => {
    const after = read()
    return before === null || after === null ? null : (after - before) / Math.max(1, requests)
  }
}

async function benchServerKind(
  report: Report,
  kind: ServerKind,
  database: DatabaseTarget,
  endpoints: (base: string) => Endpoint[],
  scenario?: ServerScenario,
): Promise<void> {
  const { label, postmaster } = database
  const server = await startServer(kind, database.url)
  try {
    for (const endpoint of endpoints(server.url).filter(
      (candidate) => (kind === 'next' || !candidate.nextOnly) && (only === undefined || only.some((part) => candidate.name.includes(part))),
    )) {
      const responseBytes = await checkOnce(endpoint)
      await autocannon({ ...endpoint.request, connections: 10, duration: 2 }) // warm-up: JIT, connection pool, plans
      for (const connections of connectionCounts) {
        const serverCpu = cpuPerRequest(() => cpuMs(server.child.pid))
        const databaseCpu = cpuPerRequest(() => (postmaster === undefined ? null : postgresCpuMs(postmaster)))
        const result = await autocannon({ ...endpoint.request, connections, duration })
        report.row('API under load', {
          server: kind === 'next' ? 'next start' : 'node:http (no Next)',
          db: label,
          endpoint: endpoint.name,
          connections,
          'req/s': Math.round(result.requests.average),
          'p50 ms': result.latency.p50,
          'p99 ms': result.latency.p99,
          'max ms': result.latency.max,
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          'server CPU ms/req': serverCpu(result.requests.total),
          'postgres CPU ms/req': databaseCpu(result.requests.total),
          'response bytes': responseBytes,
          'load (1 min)': Math.round(loadavg()[0] ?? 0),
          'server peak RSS MiB': server.peakRssMiB(),
        })
      }
    }
    await scenario?.(server, kind)
  } finally {
    await stopServer(server.child)
  }
}

// --- messages.save throughput (issue 15): PostgreSQL, 100-message batches, 10 connections, floor in the same run

const SAVE_CONNECTIONS = 10

/** autocannon POSTing a new body per request. */
function saveLoad(base: string, token: string): LoadRunner {
  return async ({ path: urlPath, connections, seconds, body }) => {
    let n = 0
    const result = await autocannon({
      url: `${base}${urlPath}`,
      connections,
      duration: seconds,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [{ setupRequest: (request) => ({ ...request, body: body(n++) }) }],
    })
    return {
      batches: result['2xx'],
      seconds: result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    }
  }
}

function saveScenario(db: Database, label: string, token: string): ServerScenario | undefined {
  if (only !== undefined && !only.some((part) => 'messages.save'.includes(part))) return undefined
  const threadIds = Array.from({ length: THREADS }, (_, index) => `api-thread-${index}`)
  return (server, kind) =>
    benchSaveThroughput({
      report,
      db,
      label,
      server: kind === 'next' ? 'next start' : 'node:http',
      resourceId: RESOURCE,
      threadIds,
      connections: SAVE_CONNECTIONS,
      seconds: duration,
      rounds: Number(flagValue('rounds') ?? 1),
      load: saveLoad(server.url, token),
      serverCpuMs: () => cpuMs(server.child.pid),
    })
}

function endpointsFor(token: string, sourceThreadId: string, semantic: boolean) {
  return (base: string): Endpoint[] => [
    { name: 'floor: /api/livez (bare route handler, constant)', request: { url: `${base}/api/livez` }, nextOnly: true },
    { name: 'floor: health.check (no auth)', request: { url: `${base}/api/trpc/health.check` } },
    { name: 'threads.list (page of 20)', request: trpcRequest(base, token, 'threads.list', 'query', { resourceId: RESOURCE }) },
    ...(semantic
      ? [
          {
            name: 'recall.search (top 10, thread)',
            request: trpcRequest(base, token, 'recall.search', 'query', { threadId: sourceThreadId, query: 'refund for a broken blender', topK: 10 }),
          },
        ]
      : []),
    {
      name: `clone.create (${MESSAGES_PER_THREAD} messages, returned)`,
      request: trpcRequest(base, token, 'clone.create', 'mutation', { sourceThreadId, resourceId: CLONE_RESOURCE }),
    },
    {
      name: `clone over REST (POST /api/v1/threads/{id}/clones, ${MESSAGES_PER_THREAD} messages, returned)`,
      request: {
        url: `${base}/api/v1/threads/${sourceThreadId}/clones`,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ resourceId: CLONE_RESOURCE }),
      },
    },
  ]
}

const kinds = selectedDatabaseKinds()
// --results-name: write bench/results/<name>.json instead of api.json (a side experiment keeps the main results)
const report = createReport(flagValue('results-name') ?? 'api', {
  databases: kinds,
  durationSeconds: duration,
  connections: connectionCounts,
  threads: THREADS,
  messagesPerThread: MESSAGES_PER_THREAD,
})
// the plain diagnostic server runs the sources: only `next start` needs the build
if (serverKinds.includes('next')) await ensureBuild(report)
if (kinds.includes('pglite')) {
  // PGlite is embedded: seeded here into a data folder, closed, then opened by the server.
  const folder = mkdtempSync(path.join(tmpdir(), 'threadline-bench-api-'))
  try {
    const databaseUrl = `file:${folder}`
    const db = await openDatabase(databaseUrl)
    const seeded = await seed(db, true).finally(() => db.close())
    await benchServer(report, { label: 'pglite', url: databaseUrl }, endpointsFor(seeded.token, seeded.sourceThreadId, true))
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
if (kinds.includes('postgres')) {
  const server = await benchPostgresServer()
  try {
    const db = await openPostgresBenchDatabase(server.adminUrl, server.label)
    try {
      const seeded = await seed(db, false)
      const databaseUrl = itemAt(await db.prisma.$queryRawUnsafe<{ name: string }[]>('SELECT current_database() AS name'), 0).name
      const url = new URL(server.adminUrl)
      url.pathname = `/${databaseUrl}`
      await benchServer(
        report,
        { label: 'postgres', url: url.toString(), postmaster: await postmasterPid(db) },
        endpointsFor(seeded.token, seeded.sourceThreadId, false),
        saveScenario(db, 'postgres', seeded.token),
      )
    } finally {
      await db.close()
    }
  } finally {
    await server.stop()
  }
}
report.printTables()
report.save()
