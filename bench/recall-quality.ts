// Recall quality (issue 16): evidence recall@5, recall@10 and MRR of each recall
// mode on a labelled set built by bench/recall-quality/dataset.ts (deterministic
// seed; 3,000+ messages, 300+ questions), with plain BM25 computed in the same
// run over the same texts as the floor. Every question is searched across its
// person's sessions (Memory.searchMessages, resource scope), top 10.
//
//   pnpm bench recall-quality [--seed=16] [--db=pglite,postgres]
//
// Systems: 'text' (PostgreSQL full-text: what a Memory without an embedding
// model uses), 'vector' and 'hybrid' with the lexical embedder (PGlite only:
// the test PostgreSQL server has no pgvector), and 'BM25 floor'.
import { Memory, messageEmbeddingText, type RecallMode } from '@threadline/engine'
import { lexicalEmbedder } from '@threadline/db/seed'
import { flagValue } from './lib/args.ts'
import { forEachBenchDatabase, selectedDatabaseKinds, type BenchDatabase } from './lib/databases.ts'
import { createReport } from './lib/report.ts'
import { bm25Index } from './recall-quality/bm25.ts'
import { buildEvalSet } from './recall-quality/dataset.ts'
import { meanReciprocalRank, recallAt, type Ranked } from './recall-quality/metrics.ts'

const seed = Number(flagValue('seed') ?? 16)
const set = buildEvalSet({ seed })
const TOP_K = 10
const report = createReport('recall-quality', {
  seed,
  messages: set.messages.length,
  sessions: set.threads.length,
  people: new Set(set.threads.map((t) => t.resourceId)).size,
  questions: set.questions.length,
  topK: TOP_K,
})

function addRow(db: string, system: string, results: Ranked[]): void {
  report.row('recall quality', {
    db,
    system,
    'recall@5 %': Number(recallAt(results, 5).toFixed(1)),
    'recall@10 %': Number(recallAt(results, TOP_K).toFixed(1)),
    MRR: Number(meanReciprocalRank(results, TOP_K).toFixed(3)),
    questions: results.length,
  })
}

/** The BM25 floor: one index per person, as the searches are per person. */
function bm25Results(): Ranked[] {
  const byPerson = new Map<string, { id: string; text: string }[]>()
  for (const message of set.messages) {
    const list = byPerson.get(message.resourceId) ?? []
    list.push({ id: message.id, text: messageEmbeddingText(message) })
    byPerson.set(message.resourceId, list)
  }
  const indexes = new Map([...byPerson].map(([person, documents]) => [person, bm25Index(documents)]))
  return set.questions.map((q) => ({ evidenceIds: q.evidenceIds, rankedIds: indexes.get(q.resourceId)?.search(q.question, TOP_K) ?? [] }))
}

async function benchDatabase(db: BenchDatabase, kind: string): Promise<void> {
  const vectors = kind === 'pglite'
  const memory = new Memory({
    storage: db.storage,
    vector: db.vector,
    ...(vectors ? { embedder: lexicalEmbedder() } : {}),
    options: { semanticRecall: { scope: 'resource' } },
  })
  const seeding = performance.now()
  for (const thread of set.threads) await memory.createThread({ threadId: thread.id, resourceId: thread.resourceId, title: thread.title })
  for (const thread of set.threads) await memory.saveMessages({ messages: set.messages.filter((m) => m.threadId === thread.id) })
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
  report.note(
    `${kind}: stored ${set.messages.length} messages${vectors ? ' with lexical-embedder vectors' : ''} in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  )
  const modes: RecallMode[] = vectors ? ['text', 'vector', 'hybrid'] : ['text']
  for (const mode of modes) {
    const results: Ranked[] = []
    for (const q of set.questions) {
      const found = await memory.searchMessages({ resourceId: q.resourceId, query: q.question, topK: TOP_K, mode })
      results.push({ evidenceIds: q.evidenceIds, rankedIds: found.results.map((r) => r.message.id) })
    }
    addRow(kind, mode === 'text' ? 'text (default, no embedding model)' : `${mode} (lexical embedder)`, results)
  }
}

addRow('-', 'BM25 floor (same run)', bm25Results())
await forEachBenchDatabase(selectedDatabaseKinds(), benchDatabase)
report.printTables()
report.save()
