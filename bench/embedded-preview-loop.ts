// A preview loop on the embedded database (issue 33): one caller previews a
// filtered clone of a 50k-message thread back to back (the boundary analysis
// reads the whole thread's structure), while a short read (threads.get's
// storage call) runs back to back beside it in the same process, as the server
// would answer it. Reported: the short read's p50/p99 alone (the floor, same
// run) and during the loop. The database is a data folder, opened as the server
// opens it (its own thread, one connection).
//
//   pnpm bench embedded-preview-loop [--messages=50000] [--seconds=20] [--floor-seconds=5]
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '@threadline/db'
import { Memory } from '@threadline/engine'
import { flagValue } from './lib/args.ts'
import { percentile } from './lib/measure.ts'
import { createReport } from './lib/report.ts'
import { seedThread } from './lib/seed.ts'

const messages = Number(flagValue('messages') ?? 50_000)
const seconds = Number(flagValue('seconds') ?? 20)
const floorSeconds = Number(flagValue('floor-seconds') ?? 5)
const SOURCE = 'loop-source'

/** Runs `read` back to back until `stop` settles; the durations in ms. */
async function readBackToBack(read: () => Promise<unknown>, stop: Promise<unknown>): Promise<number[]> {
  const stopped = new AbortController()
  void stop.finally(() => stopped.abort())
  const durations: number[] = []
  while (!stopped.signal.aborted) {
    const started = performance.now()
    await read()
    durations.push(performance.now() - started)
  }
  return durations
}

function summary(durations: number[]): Record<string, number> {
  const sorted = [...durations].sort((a, b) => a - b)
  return {
    calls: sorted.length,
    'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
    'p99 ms': Number(percentile(sorted, 99).toFixed(1)),
    'max ms': Number((sorted.at(-1) ?? 0).toFixed(1)),
  }
}

const report = createReport('embedded-preview-loop', { messages, seconds, floorSeconds })
const folder = mkdtempSync(path.join(tmpdir(), 'threadline-preview-loop-'))
try {
  const db = await openDatabase(`file:${folder}`)
  try {
    const seeded = await seedThread(db, { threadId: SOURCE, resourceId: 'loop', count: messages, seed: 7 })
    const memory = new Memory({ storage: db.storage, vector: db.vector })
    const middle = seeded.messages[Math.floor(messages / 2)]?.createdAt ?? new Date()
    const shortRead = () => db.storage.getThreadById(SOURCE)
    const sleep = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000))

    const floor = await readBackToBack(shortRead, sleep(floorSeconds))
    report.row('short read (storage.getThreadById)', { phase: 'floor: alone', ...summary(floor), 'load (1 min)': Number((loadavg()[0] ?? 0).toFixed(1)) })

    const previews: number[] = []
    const loopEnds = AbortSignal.timeout(seconds * 1000)
    const loop = (async () => {
      while (!loopEnds.aborted) {
        const started = performance.now()
        await memory.previewClone({ sourceThreadId: SOURCE, options: { messageFilter: { startDate: middle }, boundary: 'expand' } })
        previews.push(performance.now() - started)
      }
    })()
    const during = await readBackToBack(shortRead, loop)
    report.row('short read (storage.getThreadById)', {
      phase: `during a filtered clone preview loop (${previews.length} previews, p50 ${Math.round(
        percentile(
          [...previews].sort((a, b) => a - b),
          50,
        ),
      )} ms)`,
      ...summary(during),
      'load (1 min)': Number((loadavg()[0] ?? 0).toFixed(1)),
    })
  } finally {
    await db.close()
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
report.printTables()
report.save()
