// Workbench stalls (issue 33): the API (the app's tRPC handler and services
// behind node:http, no build needed) on a PGlite data folder, and a health
// poller in a worker thread of this process calling `health.check` back to
// back. Each phase runs `workbench.context` calls while the poller runs and
// reports the slowest health answer next to the floor (the poller alone, same
// run).
//
//   pnpm bench workbench-stall [--calls=3] [--floor-seconds=5]
//
// Phases: a thread holding a 100,000-character run without spaces (a turn's
// input limit; it is counted in BPE by every later call on the thread), then,
// on a second server start (with the floor measured again), a small thread
// while 20 enabled saved rules spin to the sandbox's per-call time limit; each
// as sequential calls, then 4 calls at once (one token: the pool's per-caller
// limit of 2 runs answers the others 429).
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '@threadline/db'
import { flagValue } from './lib/args.ts'
import { send, startServer, stopServer, trpcRequest, type HttpRequest } from './lib/app-server.ts'
import { healthFigures, withHealthPoller } from './lib/health-poller.ts'
import { createReport } from './lib/report.ts'
import { stallToken } from './lib/stall-token.ts'

const calls = Number(flagValue('calls') ?? 3)
const floorSeconds = Number(flagValue('floor-seconds') ?? 5)
const RESOURCE = 'stall'
const RUN_THREAD = 'stall-run'
const SMALL_THREAD = 'stall-small'
const MODEL = 'openai/gpt-4o'
const HEAVY_RULES = 20

type Phase = { name: string; requests: HttpRequest[]; atOnce: boolean }

/** Starts the server on the folder, warms a sandbox worker, and measures health alone (the floor), then during each phase. */
async function measureOnServer(databaseUrl: string, token: string, phasesOf: (base: string) => Phase[]): Promise<void> {
  const server = await startServer('plain', databaseUrl, { LOG_LEVEL: 'error' })
  try {
    const healthUrl = `${server.url}/api/trpc/health.check`
    // a sandbox worker up (it loads the BPE tables) before anything is measured, as after the UI's first models call
    await send(trpcRequest(server.url, token, 'workbench.models', 'query', undefined))
    await warmUp(trpcRequest(server.url, token, 'workbench.context', 'query', { threadId: SMALL_THREAD, resourceId: RESOURCE, model: MODEL }))
    for (const phase of [{ name: 'floor: health alone', requests: [], atOnce: false }, ...phasesOf(server.url)]) {
      const { durations, failure, workMs, value } = await withHealthPoller(healthUrl, () => runPhase(phase))
      const failed = value.filter((entry) => entry !== null)
      if (failure !== null || failed.length > 0)
        report.note(`${phase.name}: health ${failure ?? 'ok'}; requests ${failed.length > 0 ? failed.join(' | ') : 'ok'}`)
      report.row('health during workbench.context', {
        phase: phase.name,
        requests: phase.requests.length,
        'requests ms': phase.requests.length > 0 ? Math.round(workMs) : null,
        failed: failed.length,
        ...healthFigures(durations),
        'load (1 min)': Number((loadavg()[0] ?? 0).toFixed(1)),
      })
    }
  } finally {
    await stopServer(server.child)
  }
}

/** Sends `request` until it succeeds: a cold worker on a loaded machine can take longer than the pool's queue wait to start. */
async function warmUp(request: HttpRequest): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await send(request)
      return
    } catch (error) {
      if (attempt === 6) throw error
    }
  }
}

/** The phase's requests (one after another, or all at once); each one's failure or null. The floor waits instead. */
async function runPhase(phase: Phase): Promise<(string | null)[]> {
  const run = (request: HttpRequest) =>
    send(request).then(
      () => null,
      (error: unknown) => String(error),
    )
  if (phase.requests.length === 0) return new Promise((resolve) => setTimeout(() => resolve([]), floorSeconds * 1000))
  if (phase.atOnce) return Promise.all(phase.requests.map(run))
  const failures: (string | null)[] = []
  for (const request of phase.requests) failures.push(await run(request))
  return failures
}

const report = createReport('workbench-stall', { calls, floorSeconds, heavyRules: HEAVY_RULES })
const folder = mkdtempSync(path.join(tmpdir(), 'threadline-workbench-stall-'))
try {
  const url = `file:${folder}`
  const db = await openDatabase(url)
  const at = new Date('2026-12-01T10:00:00Z')
  for (const [threadId, text] of [
    [RUN_THREAD, 'x'.repeat(100_000)],
    [SMALL_THREAD, 'Where is my parcel 1Z999?'],
  ] as const) {
    await db.storage.createThread({ id: threadId, resourceId: RESOURCE, title: threadId })
    await db.storage.insertMessages([
      {
        id: `${threadId}-m0`,
        threadId,
        resourceId: RESOURCE,
        role: 'user',
        createdAt: at,
        type: 'v2',
        content: { format: 2, parts: [{ type: 'text', text }] },
      },
    ])
  }
  const token = await stallToken(db, RESOURCE, { canRunRules: true })
  // the server owns the folder: the bench process closes it first
  await db.close()
  const context = (base: string, threadId: string) => trpcRequest(base, token, 'workbench.context', 'query', { threadId, resourceId: RESOURCE, model: MODEL })
  const repeated = (count: number, request: HttpRequest) => Array.from({ length: count }, () => request)
  await measureOnServer(url, token, (base) => [
    { name: `100,000-character run without spaces, ${calls} calls one after another`, requests: repeated(calls, context(base, RUN_THREAD)), atOnce: false },
    { name: '100,000-character run without spaces, 4 calls at once', requests: repeated(4, context(base, RUN_THREAD)), atOnce: true },
  ])
  // saved rules are the operator's (a token may not save them): written to the folder between two servers
  const rulesDb = await openDatabase(url, { migrate: false })
  for (let index = 0; index < HEAVY_RULES; index++) {
    const code = `export default { name: 'spin-${index}', applyToPrompt() { while (true) {} } }`
    await rulesDb.prisma.playgroundRule.create({
      data: { id: `spin-${index}`, name: `spin-${index}`, description: '', code, errorPatterns: [], enabled: true, order: index, fixtures: [] },
    })
  }
  await rulesDb.close()
  await measureOnServer(url, token, (base) => [
    { name: `${HEAVY_RULES} heavy enabled rules, ${calls} calls one after another`, requests: repeated(calls, context(base, SMALL_THREAD)), atOnce: false },
    { name: `${HEAVY_RULES} heavy enabled rules, 4 calls at once`, requests: repeated(4, context(base, SMALL_THREAD)), atOnce: true },
  ])
} finally {
  rmSync(folder, { recursive: true, force: true })
}
report.printTables()
report.save()
