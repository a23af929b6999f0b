// Export / import benchmark (issue 30): a 100,000-message thread with 2
// branches (1,000 own messages each) and thread memory, exported over REST to a
// file and imported back from it (under a new id), through the API's real HTTP
// handler in this process. Per direction: messages per second, this process's
// CPU time, and the peak RSS and V8 heap of this process (server and HTTP
// client together) beside their values before starting. Flat memory: the peak grows far less than the file's size.
// The thread is seeded by SQL on the database side, so nothing of it is in
// this process before the export. The import runs in a fresh process (this
// script with --import-file, on a fresh database of the same kind): in this
// one the export's peak would hide the import's (memory a process freed is
// not given back at once). PGlite's database lives in the process's WASM
// heap, so its RSS also grows with the rows the import writes.
//
//   pnpm bench export [--quick] [--db=postgres|pglite] [--messages=100000]
import { execFile } from 'node:child_process'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { createServices, readServerConfig } from '@threadline/api'
import { startTestServer } from '@threadline/api/testing'
import { Memory } from '@threadline/engine'
import { flagValue, hasFlag } from './lib/args.ts'
import { forEachBenchDatabase, selectedDatabaseKinds, type BenchDatabase } from './lib/databases.ts'
import { gc } from './lib/measure.ts'
import { createReport, type Report } from './lib/report.ts'

const messageCount = Number(flagValue('messages') ?? (hasFlag('quick') ? 10_000 : 100_000))
/** set for the import's own process: the export file to import */
const importFile = flagValue('import-file')
const branchMessages = Math.min(1_000, messageCount / 10)
const TOKEN = `tl_${'b'.repeat(40)}`
const RESOURCE = 'bench-export'
const ROOT = 'export-root'

const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10

/** The highest RSS and V8 heap seen while `run` runs (sampled every 5 ms). */
async function peakRssDuring<T>(run: () => Promise<T>): Promise<{ value: T; peakBytes: number; peakHeapBytes: number; seconds: number }> {
  let peak = 0
  let peakHeap = 0
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage()
    peak = Math.max(peak, rss)
    peakHeap = Math.max(peakHeap, heapUsed)
  }
  sample()
  const sampler = setInterval(sample, 5)
  const started = performance.now()
  try {
    const value = await run()
    sample()
    return { value, peakBytes: peak, peakHeapBytes: peakHeap, seconds: (performance.now() - started) / 1000 }
  } finally {
    clearInterval(sampler)
  }
}

/** `count` messages of ~300 characters of text in `threadId`, one second apart from `startSecond`, written by the database itself. */
async function insertMessages(db: BenchDatabase, threadId: string, count: number, startSecond: number): Promise<void> {
  await db.prisma.$executeRaw`
    INSERT INTO messages (id, thread_id, resource_id, role, content, created_at)
    SELECT ${threadId} || '-m' || lpad(i::text, 7, '0'), ${threadId}, ${RESOURCE}, CASE WHEN i % 2 = 0 THEN 'user' ELSE 'assistant' END,
           jsonb_build_object('format', 2, 'parts', jsonb_build_array(jsonb_build_object('type', 'text',
             'text', 'Message ' || i || ' of the export benchmark: ' || repeat('the quick brown fox jumps over the lazy dog ', 6)))),
           timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => ${startSecond} + i)
    FROM generate_series(1, ${count}) AS i`
}

async function seed(db: BenchDatabase): Promise<void> {
  await db.storage.createThread({ id: ROOT, resourceId: RESOURCE, title: 'export bench' })
  await insertMessages(db, ROOT, messageCount, 0)
  await db.storage.setWorkingMemory({ scope: 'thread', threadId: ROOT }, '# user\n- prefers short answers')
  const memory = new Memory({ storage: db.storage, vector: db.vector })
  for (const [name, cut] of [
    ['a', Math.floor(messageCount / 2)],
    ['b', Math.floor(messageCount * 0.9)],
  ] as const) {
    const branchId = `${ROOT}-branch-${name}`
    await memory.branchThread({ sourceThreadId: ROOT, branchPointMessageId: `${ROOT}-m${String(cut).padStart(7, '0')}`, newThreadId: branchId })
    await insertMessages(db, branchId, branchMessages, messageCount + 10)
  }
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
}

type Measured = { seconds: number; cpuSeconds: number; peakBytes: number; rssBefore: number; heapPeakGrowth: number; heapKept: number }

/** The API on a loopback port over `db`, for the length of `run`. */
async function withServer<T>(db: BenchDatabase, run: (url: string) => Promise<T>): Promise<T> {
  const services = await createServices(
    db,
    readServerConfig({
      THREADLINE_AUTH_SECRET: 'export-bench-secret-0123456789abcdef',
      THREADLINE_BOOTSTRAP_TOKEN: TOKEN,
      THREADLINE_RATE_LIMIT_PER_SECOND: '1000',
      THREADLINE_RATE_LIMIT_BURST: '1000',
    }),
  )
  const server = await startTestServer(services)
  try {
    return await run(server.url)
  } finally {
    await server.close()
    await services.indexWorker?.stop()
    await services.demoProvider.close()
    await services.playground.close()
  }
}

