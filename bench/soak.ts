// Soak (issue 17, item 9): mixed traffic against the built app (`next start`)
// for minutes on end: threads.list, clone.create, recall.search,
// playground.runPrompt (built-in rules) and operator sign-in, from N
// concurrent clients in a fixed mix. Reports the server's RSS every
// --sample-seconds (no upward trend after warm-up is the goal), p99 per
// procedure and every non-2xx or failed request (the goal is none).
//
//   pnpm bench soak [--minutes=10] [--connections=20] [--sample-seconds=30] [--db=postgres|pglite] [--server=next|plain] [--build]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { issueApiToken } from '@threadline/api'
import { createOperator, openDatabase, type Database } from '@threadline/db'
import { flagValue } from './lib/args.ts'
import { ensureBuild, startServer, stopServer, trpcRequest, type HttpRequest, type ServerKind } from './lib/app-server.ts'
import { benchPostgresServer, openPostgresBenchDatabase } from './lib/databases.ts'
import { percentile } from './lib/measure.ts'
import { createReport } from './lib/report.ts'
import { seedThread } from './lib/seed.ts'
import { trendOf } from './lib/trend.ts'

const minutes = Number(flagValue('minutes') ?? 10)
const connections = Number(flagValue('connections') ?? 20)
const sampleSeconds = Number(flagValue('sample-seconds') ?? 30)
const dbKind = flagValue('db') ?? 'postgres'
const serverFlag = flagValue('server') ?? 'next'
if (dbKind !== 'postgres' && dbKind !== 'pglite') throw new Error(`--db: "${dbKind}" is neither postgres nor pglite`)
if (serverFlag !== 'next' && serverFlag !== 'plain') throw new Error(`--server: "${serverFlag}" is neither next nor plain`)
const serverKind: ServerKind = serverFlag

const RESOURCE = 'soak'
const CLONE_RESOURCE = 'soak-clones'
const THREADS = 20
const operator = { email: 'soak@threadline.invalid', name: 'Soak', password: 'soak-password-0123456789' }

async function seed(db: Database): Promise<string> {
  for (let index = 0; index < THREADS; index++) {
    await seedThread(db, { threadId: `soak-thread-${index}`, resourceId: RESOURCE, count: 50, seed: index + 1 })
  }
  const created = await createOperator(db.prisma, operator)
  const { token } = await issueApiToken(db.prisma, {
    name: 'soak',
    createdById: created.id,
    allResources: false,
    resourceIds: [RESOURCE, CLONE_RESOURCE],
    canWrite: true,
    expiresAt: null,
  })
  return token
}

type Procedure = { name: string; request: (n: number) => HttpRequest }

function procedures(base: string, token: string): Procedure[] {
  const list: Procedure = { name: 'threads.list', request: () => trpcRequest(base, token, 'threads.list', 'query', { resourceId: RESOURCE }) }
  const clone: Procedure = {
    name: 'clone.create',
    request: (n) =>
      trpcRequest(base, token, 'clone.create', 'mutation', { sourceThreadId: `soak-thread-${n % THREADS}`, resourceId: CLONE_RESOURCE, returnMessages: false }),
  }
  const recall: Procedure = {
    name: 'recall.search',
    request: () => trpcRequest(base, token, 'recall.search', 'query', { resourceId: RESOURCE, query: 'refund for a broken blender', topK: 10 }),
  }
  const playground: Procedure = {
    name: 'playground.runPrompt',
    request: () =>
      trpcRequest(base, token, 'playground.runPrompt', 'mutation', {
        source: { kind: 'prompt', prompt: [{ role: 'user', content: [{ type: 'text', text: 'Where is my order?' }] }] },
        model: 'anthropic/claude-sonnet-4-5',
      }),
  }
  const signIn: Procedure = {
    name: 'auth.signIn',
    request: () => ({
      url: `${base}/api/trpc/auth.signIn`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-threadline-csrf': '1' },
      body: JSON.stringify({ json: { email: operator.email, password: operator.password } }),
    }),
  }
  // the mix: 4 lists, 3 clones, 2 recalls, 1 playground run and 1 sign-in in every 11 requests
  return [list, clone, recall, list, clone, playground, list, recall, clone, list, signIn]
}

type Tally = { latencies: number[]; failures: number; firstFailure?: string }

function rssMiB(pid: number | undefined): number | null {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return kb ? Number(kb) / 1024 : null
}

