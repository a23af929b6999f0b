// Clone benchmark (issue 8, part 1): Memory.cloneThread on threads of 1k, 10k
// and 100k realistic messages, on PGlite and on a PostgreSQL server, next to
// the floor: ONE raw `INSERT ... SELECT` copying the same rows in the same
// database, measured in the same run, interleaved with the clone.
//
//   pnpm exec tsx bench/clone.ts [--sizes=1000,10000] [--db=pglite|postgres] [--quick]
//                                [--embedding-sizes=1000] [--reps=N]
import { randomUUID } from 'node:crypto'
import { Memory, type CloneThreadArgs, type CloneCallOptions } from '@threadline/engine'
import type { Database, DatabaseKind } from '@threadline/db'
import { lexicalEmbedder } from '@threadline/db/seed'
import { flagValue, selectedSizes } from './lib/args.ts'
import { itemAt } from './lib/item-at.ts'
import { forEachBenchDatabase, selectedDatabaseKinds, type BenchDatabase } from './lib/databases.ts'
import { summarize, timed, withPeakRss } from './lib/measure.ts'
import { createReport, type Report, type Row } from './lib/report.ts'
import { seedThread, seedVectors, type SeededThread } from './lib/seed.ts'

const sizes = selectedSizes([1_000, 10_000, 100_000])
const embeddingSizes = selectedSizes([1_000], flagValue('embedding-sizes') ? [`--sizes=${flagValue('embedding-sizes')}`] : [])
const repsFlag = flagValue('reps')

/** Repetitions per case: more for small threads, where one run is noisy. */
function repetitions(size: number): number {
  if (repsFlag) return Number(repsFlag)
  return size <= 1_000 ? 7 : size <= 10_000 ? 5 : 3
}

type Floor = { name: string; copy: (db: Database, source: SeededThread, targetThreadId: string) => Promise<number> }

const messageColumns = 'role, type, content, created_at'

/** The floor of a selection: one INSERT ... SELECT of exactly those rows, new ids generated in SQL. */
function messagesFloor(name: string, where: (source: SeededThread) => { sql: string; params: unknown[] }): Floor {
  return {
    name,
    copy: (db, source, target) => {
      const selection = where(source)
      return db.prisma.$executeRawUnsafe(
        `INSERT INTO messages (id, thread_id, resource_id, ${messageColumns})
         SELECT gen_random_uuid()::text, $1, resource_id, ${messageColumns} FROM (${selection.sql}) picked`,
        target,
        ...selection.params,
      )
    },
  }
}

const wholeThread = messagesFloor('INSERT ... SELECT (all)', (source) => ({ sql: `SELECT * FROM messages WHERE thread_id = $2`, params: [source.threadId] }))
const lastHundred = messagesFloor('INSERT ... SELECT (last 100)', (source) => ({
  sql: `SELECT * FROM messages WHERE thread_id = $2 ORDER BY created_at DESC, id DESC LIMIT 100`,
  params: [source.threadId],
}))

/** The middle half of the thread by time (inclusive bounds). */
function middleHalf(source: SeededThread): { startDate: Date; endDate: Date; count: number } {
  const { messages } = source
  const first = Math.floor(messages.length / 4)
  const last = Math.floor((messages.length * 3) / 4) - 1
  return { startDate: itemAt(messages, first).createdAt, endDate: itemAt(messages, last).createdAt, count: last - first + 1 }
}

const dateRange = messagesFloor('INSERT ... SELECT (date range)', (source) => {
  const { startDate, endDate } = middleHalf(source)
  return { sql: `SELECT * FROM messages WHERE thread_id = $2 AND created_at >= $3 AND created_at <= $4`, params: [source.threadId, startDate, endDate] }
})

/** Messages and their vectors: the two INSERT ... SELECTs a clone with embeddings cannot do without. */
const withVectors: Floor = {
  name: 'INSERT ... SELECT messages + vectors',
  copy: async (db, source, target) => {
    const prefix = randomUUID()
    const copied = await db.prisma.$executeRawUnsafe(
      `INSERT INTO messages (id, thread_id, resource_id, ${messageColumns})
       SELECT $3 || id, $1, resource_id, ${messageColumns} FROM messages WHERE thread_id = $2`,
      target,
      source.threadId,
      prefix,
    )
    await db.prisma.$executeRawUnsafe(
      `INSERT INTO message_embeddings (message_id, model, thread_id, resource_id, dimensions, embedding, created_at)
       SELECT $3 || message_id, model, $1, resource_id, dimensions, embedding, created_at FROM message_embeddings WHERE thread_id = $2`,
      target,
      source.threadId,
      prefix,
    )
    return copied
  },
}

