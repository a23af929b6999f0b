// messages.save throughput (issue 15): 100-message batches of realistic
// messages at 10 connections against the running server, over tRPC (what the
// client sends) and REST, next to the floor measured in the same run: the
// storage's own bulk INSERT of the same batches from this process (no HTTP, no
// validation), also 10 at a time. Every batch has new ids, so each save is an
// insert, not an idempotent repeat. Every row is measured warm: the floor after
// a warm-up of its own, the HTTP paths after the server's (each path for the
// run's duration) and 2 s of their own.
import type { Database } from '@threadline/db'
import type { StoredMessage } from '@threadline/engine'
import { itemAt } from './item-at.ts'
import { conversation } from './messages.ts'
import { postgresCpuMs, postmasterPid } from './postgres-cpu.ts'
import type { Report } from './report.ts'

export const SAVE_BATCH = 100
export const SAVE_TABLE = 'messages.save throughput (100-message batches)'

/** A batch factory: batch `n` goes to thread n mod threads, ids `<prefix>-<n>-<i>`. */
function batchSource(resourceId: string, threadIds: readonly string[]) {
  const template = conversation({ threadId: '__THREAD__', resourceId, count: SAVE_BATCH, seed: 7 })
  const threadOf = (n: number) => threadIds[n % threadIds.length] ?? ''
  const json = JSON.stringify(template.map((message, index) => ({ ...message, id: `__ID__-${index}` })))
  return {
    /** the batch as StoredMessage objects (for the floor) */
    messages: (prefix: string, n: number): StoredMessage[] =>
      template.map((message, index) => ({ ...message, id: `${prefix}-${n}-${index}`, threadId: threadOf(n) })),
    /** the batch as the JSON array text a request carries (cheap: two string replacements) */
    json: (prefix: string, n: number): string => json.replaceAll('__ID__', `${prefix}-${n}`).replaceAll('__THREAD__', threadOf(n)),
  }
}

export type SaveLoadResult = { batches: number; seconds: number; p50: number | null; p99: number | null; non2xx: number; errors: number }

/** One HTTP load run: POSTs `body(n)` for the n-th request; autocannon drives it (bench/api.ts). */
export type LoadRunner = (options: { path: string; connections: number; seconds: number; body: (n: number) => string }) => Promise<SaveLoadResult>

/** The floor: `connections` workers each inserting batches through the storage until `seconds` pass. */
async function storageFloor(db: Database, batch: (n: number) => StoredMessage[], connections: number, seconds: number): Promise<SaveLoadResult> {
  let next = 0
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  const durations: number[] = []
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const messages = batch(next++)
        const before = performance.now()
        await db.storage.insertMessages(messages)
        durations.push(performance.now() - before)
      }
    }),
  )
  durations.sort((a, b) => a - b)
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] ?? null
  return { batches: durations.length, seconds: (performance.now() - started) / 1000, p50: at(0.5), p99: at(0.99), non2xx: 0, errors: 0 }
}

export type SaveThroughputOptions = {
  report: Report
  db: Database
  label: string
  server: string
  resourceId: string
  threadIds: readonly string[]
  connections: number
  seconds: number
  load: LoadRunner
  /** how many times each HTTP path runs, alternating which goes first (`--rounds`, default 1) */
  rounds: number
  /** the app server's CPU ms so far (null: not measurable) */
  serverCpuMs: () => number | null
}

/** CPU ms per batch spent by the app server, PostgreSQL and this process (the load generator, or the floor's client) over `run`. */
async function withCpu<T extends { batches: number }>(
  meters: { server: () => number | null; postgres: (() => number) | null },
  run: () => Promise<T>,
): Promise<T & { cpu: Record<string, number | null> }> {
  const before = { server: meters.server(), postgres: meters.postgres?.() ?? null, bench: process.cpuUsage() }
  const result = await run()
  const server = meters.server()
  const postgres = meters.postgres?.() ?? null
  const bench = process.cpuUsage(before.bench)
  const perBatch = (from: number | null, to: number | null) => (from === null || to === null ? null : (to - from) / Math.max(1, result.batches))
  return {
    ...result,
    cpu: {
      'server CPU ms/batch': perBatch(before.server, server),
      'postgres CPU ms/batch': perBatch(before.postgres, postgres),
      'bench CPU ms/batch': (bench.user + bench.system) / 1000 / Math.max(1, result.batches),
    },
  }
}