/** `run` with the RSS before it (after a full collection), its peak, and the heap it left reachable. */
async function measured(run: () => Promise<void>): Promise<Measured> {
  gc()
  const rssBefore = process.memoryUsage().rss
  const heapBefore = process.memoryUsage().heapUsed
  const cpuBefore = process.cpuUsage()
  const { seconds, peakBytes, peakHeapBytes } = await peakRssDuring(run)
  const cpu = process.cpuUsage(cpuBefore)
  gc()
  return {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    peakBytes,
    rssBefore,
    heapPeakGrowth: peakHeapBytes - heapBefore,
    heapKept: process.memoryUsage().heapUsed - heapBefore,
  }
}

/** This process's part when started with --import-file: the file imported over REST, its figures as the last line of output. */
async function importAlone(db: BenchDatabase, file: string): Promise<void> {
  const result = await withServer(db, (url) =>
    measured(async () => {
      const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>
      // no redirect, no window: else fetch tees the body (to resend it) and the unread branch holds the whole file
      const init = {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
        body,
        duplex: 'half',
        redirect: 'error',
        window: null,
      } as RequestInit
      const response = await fetch(`${url}/api/v1/threads/import?newThreadId=${ROOT}-copy`, init)
      const answer = (await response.json()) as { status?: string; messages?: number }
      if (response.status !== 200 || answer.status !== 'imported') throw new Error(`import answered ${response.status}: ${JSON.stringify(answer)}`)
    }),
  )
  const written = await db.prisma.message.count()
  console.log(JSON.stringify({ ...result, written }))
}

/** The import of `file` in a fresh process (this script, --import-file) on a fresh database of `kind`. */
async function importInOwnProcess(file: string, kind: string, total: number): Promise<Measured> {
  const script = fileURLToPath(import.meta.url)
  const { stdout } = await promisify(execFile)(process.execPath, [...process.execArgv, script, `--import-file=${file}`, `--db=${kind}`], {
    maxBuffer: 64 * 2 ** 20,
  })
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Measured & { written: number }
  if (result.written !== total) throw new Error(`the import wrote ${result.written} messages, not ${total}`)
  return result
}

async function benchOne(report: Report, db: BenchDatabase, kind: string): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'threadline-export-'))
  const file = path.join(folder, 'thread.jsonl')
  try {
    await seed(db)
    const total = messageCount + 2 * branchMessages
    const exported = await withServer(db, (url) =>
      measured(async () => {
        const response = await fetch(`${url}/api/v1/threads/${ROOT}/export?branches=true`, { headers: { authorization: `Bearer ${TOKEN}` } })
        if (response.status !== 200 || response.body === null) throw new Error(`export answered ${response.status}: ${await response.text()}`)
        await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(file))
      }),
    )
    const fileBytes = (await stat(file)).size
    const imported = await importInOwnProcess(file, kind, total)
    const row = (direction: string, run: Measured) => ({
      database: db.label,
      direction,
      messages: total,
      'file MiB': mib(fileBytes),
      seconds: Math.round(run.seconds * 10) / 10,
      'msgs/s': Math.round(total / run.seconds),
      // this process's CPU (server and client; not the database's): steadier than seconds on a loaded machine
      'CPU s': Math.round(run.cpuSeconds * 100) / 100,
      'RSS before MiB': mib(run.rssBefore),
      'peak RSS MiB': mib(run.peakBytes),
      'RSS growth MiB': mib(run.peakBytes - run.rssBefore),
      // garbage too (V8 collects the old generation late): not hidden by pages an earlier peak left to the process, as RSS is
      'heap peak growth MiB': mib(run.heapPeakGrowth),
      // what the direction left reachable: the heap after a full collection, against before it
      'heap kept MiB': mib(run.heapKept),
    })
    report.table('export and import of a thread with 2 branches over REST', [row('export', exported), row('import (own process)', imported)])
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

if (importFile !== undefined) {
  await forEachBenchDatabase(selectedDatabaseKinds(), (db) => importAlone(db, importFile))
} else {
  const report = createReport('export', { messages: messageCount, branchMessages, branches: 2 })
  await forEachBenchDatabase(selectedDatabaseKinds(), (db, kind) => benchOne(report, db, kind))
  report.note(
    'RSS: the process of the API server and the HTTP client; the file is written and read as a stream. The import runs in a fresh process on a fresh database, so the export`s peak does not hide its growth. PGlite keeps its database in the process, so its import growth includes the rows written.',
  )
  report.save()
}
