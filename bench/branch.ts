// Branch benchmark (issue 12): shared-history branches next to what they replace
// or must match, in the same database and run.
//   1. Memory.branchThread on 1k / 10k / 100k-message sources (p50 / p95; target:
//      constant, < 5 ms on PostgreSQL) next to cloneThread of the same thread and
//      the round-trip floor (a transaction of as many empty statements).
//   2. Last 50 messages of a depth-5 branch over a 100k-message root (target
//      < 5 ms p50) next to the last 50 of the unbranched root (the floor).
//   3. Semantic top-10 on that branch next to the same query on an unbranched
//      thread of the same size (target: within 1.5x; PGlite, the only database
//      here with pgvector).
//   4. Database size after 1,000 branches of a 10k-message thread vs before
//      (target: the thread rows only), next to ONE clone of it.
//
//   pnpm bench branch [--quick]
//   pnpm exec tsx bench/branch.ts [--sizes=1000,10k,100k] [--db=pglite,postgres] [--reps=N]
//        [--deep-size=100000] [--semantic-size=100000] [--branches=1000] [--queries=200] [--only=create,deep,semantic,size]
import { randomUUID } from 'node:crypto'
import type { DatabaseKind } from '@threadline/db'
import { lexicalEmbedder } from '@threadline/db/seed'
import { Memory, messageEmbeddingText } from '@threadline/engine'
import { flagValue, hasFlag, selectedSizes } from './lib/args.ts'
import { forEachBenchDatabase, selectedDatabaseKinds, type BenchDatabase } from './lib/databases.ts'
import { summarize, timed } from './lib/measure.ts'
import { conversation, seededRandom } from './lib/messages.ts'
import { createReport, type Report } from './lib/report.ts'
import { seedThread, seedVectors, type SeededThread } from './lib/seed.ts'

const quick = hasFlag('quick')
const sizes = selectedSizes([1_000, 10_000, 100_000])
const deepSize = Number(flagValue('deep-size') ?? (quick ? 10_000 : 100_000))
const semanticSize = Number(flagValue('semantic-size') ?? (quick ? 10_000 : 100_000))
const branchCount = Number(flagValue('branches') ?? (quick ? 200 : 1_000))
const queryCount = Number(flagValue('queries') ?? 200)
const repsFlag = flagValue('reps')
const only = new Set((flagValue('only') ?? 'create,deep,semantic,size').split(','))

/** Clones copy the thread: fewer repetitions for big ones. Branches are one row: many. */
function cloneReps(size: number): number {
  if (repsFlag) return Number(repsFlag)
  return size <= 1_000 ? 7 : size <= 10_000 ? 5 : 3
}
const branchReps = Number(repsFlag ?? 50)

const ms = (values: number[]) => summarize(values)

/** The element at `index`; a missing one is a bug of this script. */
function at<T>(values: readonly T[], index: number): T {
  const value = values[index]
  if (value === undefined) throw new Error(`no element ${index} (of ${values.length})`)
  return value
}

// ---- 1. branchThread vs cloneThread