/** Measures the floor, then tRPC messages.save and REST POST /api/v1/messages; checks every saved batch landed. */
export async function benchSaveThroughput(options: SaveThroughputOptions): Promise<void> {
  const { report, db, label, server, connections, seconds } = options
  const source = batchSource(options.resourceId, options.threadIds)
  const countWithPrefix = async (prefix: string) =>
    Number((await db.prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM messages WHERE id LIKE $1`, `${prefix}-%`))[0]?.n ?? 0)

  // ids of their own per server kind (several kinds run on one database)
  const tag = server.replace(/\W/g, '')
  // a server on another machine has no CPU figure here
  const postmaster = await postmasterPid(db).catch(() => null)
  const meters = { server: options.serverCpuMs, postgres: postmaster === null ? null : () => postgresCpuMs(postmaster) ?? Number.NaN }
  // warm-up of this process's insert path (JIT, connection pool, plans), as each HTTP path gets one
  await storageFloor(db, (n) => source.messages(`${tag}floorwarm`, n), connections, 2)
  const floor = await withCpu({ ...meters, server: () => null }, () => storageFloor(db, (n) => source.messages(`${tag}floor`, n), connections, seconds))
  const floorRate = (floor.batches * SAVE_BATCH) / floor.seconds
  const row = (path: string, result: SaveLoadResult & { cpu: Record<string, number | null> }, saved: number) => {
    const rate = (result.batches * SAVE_BATCH) / result.seconds
    report.row(SAVE_TABLE, {
      db: label,
      path,
      connections,
      'batches/s': Math.round(result.batches / result.seconds),
      'msg/s': Math.round(rate),
      'p50 ms': result.p50 === null ? null : Math.round(result.p50),
      'p99 ms': result.p99 === null ? null : Math.round(result.p99),
      non2xx: result.non2xx,
      errors: result.errors,
      'rows saved': saved,
      'of floor': Number((rate / floorRate).toFixed(2)),
      ...result.cpu,
    })
  }
  row('floor: storage.insertMessages in-process (no HTTP, no validation)', floor, await countWithPrefix(`${tag}floor`))

  const paths = [
    { name: `tRPC messages.save (${server})`, path: '/api/trpc/messages.save', body: (batch: string) => `{"json":{"messages":${batch}}}` },
    { name: `REST POST /api/v1/messages (${server})`, path: '/api/v1/messages', body: (batch: string) => `{"messages":${batch}}` },
  ]
  // The server's own warm-up, every path for `seconds`, before any is measured: after 2 s alone the
  // first path measured (tRPC) cost up to ~1 CPU ms per batch more than in later rounds (2026-12-05).
  // Each round also swaps the order, so what going first costs shows as such.
  for (const [index, target] of paths.entries())
    await options.load({ path: target.path, connections, seconds, body: (n) => target.body(source.json(`${tag}serverwarm${index}`, n)) })
  for (let round = 0; round < options.rounds; round++) {
    for (const index of pathOrder(paths.length, round)) {
      const target = itemAt(paths, index)
      const prefix = `${tag}http${index}r${round}`
      // warm-up (JIT, connection pool, plans) with ids of its own
      await options.load({ path: target.path, connections, seconds: 2, body: (n) => target.body(source.json(`${tag}warm${index}r${round}`, n)) })
      const result = await withCpu(meters, () => options.load({ path: target.path, connections, seconds, body: (n) => target.body(source.json(prefix, n)) }))
      row(options.rounds > 1 ? `${target.name}, round ${round + 1}` : target.name, result, await countWithPrefix(prefix))
    }
  }
}

/** The order of the paths in round `round`: as listed in even rounds, reversed in odd ones (ABBA...). */
export function pathOrder(count: number, round: number): number[] {
  const order = Array.from({ length: count }, (_, index) => index)
  return round % 2 === 0 ? order : order.reverse()
}