async function soak(base: string, token: string, pid: number | undefined) {
  const mix = procedures(base, token)
  const tallies = new Map<string, Tally>(mix.map((procedure) => [procedure.name, { latencies: [], failures: 0 }]))
  const samples: { minute: string; 'RSS MiB': number | null; 'req/s': number; failures: number }[] = []
  const started = performance.now()
  const deadline = started + minutes * 60_000
  let next = 0
  let window = { requests: 0, failures: 0 }
  const sampler = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000
    samples.push({ minute: (elapsed / 60).toFixed(1), 'RSS MiB': rssMiB(pid), 'req/s': Math.round(window.requests / sampleSeconds), failures: window.failures })
    window = { requests: 0, failures: 0 }
  }, sampleSeconds * 1000)
  const client = async () => {
    while (performance.now() < deadline) {
      const n = next++
      const procedure = mix[n % mix.length] ?? mix[0]
      if (!procedure) return
      const tally = tallies.get(procedure.name) ?? { latencies: [], failures: 0 }
      const { url, method, headers, body } = procedure.request(n)
      const sent = performance.now()
      try {
        const response = await fetch(url, { method: method ?? 'GET', headers: headers ?? {}, ...(body ? { body } : {}) })
        const text = await response.text()
        if (!response.ok) {
          tally.failures++
          window.failures++
          tally.firstFailure ??= `HTTP ${response.status}: ${text.slice(0, 200)}`
        }
      } catch (error) {
        tally.failures++
        window.failures++
        tally.firstFailure ??= String(error)
      }
      tally.latencies.push(performance.now() - sent)
      window.requests++
    }
  }
  await Promise.all(Array.from({ length: connections }, client))
  clearInterval(sampler)
  const seconds = (performance.now() - started) / 1000
  return { samples, tallies, seconds }
}

const report = createReport('soak', { minutes, connections, sampleSeconds, db: dbKind, server: serverKind })
if (serverKind === 'next') await ensureBuild(report)

async function withDatabase(run: (url: string, db: Database) => Promise<void>): Promise<void> {
  if (dbKind === 'pglite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'threadline-soak-'))
    try {
      const url = `file:${folder}`
      const db = await openDatabase(url)
      // the server owns the folder: the bench process closes it first
      await run(url, db)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
    return
  }
  const server = await benchPostgresServer()
  try {
    const db = await openPostgresBenchDatabase(server.adminUrl, server.label)
    const url = new URL(server.adminUrl)
    url.pathname = `/${(await db.prisma.$queryRawUnsafe<{ name: string }[]>('SELECT current_database() AS name'))[0]?.name ?? ''}`
    try {
      await run(url.toString(), db)
    } finally {
      await db.close()
    }
  } finally {
    await server.stop()
  }
}

await withDatabase(async (url, db) => {
  const token = await seed(db)
  if (dbKind === 'pglite') await db.close()
  // the soak measures the server, not its limits: sign-in and playground caps lifted like bench api's token limit
  const limits = {
    THREADLINE_SIGN_IN_LIMIT_PER_MINUTE: '1000000',
    THREADLINE_SIGN_IN_LIMIT_BURST: '1000000',
    THREADLINE_PLAYGROUND_RUNS_PER_CALLER: String(connections),
    LOG_LEVEL: 'warn',
  }
  const server = await startServer(serverKind, url, limits)
  try {
    const { samples, tallies, seconds } = await soak(server.url, token, server.child.pid)
    for (const sample of samples) report.row('RSS over time', sample)
    for (const [name, tally] of tallies) {
      const sorted = [...tally.latencies].sort((a, b) => a - b)
      report.row('per procedure', {
        procedure: name,
        requests: sorted.length,
        'req/s': Math.round(sorted.length / seconds),
        'p50 ms': Math.round(percentile(sorted, 50)),
        'p99 ms': Math.round(percentile(sorted, 99)),
        'max ms': Math.round(sorted.at(-1) ?? 0),
        failures: tally.failures,
      })
      if (tally.firstFailure) report.note(`${name}, first failure: ${tally.firstFailure}`)
    }
    const settled = samples.slice(Math.floor(samples.length / 3)).flatMap((sample) => {
      const rss = sample['RSS MiB']
      return rss === null ? [] : [{ x: Number(sample.minute), y: rss }]
    })
    const trend = trendOf(settled)
    if (trend) {
      const { slopePerUnit, firstHalf, secondHalf } = trend
      report.note(
        `RSS after warm-up (from the first third on, ${settled.length} samples): least-squares slope ${slopePerUnit.toFixed(1)} MiB/min; ` +
          `first half ${firstHalf.low.toFixed(0)}-${firstHalf.high.toFixed(0)} MiB, second half ${secondHalf.low.toFixed(0)}-${secondHalf.high.toFixed(0)} MiB`,
      )
    }
  } finally {
    await stopServer(server.child)
  }
})
report.printTables()
report.save()
