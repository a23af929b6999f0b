// The probes of a server process (docs/operations.md, "Probes"), plain text:
// - liveness: the process can serve: its services started (the configuration is
//   valid, the database opened). A process whose start failed answers 500 to
//   every call, so it is not live: the orchestrator restarts it and shows why,
//   instead of routing traffic to it. Once started, liveness touches nothing.
// - readiness: it can serve now: live, the database answers within the
//   deadline, and every checked-in migration is applied.
import { logger } from './logger.ts'
import { migrationStatus } from './migration-status.ts'
import type { Services } from './services.ts'

/** How long readiness waits for the database before it answers "not ready". */
export const READINESS_DEADLINE_MS = 2_000

const probeAnswer = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })

/** The services, or the answer saying they could not start (the cause is logged, not told to an unauthenticated prober). */
async function startedServices(services: () => Promise<Services>, probe: 'live' | 'ready'): Promise<Services | Response> {
  try {
    return await services()
  } catch (error) {
    logger.error({ err: error }, `${probe} probe: the server cannot start`)
    const name = error instanceof Error ? error.constructor.name : 'unknown error'
    return probeAnswer(503, `not ${probe}: the server cannot start (${name}); the server log has the cause`)
  }
}

export async function livenessProbe(services: () => Promise<Services>): Promise<Response> {
  const started = await startedServices(services, 'live')
  return started instanceof Response ? started : probeAnswer(200, 'ok')
}

function withinDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

export async function readinessProbe(services: () => Promise<Services>, deadlineMs = READINESS_DEADLINE_MS): Promise<Response> {
  const started = await startedServices(services, 'ready')
  if (started instanceof Response) return started
  try {
    const migrations = await withinDeadline(
      (async () => {
        // asked every time: the migration status of the embedded database is remembered once complete
        await started.db.prisma.$queryRaw`SELECT 1`
        return migrationStatus(started.db)
      })(),
      deadlineMs,
    )
    if (migrations.ok) return probeAnswer(200, 'ready')
    return probeAnswer(503, `not ready: migrations pending (${migrations.pending.length}) or failed (${migrations.failed.length}); run pnpm db:migrate`)
  } catch (error) {
    logger.warn({ err: error }, 'ready probe: the database does not answer')
    return probeAnswer(503, 'not ready: the database does not answer')
  }
}