type CloneCase = {
  name: string
  memory: 'plain' | 'semantic'
  args: (source: SeededThread) => Omit<CloneThreadArgs, 'sourceThreadId' | 'newThreadId'>
  call?: CloneCallOptions
  floor: Floor
  expected: (source: SeededThread) => number
}

const cases: CloneCase[] = [
  { name: 'clone, messages returned', memory: 'plain', args: () => ({}), floor: wholeThread, expected: (s) => s.messages.length },
  {
    name: 'clone, returnMessages: false',
    memory: 'plain',
    args: () => ({}),
    call: { returnMessages: false },
    floor: wholeThread,
    expected: (s) => s.messages.length,
  },
  {
    name: 'clone, messageLimit: 100',
    memory: 'plain',
    args: () => ({ options: { messageLimit: 100 } }),
    floor: lastHundred,
    expected: (s) => Math.min(100, s.messages.length),
  },
  {
    name: 'clone, date filter (middle half)',
    memory: 'plain',
    args: (s) => {
      const { startDate, endDate } = middleHalf(s)
      return { options: { messageFilter: { startDate, endDate } } }
    },
    floor: dateRange,
    expected: (s) => middleHalf(s).count,
  },
]

const embeddingCase: CloneCase = {
  name: 'clone with embeddings copied, returnMessages: false',
  memory: 'semantic',
  args: () => ({}),
  call: { returnMessages: false },
  floor: withVectors,
  expected: (s) => s.messages.length,
}

/** Removes a copy (thread, messages, vectors) and reclaims the space, outside any timing. */
async function dropCopy(db: Database, threadId: string): Promise<void> {
  await db.storage.deleteThread(threadId)
  await db.prisma.$executeRawUnsafe('VACUUM messages, message_embeddings')
}

type Measured = { ms: number[]; peakMiB: number[]; growthMiB: number[] }

async function measureFloor(db: Database, source: SeededThread, floor: Floor, expected: number, into: Measured): Promise<void> {
  const target = `floor-${randomUUID()}`
  await db.storage.createThread({ id: target, resourceId: source.resourceId })
  const { value, peakMiB, baselineMiB } = await withPeakRss(() => timed(() => floor.copy(db, source, target)))
  if (value.value !== expected) throw new Error(`${floor.name} copied ${value.value} rows, expected ${expected}`)
  into.ms.push(value.ms)
  into.peakMiB.push(peakMiB)
  into.growthMiB.push(peakMiB - baselineMiB)
  await dropCopy(db, target)
}

async function measureClone(memory: Memory, db: Database, source: SeededThread, test: CloneCase, into: Measured): Promise<void> {
  const newThreadId = `clone-${randomUUID()}`
  const args = { sourceThreadId: source.threadId, newThreadId, ...test.args(source) }
  const { value, peakMiB, baselineMiB } = await withPeakRss(() => timed(() => memory.cloneThread(args, test.call)))
  const copied = Object.keys(value.value.messageIdMap).length
  const returned = value.value.clonedMessages.length
  const expected = test.expected(source)
  if (copied !== expected || returned !== (test.call?.returnMessages === false ? 0 : expected)) {
    throw new Error(`${test.name}: copied ${copied}, returned ${returned}, expected ${expected}`)
  }
  into.ms.push(value.ms)
  into.peakMiB.push(peakMiB)
  into.growthMiB.push(peakMiB - baselineMiB)
  await dropCopy(db, newThreadId)
}