async function benchCreate(report: Report, db: BenchDatabase): Promise<void> {
  const memory = new Memory({ storage: db.storage, vector: db.vector })
  for (const size of sizes) {
    const source = await seedThread(db, { threadId: `create-${size}`, count: size })
    await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
    const branch: number[] = []
    const clone: number[] = []
    // branchThread's round trips with nothing in them: BEGIN, 4 statements (lock, insert, working memory, OM as of), COMMIT
    const floor: number[] = []
    let inherited = 0
    // interleaved, so a burst of load from other processes hits both alike
    for (let rep = 0; rep < Math.max(branchReps, cloneReps(size)); rep++) {
      if (rep < branchReps) {
        const result = await timed(() => memory.branchThread({ sourceThreadId: source.threadId }))
        branch.push(result.ms)
        inherited = result.value.inheritedMessageCount
        floor.push(
          (
            await timed(() =>
              db.prisma.$transaction(async (tx) => {
                for (let statement = 0; statement < 4; statement++) await tx.$queryRaw`SELECT 1`
              }),
            )
          ).ms,
        )
      }
      if (rep < cloneReps(size)) {
        const newThreadId = `clone-${randomUUID()}`
        clone.push((await timed(() => memory.cloneThread({ sourceThreadId: source.threadId, newThreadId }, { returnMessages: false }))).ms)
        await db.storage.deleteThread(newThreadId)
        await db.prisma.$executeRawUnsafe('VACUUM messages')
      }
    }
    if (inherited !== size) throw new Error(`a branch of ${size} messages inherits ${inherited}`)
    const b = ms(branch)
    const c = ms(clone)
    report.row('branchThread vs cloneThread', {
      db: db.kind,
      messages: size,
      'branch p50 ms': b.p50,
      'branch p95 ms': b.p95,
      'clone p50 ms': c.p50,
      'clone p95 ms': c.p95,
      'clone / branch (p50)': c.p50 / b.p50,
      'round-trip floor p50 ms': ms(floor).p50,
      'branch reps': branch.length,
      'clone reps': clone.length,
    })
    await memory.deleteThread(source.threadId, { branches: 'delete' })
    await db.prisma.$executeRawUnsafe('VACUUM messages')
  }
}

// ---- 2 and 3. a depth-5 branch over a big root

const ownPerBranch = 20
const depth = 5

/**
 * root (size messages) <- b1 (cut 1% before the root's end) <- b2 <- ... <- b5,
 * each branch with `ownPerBranch` own messages, each next one cut at its
 * parent's 10th own message: the chain's cut rule is exercised at every level.
 * Returns the deepest branch and how many messages it reads.
 */
async function seedChain(db: BenchDatabase, memory: Memory, root: SeededThread, withVectors: boolean): Promise<{ leafId: string; visible: number }> {
  const embedder = lexicalEmbedder()
  let parentId = root.threadId
  let point = at(root.messages, Math.floor(root.messages.length * 0.99) - 1).id
  let visible = Math.floor(root.messages.length * 0.99)
  for (let level = 1; level <= depth; level++) {
    const { thread } = await memory.branchThread({ sourceThreadId: parentId, branchPointMessageId: point, newThreadId: `${root.threadId}-b${level}` })
    const own = conversation({ threadId: thread.id, resourceId: root.resourceId, count: ownPerBranch, startAt: Date.UTC(2026, 0, level), seed: level + 1 })
    await db.storage.insertMessages(own)
    if (withVectors) {
      const embeddings = await embedder.embed(own.map(messageEmbeddingText))
      await db.vector.upsertVectors(
        own.map((message, index) => {
          const embedding = at(embeddings, index)
          return { messageId: message.id, threadId: thread.id, resourceId: root.resourceId, embedding, model: embedder.id, dimensions: embedding.length }
        }),
      )
    }
    parentId = thread.id
    point = at(own, 9).id
    visible += level < depth ? 10 : ownPerBranch
  }
  return { leafId: parentId, visible }
}

type Sample = { name: string; run: (query: string) => Promise<number> }

const SEARCH_WORDS = ['refund', 'broken blender', 'invoice', 'password reset', 'delivery', 'laptop battery', 'warranty', 'escalation', 'tracking package']

function searchStrings(count: number): string[] {
  const random = seededRandom(42)
  const pick = () => at(SEARCH_WORDS, Math.floor(random() * SEARCH_WORDS.length))
  return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? `${pick()} and ${pick()}` : `${pick()} ${pick()} ${pick()}`))
}

/** Round-robin, query by query, after a warm-up: the samples see the same load. */
async function roundRobin(report: Report, table: string, db: BenchDatabase, samples: Sample[], extra: Record<string, number>): Promise<void> {
  const queries = searchStrings(queryCount)
  for (const query of queries.slice(0, 10)) for (const sample of samples) await sample.run(query)
  const stats = samples.map(() => ({ ms: [] as number[], returned: 0 }))
  for (const query of queries) {
    for (const [index, sample] of samples.entries()) {
      const result = await timed(() => sample.run(query))
      at(stats, index).ms.push(result.ms)
      at(stats, index).returned += result.value
    }
  }
  const baseline = ms(at(stats, 0).ms).p50
  for (const [index, sample] of samples.entries()) {
    const summary = ms(at(stats, index).ms)
    report.row(table, {
      db: db.kind,
      ...extra,
      operation: sample.name,
      'p50 ms': summary.p50,
      'p95 ms': summary.p95,
      'x first row (p50)': summary.p50 / baseline,
      'returned (avg)': Math.round(at(stats, index).returned / queries.length),
      queries: queries.length,
    })
  }
}

