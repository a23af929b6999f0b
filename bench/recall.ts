// Recall benchmark (issue 8, part 4): on a 100k-message thread, the last 50
// messages and semantic top-10 (PGlite with pgvector and the migration's HNSW
// index), p50/p95 over many queries. The last-50 read also runs on the
// PostgreSQL server (it has no pgvector here). The full-text arm alone
// (storage.searchText) runs beside its floor (issue 32): plain BM25 in this
// process over the same messages' texts (bench/recall-quality/bm25.ts, index
// built before timing), for the mixed queries and for one whose words occur
// in nearly every message.
//
//   pnpm exec tsx bench/recall.ts [--sizes=100000] [--db=pglite,postgres] [--queries=200]
//   pnpm bench recall --sizes=1000,100000     the issue-32 sizes
import { Prisma, textCandidatesSql, vectorQuerySql } from '@threadline/db'
import { lexicalEmbedder } from '@threadline/db/seed'
import { Memory, messageEmbeddingText } from '@threadline/engine'
import { flagValue, selectedSizes } from './lib/args.ts'
import { itemAt } from './lib/item-at.ts'
import { forEachBenchDatabase, selectedDatabaseKinds, type BenchDatabase } from './lib/databases.ts'
import { summarize, timed } from './lib/measure.ts'
import { seededRandom } from './lib/messages.ts'
import { createReport, type Report } from './lib/report.ts'
import { seedThread, seedVectors } from './lib/seed.ts'
import { bm25Index } from './recall-quality/bm25.ts'

const sizes = selectedSizes([100_000])
const queryCount = Number(flagValue('queries') ?? 200)

const SEARCH_WORDS = [
  'refund',
  'broken blender',
  'kitchen appliance',
  'return label',
  'invoice',
  'password reset',
  'delivery',
  'laptop battery',
  'deploy rollback',
  'latency',
  'subscription upgrade',
  'tracking package',
  'warranty',
  'escalation',
  'weekend schedule',
]

/** Words of bench/lib/messages.ts' vocabulary: together they occur in nearly every message. */
const MATCHES_EVERYTHING = 'order refund shipping invoice account password delivery support'

/** Search strings of two or three topics, the same every run. */
function searchStrings(count: number): string[] {
  const random = seededRandom(42)
  const pick = () => itemAt(SEARCH_WORDS, Math.floor(random() * SEARCH_WORDS.length))
  return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? `${pick()} and ${pick()}` : `${pick()} ${pick()} ${pick()}`))
}

type Sample = { name: string; run: (query: string) => Promise<number> }

/**
 * Every sample runs once per query, round-robin, so a burst of load from
 * other processes hits them all alike and their figures stay comparable.
 */
async function measure(report: Report, db: BenchDatabase, size: number, samples: Sample[]): Promise<void> {
  const queries = searchStrings(queryCount)
  for (const query of queries.slice(0, 10)) for (const sample of samples) await sample.run(query) // warm-up: plans, caches
  const stats = samples.map(() => ({ ms: [] as number[], cpuMs: 0, returned: 0 }))
  for (const query of queries) {
    for (const [index, sample] of samples.entries()) {
      const cpuBefore = process.cpuUsage()
      const result = await timed(() => sample.run(query))
      const cpu = process.cpuUsage(cpuBefore)
      const stat = itemAt(stats, index)
      stat.ms.push(result.ms)
      stat.cpuMs += (cpu.user + cpu.system) / 1000
      stat.returned += result.value
    }
  }
  for (const [index, sample] of samples.entries()) {
    const stat = itemAt(stats, index)
    const summary = summarize(stat.ms)
    report.row('recall', {
      db: db.kind,
      messages: size,
      operation: sample.name,
      'p50 ms': summary.p50,
      'p95 ms': summary.p95,
      'p99 ms': summary.p99,
      'mean ms': summary.mean,
      // PGlite runs inside this process, so this is its whole cost, whatever else loads the machine
      'CPU ms/op (this process)': stat.cpuMs / queries.length,
      'messages returned (avg)': Math.round(stat.returned / queries.length),
      queries: queries.length,
    })
  }
}

