// Branch benchmark (issue 12, "Speed"): on PostgreSQL, branchThread on a 1k and
// a 100k-message source (constant in the size: one row, the cutoff chosen in
// SQL), and the last 50 messages of a branch at depth 5 over the 100k root
// next to the same read on the root. p50/p95 over many runs; figures, not a test.
//
//   pnpm exec tsx bench/branch.ts [--sizes=1000,100000] [--runs=100]
import { Memory } from '@threadline/engine'
import { flagValue, selectedSizes } from './lib/args.ts'
import { benchPostgresServer, openPostgresBenchDatabase } from './lib/databases.ts'
import { summarize, timed } from './lib/measure.ts'
import { createReport } from './lib/report.ts'
import { seedThread } from './lib/seed.ts'

const sizes = selectedSizes([1_000, 100_000])
const runs = Number(flagValue('runs') ?? 100)
const report = createReport('branch', { sizes, runs })

async function p50p95(fn: () => Promise<unknown>): Promise<{ 'p50 ms': number; 'p95 ms': number }> {
  for (let i = 0; i < 10; i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < runs; i++) samples.push((await timed(fn)).ms)
  const summary = summarize(samples)
  return { 'p50 ms': summary.p50, 'p95 ms': summary.p95 }
}

const server = await benchPostgresServer()
const db = await openPostgresBenchDatabase(server.adminUrl, server.label)
try {
  const memory = new Memory({ storage: db.storage, options: { lastMessages: 50 } })
  for (const size of sizes) {
    const source = await seedThread(db, { threadId: `branch-src-${size}`, count: size })
    await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
    let n = 0
    report.row('branch', {
      db: 'postgres',
      messages: size,
      operation: 'branchThread (default cutoff)',
      ...(await p50p95(() => memory.branchThread({ sourceThreadId: source.threadId, newThreadId: `b-${size}-${n++}`, derivedMemory: 'empty' }))),
    })
    // a chain of 5 branches, each with a few own messages
    let parent = source.threadId
    for (let depth = 1; depth <= 5; depth++) {
      const { thread } = await memory.branchThread({ sourceThreadId: parent, newThreadId: `deep-${size}-${depth}`, derivedMemory: 'empty' })
      const own = Array.from({ length: 20 }, (_, i) => ({
        ...source.messages[i]!,
        id: `deep-${size}-${depth}-${i}`,
        threadId: thread.id,
        createdAt: new Date(Date.now() + depth * 60_000 + i),
      }))
      await memory.saveMessages({ messages: own })
      parent = thread.id
    }
    report.row('branch', {
      db: 'postgres',
      messages: size,
      operation: 'last 50, the root',
      ...(await p50p95(() => memory.recall({ threadId: source.threadId }))),
    })
    report.row('branch', {
      db: 'postgres',
      messages: size,
      operation: 'last 50, branch at depth 5',
      ...(await p50p95(() => memory.recall({ threadId: parent }))),
    })
    report.row('branch', {
      db: 'postgres',
      messages: size,
      operation: 'page of 50 at offset 0, branch at depth 5',
      ...(await p50p95(() => memory.listMessages({ threadId: parent, limit: 50 }))),
    })
  }
  report.printTables()
  report.save()
} finally {
  await db.close()
  await server.stop()
}