async function runCase(report: Report, db: BenchDatabase, kind: DatabaseKind, memory: Memory, source: SeededThread, test: CloneCase): Promise<Row> {
  const reps = repetitions(source.messages.length)
  const floor: Measured = { ms: [], peakMiB: [], growthMiB: [] }
  const clone: Measured = { ms: [], peakMiB: [], growthMiB: [] }
  const expected = test.expected(source)
  // Interleaved, so a burst of load from other processes hits both alike.
  for (let rep = 0; rep < reps; rep++) {
    await measureFloor(db, source, test.floor, expected, floor)
    await measureClone(memory, db, source, test, clone)
  }
  const cloneMs = summarize(clone.ms).p50
  const floorMs = summarize(floor.ms).p50
  const row: Row = {
    db: kind,
    messages: source.messages.length,
    case: test.name,
    copied: expected,
    'clone ms': cloneMs,
    'msgs/s': Math.round((expected / cloneMs) * 1000),
    'floor ms': floorMs,
    'x floor': cloneMs / floorMs,
    'peak RSS MiB': Math.max(...clone.peakMiB),
    'RSS growth MiB': Math.max(...clone.growthMiB),
    'floor RSS growth MiB': Math.max(...floor.growthMiB),
    reps,
    'clone ms (all)': clone.ms.map((ms) => ms.toFixed(1)).join(' '),
    'floor ms (all)': floor.ms.map((ms) => ms.toFixed(1)).join(' '),
  }
  report.row('clone vs floor', row)
  return row
}

async function benchDatabase(report: Report, db: BenchDatabase, kind: DatabaseKind): Promise<Row[]> {
  const rows: Row[] = []
  const plain = new Memory({ storage: db.storage, vector: db.vector })
  for (const size of sizes) {
    const seedStart = performance.now()
    const source = await seedThread(db, { threadId: `source-${size}`, count: size })
    await db.prisma.$executeRawUnsafe('ANALYZE messages')
    report.note(`${kind}: seeded ${size.toLocaleString('en-US')} messages in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`)
    for (const test of cases) rows.push(await runCase(report, db, kind, plain, source, test))
    await db.storage.deleteThread(source.threadId)
    await db.prisma.$executeRawUnsafe('VACUUM messages')
  }
  if (kind === 'pglite') {
    // pgvector is only available on PGlite here (the Debian server has no package for it).
    const semantic = new Memory({ storage: db.storage, vector: db.vector, embedder: lexicalEmbedder(), options: { semanticRecall: true } })
    for (const size of embeddingSizes) {
      const source = await seedThread(db, { threadId: `vectors-${size}`, count: size })
      await seedVectors(db, source, { bulk: size > 2_000 })
      rows.push(await runCase(report, db, kind, semantic, source, embeddingCase))
      await db.storage.deleteThread(source.threadId)
    }
  }
  return rows
}

/** Time per message at each size, relative to the previous size: 1.0 is perfectly linear. */
function growthRows(rows: Row[]): Row[] {
  const out: Row[] = []
  for (const kind of new Set(rows.map((row) => row.db))) {
    for (const name of new Set(rows.map((row) => row.case))) {
      const series = rows.filter((row) => row.db === kind && row.case === name).sort((a, b) => Number(a.messages) - Number(b.messages))
      series.forEach((row, index) => {
        const previous = series[index - 1]
        const growth = previous ? Number(row['clone ms']) / Number(previous['clone ms']) : null
        const floorGrowth = previous ? Number(row['floor ms']) / Number(previous['floor ms']) : null
        const sizeFactor = previous ? Number(row.messages) / Number(previous.messages) : null
        out.push({
          db: String(kind),
          case: String(name),
          messages: Number(row.messages),
          copied: Number(row.copied),
          'clone ms': Number(row['clone ms']),
          'µs per copied message': (Number(row['clone ms']) * 1000) / Number(row.copied),
          'time growth': growth,
          // the floor measured alongside: how the database itself scaled in this run
          'floor growth': floorGrowth,
          'size growth': sizeFactor,
        })
      })
    }
  }
  return out
}

async function main(): Promise<void> {
  const kinds = selectedDatabaseKinds()
  const report = createReport('clone', { sizes, embeddingSizes, databases: kinds, repetitions: sizes.map(repetitions) })
  const rows: Row[] = []
  await forEachBenchDatabase(kinds, async (db, kind) => {
    rows.push(...(await benchDatabase(report, db, kind)))
  })
  for (const row of growthRows(rows)) report.row('clone: linear growth (time per copied message as the thread grows)', row)
  report.printTables()
  report.save()
}

await main()