async function benchDeep(report: Report, db: BenchDatabase): Promise<void> {
  const memory = new Memory({ storage: db.storage, vector: db.vector, options: { lastMessages: 50 } })
  const root = await seedThread(db, { threadId: `deep-root-${deepSize}`, count: deepSize })
  const { leafId, visible } = await seedChain(db, memory, root, false)
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
  const count = await db.storage.countMessages(leafId)
  if (count !== visible) throw new Error(`the depth-${depth} branch reads ${count} messages, expected ${visible}`)
  report.note(`${db.kind}: depth-${depth} branch over a ${deepSize.toLocaleString('en-US')}-message root reads ${visible.toLocaleString('en-US')} messages`)
  await roundRobin(
    report,
    `last 50 on a depth-${depth} branch`,
    db,
    [
      { name: 'last 50 of the unbranched root (floor, memory.recall)', run: async () => (await memory.recall({ threadId: root.threadId })).messages.length },
      { name: `last 50 of the depth-${depth} branch (memory.recall)`, run: async () => (await memory.recall({ threadId: leafId })).messages.length },
      {
        name: `last 50 of the depth-${depth} branch (storage.listMessages)`,
        run: async () => (await db.storage.listMessages({ threadId: leafId, last: 50 })).length,
      },
    ],
    { 'root messages': deepSize, 'branch reads': visible },
  )
  await memory.deleteThread(root.threadId, { branches: 'delete' })
  await db.prisma.$executeRawUnsafe('VACUUM')
}

async function benchSemantic(report: Report, db: BenchDatabase): Promise<void> {
  const embedder = lexicalEmbedder()
  const plain = new Memory({ storage: db.storage, vector: db.vector })
  const root = await seedThread(db, { threadId: `semantic-root-${semanticSize}`, count: semanticSize })
  await seedVectors(db, root, { bulk: true })
  const { leafId, visible } = await seedChain(db, plain, root, true)
  // the comparison: an unbranched thread holding as many messages as the branch reads
  const flat = await seedThread(db, { threadId: `semantic-flat-${visible}`, count: visible, seed: 7 })
  await seedVectors(db, flat, { bulk: true })
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
  report.note(
    `${db.kind}: semantic: depth-${depth} branch reading ${visible.toLocaleString('en-US')} messages vs an unbranched thread of ${visible.toLocaleString('en-US')}`,
  )
  const recall = new Memory({
    storage: db.storage,
    vector: db.vector,
    embedder,
    options: { lastMessages: 50, semanticRecall: { topK: 10, messageRange: 1, scope: 'thread' } },
  })
  const vectorQuery = (threadId: string) => async (query: string) => {
    const embedding = at(await embedder.embed([query]), 0)
    return (await db.vector.queryVectors({ embedding, model: embedder.id, topK: 10, threadId })).length
  }
  await roundRobin(
    report,
    'semantic top-10 on a branch',
    db,
    [
      { name: 'top-10, unbranched thread (vector query)', run: vectorQuery(flat.threadId) },
      { name: `top-10, depth-${depth} branch (vector query)`, run: vectorQuery(leafId) },
      {
        name: 'top-10 + neighbours, unbranched (memory.recall, lastMessages: false)',
        run: async (query) => (await recall.recall({ threadId: flat.threadId, vectorSearchString: query, lastMessages: false })).messages.length,
      },
      {
        name: `top-10 + neighbours, depth-${depth} branch (memory.recall, lastMessages: false)`,
        run: async (query) => (await recall.recall({ threadId: leafId, vectorSearchString: query, lastMessages: false })).messages.length,
      },
    ],
    { 'messages read': visible },
  )
  await plain.deleteThread(root.threadId, { branches: 'delete' })
  await plain.deleteThread(flat.threadId)
}