/** Whether the planner answers the semantic query through the HNSW index (EXPLAIN, printed as a note). */
async function hnswPlan(db: BenchDatabase, threadId: string): Promise<string> {
  const embedder = lexicalEmbedder()
  const embedding = itemAt(await embedder.embed(['refund for a broken blender']), 0)
  const sql = vectorQuerySql({ embedding, model: embedder.id, topK: 10, threadId })
  const plan = await db.prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${sql}`)
  const lines = plan.map((row) => row['QUERY PLAN'])
  const scan = lines.find((line) => /Index Scan|Seq Scan|Bitmap/.test(line))?.trim() ?? lines.join(' / ')
  return scan
}

/**
 * Medians of PostgreSQL's own execution time (EXPLAIN ANALYZE, timing off) over `runs` runs of each of
 * `statements`, and of its planning time. Round-robin, so a burst of load hits them all alike.
 */
async function serverTimes(db: BenchDatabase, statements: Prisma.Sql[], runs: number): Promise<{ execution: number; planning: number }[]> {
  const times = statements.map(() => ({ execution: [] as number[], planning: [] as number[] }))
  for (let run = 0; run < runs; run++) {
    for (const [index, sql] of statements.entries()) {
      const [row] = await db.prisma.$queryRaw<{ 'QUERY PLAN': [{ 'Execution Time': number; 'Planning Time': number }] }[]>(
        Prisma.sql`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${sql}`,
      )
      const plan = row?.['QUERY PLAN'][0]
      if (plan === undefined) throw new Error('EXPLAIN returned no plan')
      itemAt(times, index).execution.push(plan['Execution Time'])
      itemAt(times, index).planning.push(plan['Planning Time'])
    }
  }
  return times.map((time) => ({ execution: summarize(time.execution).p50, planning: summarize(time.planning).p50 }))
}

/**
 * Where the text arm's time goes on the server (issue 32), printed as a note:
 * the full-text statement's execution and planning time; the walk alone (the
 * same loose tsquery, the thread's newest 2,000 matches, counted: no per-row
 * term extraction, no JSON); and the walk with each candidate's query terms
 * extracted as text (`ts_filter(setweight(...))::text`, summed: no JSON), the
 * least any statement that hands every candidate's terms to the process costs.
 */
async function fullTextServerTimes(db: BenchDatabase, threadId: string): Promise<string> {
  const parts: string[] = []
  for (const query of [SEARCH_WORDS.slice(0, 2).join(' and '), MATCHES_EVERYTHING]) {
    // as the statement does: the terms are extracted in the walk, before the sort
    const walkSql = (columns: Prisma.Sql, output: Prisma.Sql) =>
      Prisma.sql`WITH tsq AS MATERIALIZED (SELECT replace(websearch_to_tsquery('english', ${query})::text, ' & ', ' | ')::tsquery AS loose),
        terms AS MATERIALIZED (SELECT array_agg(DISTINCT q.lexeme) AS lexemes FROM unnest(to_tsvector('english', ${query})) q)
        SELECT ${output} FROM (SELECT ${columns} FROM tsq, terms, messages m WHERE m.thread_id = ${threadId} AND m.search_text @@ tsq.loose
          ORDER BY m.created_at DESC, m.id DESC LIMIT 2000) w`
    const times = await serverTimes(
      db,
      [
        textCandidatesSql({ query, topK: 10, threadId }),
        walkSql(Prisma.sql`m.id`, Prisma.sql`count(*)`),
        walkSql(Prisma.sql`ts_filter(setweight(m.search_text, 'A', terms.lexemes), '{a}')::text AS hits`, Prisma.sql`sum(length(w.hits))`),
      ],
      50,
    )
    const [statement, walk, terms] = [itemAt(times, 0), itemAt(times, 1), itemAt(times, 2)]
    parts.push(
      `"${query}": statement ${statement.execution.toFixed(2)} ms executing (+${statement.planning.toFixed(2)} planning, unprepared), the walk alone ${walk.execution.toFixed(2)} ms, with the terms as text ${terms.execution.toFixed(2)} ms`,
    )
  }
  return parts.join('; ')
}

async function benchDatabase(report: Report, db: BenchDatabase): Promise<void> {
  for (const size of sizes) {
    const seedStart = performance.now()
    const source = await seedThread(db, { threadId: `recall-${size}`, count: size })
    let semantic = false
    if (db.kind === 'pglite') {
      await seedVectors(db, source, { bulk: true })
      semantic = true
    }
    await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
    report.note(
      `${db.kind}: seeded ${size.toLocaleString('en-US')} messages${semantic ? ' with vectors and the HNSW index' : ''} in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    )
    const threadId = source.threadId
    const plain = new Memory({ storage: db.storage, vector: db.vector, options: { lastMessages: 50 } })
    const text = new Memory({ storage: db.storage, options: { lastMessages: 50, semanticRecall: { topK: 10, messageRange: 1, scope: 'thread' } } })
    const floor = bm25Index(source.messages.map((message) => ({ id: message.id, text: messageEmbeddingText(message) })))
    const searchText = async (query: string) => (await db.storage.searchText({ query, topK: 10, threadId })).length
    const samples: Sample[] = [
      // what any statement costs through this client: the round trip and Prisma's own work
      { name: 'SELECT 1 (same Prisma client: the round-trip floor)', run: async () => (await db.prisma.$queryRaw<unknown[]>`SELECT 1`).length },
      { name: 'text top-10 only (storage.searchText: the SQL full-text arm)', run: searchText },
      { name: 'BM25 floor top-10 (in-process, same messages)', run: (query) => Promise.resolve(floor.search(query, 10).length) },
      { name: `text top-10 only, words in ~every message ("${MATCHES_EVERYTHING}")`, run: () => searchText(MATCHES_EVERYTHING) },
      { name: 'BM25 floor top-10, words in ~every message', run: () => Promise.resolve(floor.search(MATCHES_EVERYTHING, 10).length) },
      {
        // issue 16: the full-text arm alone, what a Memory without an embedding model recalls with (works without pgvector)
        name: 'text top-10 + neighbours (memory.recall, mode text, lastMessages: false)',
        run: async (query) => (await text.recall({ threadId, vectorSearchString: query, lastMessages: false })).messages.length,
      },
      { name: 'last 50 (memory.recall, no search)', run: async () => (await plain.recall({ threadId })).messages.length },
      {
        // what memory.recall did before the fix in this issue: it looked the thread up before every read
        name: 'last 50, thread looked up first (recall before the fix)',
        run: async () => {
          await db.storage.getThreadById(threadId)
          return (await db.storage.listMessages({ threadId, last: 50 })).length
        },
      },
    ]
    if (db.kind === 'postgres') report.note(`postgres: full-text server time, median of 50 (EXPLAIN ANALYZE): ${await fullTextServerTimes(db, threadId)}`)
    if (semantic) {
      report.note(`${db.kind}: semantic query plan: ${await hnswPlan(db, threadId)}`)
      const embedder = lexicalEmbedder()
      const recall = new Memory({
        storage: db.storage,
        vector: db.vector,
        embedder,
        options: { lastMessages: 50, semanticRecall: { topK: 10, messageRange: 1, scope: 'thread' } },
      })
      samples.push(
        {
          name: 'semantic top-10 only (vector query, query embedded)',
          run: async (query) => {
            const embedding = itemAt(await embedder.embed([query]), 0)
            return (await db.vector.queryVectors({ embedding, model: embedder.id, topK: 10, threadId })).length
          },
        },
        {
          name: 'semantic top-10 + neighbours (memory.recall, lastMessages: false)',
          run: async (query) => (await recall.recall({ threadId, vectorSearchString: query, lastMessages: false, mode: 'vector' })).messages.length,
        },
        {
          name: 'hybrid top-10 + neighbours (memory.recall, text + vector fused, lastMessages: false)',
          run: async (query) => (await recall.recall({ threadId, vectorSearchString: query, lastMessages: false, mode: 'hybrid' })).messages.length,
        },
        {
          name: 'last 50 + semantic top-10 (memory.recall)',
          run: async (query) => (await recall.recall({ threadId, vectorSearchString: query, mode: 'vector' })).messages.length,
        },
      )
    }
    await measure(report, db, size, samples)
    await db.storage.deleteThread(threadId)
  }
}

const kinds = selectedDatabaseKinds()
const report = createReport('recall', { sizes, queries: queryCount, databases: kinds })
await forEachBenchDatabase(kinds, (db) => benchDatabase(report, db))
report.printTables()
report.save()
