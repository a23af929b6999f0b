// Embedded database stalls (issue 17, B4): the built app (`next start`) on a
// PGlite data folder, one big thread in it, and a health poller in a worker
// thread of this process calling `health.check` back to back. Each phase runs
// one request from this process while the poller runs, and reports the
// slowest health answer next to the floor (the poller alone, same run). The
// server is its own process, as in production, so the client's parsing of a
// big answer is not counted against the server.
//
//   pnpm bench embedded-stall [--messages=50000] [--floor-seconds=5] [--build]
//
// Phases: clone.create with the id map (the default answer; gzipped as
// fetch asks by default, and uncompressed), with `returnMessageIdMap: false`,
// and clone.preview with a date filter and boundary 'expand' (the boundary
// analysis reads the source's structure).
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '@threadline/db'
import { flagValue } from './lib/args.ts'
import { ensureBuild, send, startServer, stopServer, trpcRequest, type HttpRequest } from './lib/app-server.ts'
import { healthFigures, withHealthPoller } from './lib/health-poller.ts'
import { createReport } from './lib/report.ts'
import { stallToken } from './lib/stall-token.ts'
import { seedThread } from './lib/seed.ts'

const messages = Number(flagValue('messages') ?? 50_000)
const floorSeconds = Number(flagValue('floor-seconds') ?? 5)
const RESOURCE = 'stall'
const SOURCE = 'stall-source'

type Answer = { bytes: number | null; failure: string | null }

/** Next compresses an answer the client accepts gzipped (fetch asks for it by default): both are measured. */
const withHeaders = (request: HttpRequest, headers: Record<string, string>): HttpRequest => ({ ...request, headers: { ...request.headers, ...headers } })

const report = createReport('embedded-stall', { messages, floorSeconds })
await ensureBuild(report)
const folder = mkdtempSync(path.join(tmpdir(), 'threadline-stall-'))
try {
  const url = `file:${folder}`
  const db = await openDatabase(url)
  const seeded = await seedThread(db, { threadId: SOURCE, resourceId: RESOURCE, count: messages, seed: 7 })
  const token = await stallToken(db, RESOURCE, { canRunRules: false })
  // the server owns the folder: the bench process closes it first
  await db.close()
  const middle = seeded.messages[Math.floor(messages / 2)]?.createdAt ?? new Date()
  const server = await startServer('next', url, { LOG_LEVEL: 'warn' })
  try {
    const healthUrl = `${server.url}/api/trpc/health.check`
    const phases: { name: string; request?: HttpRequest }[] = [
      { name: 'floor: health alone' },
      {
        name: 'clone.create, id map returned (default), gzip answer',
        request: withHeaders(
          trpcRequest(server.url, token, 'clone.create', 'mutation', { sourceThreadId: SOURCE, newThreadId: 'stall-map', returnMessages: false }),
          { 'accept-encoding': 'gzip' },
        ),
      },
      {
        name: 'clone.create, id map returned (default), uncompressed answer',
        request: withHeaders(
          trpcRequest(server.url, token, 'clone.create', 'mutation', { sourceThreadId: SOURCE, newThreadId: 'stall-map-plain', returnMessages: false }),
          { 'accept-encoding': 'identity' },
        ),
      },
      {
        name: 'clone.create, returnMessageIdMap: false',
        request: trpcRequest(server.url, token, 'clone.create', 'mutation', {
          sourceThreadId: SOURCE,
          newThreadId: 'stall-count',
          returnMessages: false,
          returnMessageIdMap: false,
        }),
      },
      {
        name: 'clone.preview, date filter, boundary expand',
        request: trpcRequest(server.url, token, 'clone.preview', 'query', {
          sourceThreadId: SOURCE,
          options: { messageFilter: { startDate: middle.toISOString() }, boundary: 'expand' },
        }),
      },
    ]
    for (const phase of phases) {
      const { request } = phase
      const { durations, failure, workMs, value } = await withHealthPoller(healthUrl, async () => {
        if (!request) return new Promise<Answer>((resolve) => setTimeout(() => resolve({ bytes: null, failure: null }), floorSeconds * 1000))
        return send(request).then(
          (bytes): Answer => ({ bytes, failure: null }),
          (error: unknown): Answer => ({ bytes: null, failure: String(error) }),
        )
      })
      const { bytes } = value
      if (failure !== null || value.failure !== null) report.note(`${phase.name}: health ${failure ?? 'ok'}; request ${value.failure ?? 'ok'}`)
      report.row('health during one request', {
        phase: phase.name,
        'request ms': request ? Math.round(workMs) : null,
        'answer bytes': bytes,
        ...healthFigures(durations),
        'load (1 min)': Number((loadavg()[0] ?? 0).toFixed(1)),
      })
    }
  } finally {
    await stopServer(server.child)
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
report.printTables()
report.save()