// ---- 4. database size

const sizedTables = ['threads', 'messages', 'message_embeddings', 'message_overrides', 'working_memory_versions', 'observational_memory'] as const

type Sizes = Record<'database' | (typeof sizedTables)[number], number>

async function databaseSizes(db: BenchDatabase): Promise<Sizes> {
  const selects = sizedTables.map((table) => `pg_total_relation_size('${table}')::float8 AS ${table}`).join(', ')
  const rows = await db.prisma.$queryRawUnsafe<Sizes[]>(`SELECT pg_database_size(current_database())::float8 AS database, ${selects}`)
  return at(rows, 0)
}

async function benchSize(report: Report, db: BenchDatabase): Promise<void> {
  const memory = new Memory({ storage: db.storage, vector: db.vector })
  const source = await seedThread(db, { threadId: 'size-source', count: 10_000 })
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
  const before = await databaseSizes(db)
  const created: number[] = []
  for (let index = 0; index < branchCount; index++) {
    created.push((await timed(() => memory.branchThread({ sourceThreadId: source.threadId, title: `branch ${index}` }))).ms)
  }
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
  const after = await databaseSizes(db)
  const { bytes: rowBytes } = at(
    await db.prisma.$queryRawUnsafe<{ bytes: number }[]>(
      `SELECT coalesce(sum(pg_column_size(t.*)), 0)::float8 AS bytes FROM threads t WHERE branch_parent_id = 'size-source'`,
    ),
    0,
  )
  const clone = await memory.cloneThread({ sourceThreadId: source.threadId, newThreadId: 'size-clone' }, { returnMessages: false })
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
  const afterClone = await databaseSizes(db)
  const kib = (bytes: number) => Math.round(bytes / 1024)
  const row = (what: string, from: Sizes, to: Sizes, forks: number) => {
    const growth = Object.fromEntries((['database', ...sizedTables] as const).map((key) => [`${key} +KiB`, kib(to[key] - from[key])]))
    const others = sizedTables.filter((table) => table !== 'threads').reduce((sum, table) => sum + (to[table] - from[table]), 0)
    report.row('database growth: 1,000 branches vs one clone (10k-message thread)', {
      db: db.kind,
      forks: `${forks.toLocaleString('en-US')} ${what}`,
      'before KiB': kib(from.database),
      ...growth,
      'other tables +KiB': kib(others),
      'bytes per fork (database)': Math.round((to.database - from.database) / forks),
    })
  }
  row('branches', before, after, branchCount)
  row('clone', after, afterClone, 1)
  const summary = ms(created)
  report.note(
    `${db.kind}: ${branchCount} branches of a 10k thread: thread rows ${kib(rowBytes)} KiB of heap tuples (${Math.round(rowBytes / branchCount)} B each); ` +
      `branchThread p50 ${summary.p50.toFixed(2)} ms, p95 ${summary.p95.toFixed(2)} ms over the ${branchCount}; the clone copied ${Object.keys(clone.messageIdMap).length} messages`,
  )
  await memory.deleteThread('size-clone')
  await memory.deleteThread(source.threadId, { branches: 'delete' })
}

async function benchDatabase(report: Report, db: BenchDatabase): Promise<void> {
  if (only.has('create')) await benchCreate(report, db)
  // before the vector-heavy parts, whose deleted rows and index pages would blur the sizes
  if (only.has('size')) await benchSize(report, db)
  if (only.has('deep')) await benchDeep(report, db)
  // pgvector is only available on PGlite here (the Debian server has no package for it)
  if (only.has('semantic') && db.kind === 'pglite') await benchSemantic(report, db)
}

async function main(): Promise<void> {
  const kinds: DatabaseKind[] = selectedDatabaseKinds()
  const report = createReport('branch', { sizes, deepSize, semanticSize, branchCount, queries: queryCount, branchReps, databases: kinds, only: [...only] })
  await forEachBenchDatabase(kinds, (db) => benchDatabase(report, db))
  report.printTables()
  report.save()
}

await main()
