// Recall quality (issue 16): evidence recall@5, recall@10 and MRR of each recall
// mode on a labelled set built by bench/recall-quality/dataset.ts (deterministic
// seed; 3,000+ messages, 300+ questions), with plain BM25 computed in the same
// run over the same texts as the floor. Every question is searched across its
// person's sessions (Memory.searchMessages, resource scope), top 10.
//
//   pnpm bench recall-quality [--seed=16] [--db=pglite,postgres]
//
// Systems: 'text' (PostgreSQL full-text: what a Memory without an embedding
// model uses), 'vector' and 'hybrid' with two embedders (PGlite only: the test
// PostgreSQL server has no pgvector): the lexical test embedder and a real
// sentence-embedding model that runs offline (@threadline/local-embedder), and
// 'BM25 floor'. Then the hybrid fusion (RRF weights, k) tuned on half of the
// people and reported on the other half (recall-quality/fusion-tuning.ts).
import os from 'node:os'
import type { EmbeddingModelV3 } from '@ai-sdk/provider'
import { lexicalEmbedder } from '@threadline/db/seed'
import { DEFAULT_ARM_WEIGHTS, Memory, messageEmbeddingText, RRF_K, type Embedder, type RankedMatch, type RecallHit, type RecallMode } from '@threadline/engine'
import { universalSentenceEncoder } from '@threadline/local-embedder'
import { flagValue } from './lib/args.ts'
import { forEachBenchDatabase, selectedDatabaseKinds, type BenchDatabase } from './lib/databases.ts'
import { createReport } from './lib/report.ts'
import { bm25Index } from './recall-quality/bm25.ts'
import { buildEvalSet } from './recall-quality/dataset.ts'
import { bestFusion, fuse, splitByPerson, type ArmRuns } from './recall-quality/fusion-tuning.ts'
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
const QUALITY = 'recall quality'
const TUNING = 'hybrid fusion tuned on half of the people, reported on the other half'

type Searched = Ranked & { resourceId: string; hits: RecallHit[] }
type NamedEmbedder = { label: string; model: Embedder | EmbeddingModelV3 }

function addRow(table: string, db: string, system: string, results: Ranked[]): void {
  report.row(table, {
    db,
    system,
    'recall@5 %': Number(recallAt(results, 5).toFixed(1)),
    'recall@10 %': Number(recallAt(results, TOP_K).toFixed(1)),
    MRR: Number(meanReciprocalRank(results, TOP_K).toFixed(3)),
    questions: results.length,
  })
}

/** The BM25 floor: one index per person, as the searches are per person. */
function bm25Results(): (Ranked & { resourceId: string })[] {
  const byPerson = new Map<string, { id: string; text: string }[]>()
  for (const message of set.messages) {
    const list = byPerson.get(message.resourceId) ?? []
    list.push({ id: message.id, text: messageEmbeddingText(message) })
    byPerson.set(message.resourceId, list)
  }
  const indexes = new Map([...byPerson].map(([person, documents]) => [person, bm25Index(documents)]))
  return set.questions.map((q) => ({
    resourceId: q.resourceId,
    evidenceIds: q.evidenceIds,
    rankedIds: indexes.get(q.resourceId)?.search(q.question, TOP_K) ?? [],
  }))
}

async function search(memory: Memory, mode: RecallMode, topK: number): Promise<Searched[]> {
  const results: Searched[] = []
  for (const q of set.questions) {
    const found = await memory.searchMessages({ resourceId: q.resourceId, query: q.question, topK, mode, messageRange: 0 })
    results.push({ resourceId: q.resourceId, evidenceIds: q.evidenceIds, rankedIds: found.results.map((r) => r.message.id), hits: found.results })
  }
  return results
}

/** Saves the set through a Memory with `embedder`: the first save stores the messages, a later one only embeds what has no vector of its model. */
async function saveAll(db: BenchDatabase, kind: string, embedder: NamedEmbedder | null): Promise<Memory> {
  const memory = new Memory({
    storage: db.storage,
    vector: db.vector,
    ...(embedder ? { embedder: embedder.model } : {}),
    options: { semanticRecall: { scope: 'resource' } },
  })
  const started = performance.now()
  for (const thread of set.threads) await memory.saveMessages({ messages: set.messages.filter((m) => m.threadId === thread.id) })
  const seconds = (performance.now() - started) / 1000
  report.note(
    `${kind}: saved ${set.messages.length} messages${embedder ? ` with ${embedder.label} vectors` : ''} in ${seconds.toFixed(1)} s ` +
      `= ${((seconds * 1000) / set.messages.length).toFixed(2)} s per 1,000 messages (load average ${os.loadavg()[0]?.toFixed(1)})`,
  )
  return memory
}

function hitMatch(hit: RecallHit): RankedMatch {
  return { messageId: hit.message.id, threadId: hit.message.threadId, score: hit.score }
}

/** RRF weight and k chosen on the first half of the people (by recall@10), reported on the held-out half beside the defaults. */
function tuningRows(kind: string, label: string, text: Searched[], vector: Searched[]): void {
  const runs: ArmRuns[] = text.map((t, i) => ({
    resourceId: t.resourceId,
    evidenceIds: t.evidenceIds,
    text: t.hits.map(hitMatch),
    vector: (vector[i]?.hits ?? []).map(hitMatch),
  }))
  const { tune, heldOut } = splitByPerson(runs)
  const chosen = bestFusion(tune, TOP_K)
  const defaults = { vectorWeight: DEFAULT_ARM_WEIGHTS.vector / DEFAULT_ARM_WEIGHTS.text, k: RRF_K }
  addRow(TUNING, kind, 'BM25 floor (same run)', splitByPerson(bm25Results()).heldOut)
  addRow(TUNING, kind, 'text', splitByPerson(text).heldOut)
  addRow(TUNING, kind, `hybrid (${label}), defaults: vector weight ${defaults.vectorWeight}, k ${defaults.k}`, fuse(heldOut, defaults, TOP_K))
  addRow(TUNING, kind, `hybrid (${label}), tuned: vector weight ${chosen.vectorWeight}, k ${chosen.k}`, fuse(heldOut, chosen, TOP_K))
}

async function benchDatabase(db: BenchDatabase, kind: string): Promise<void> {
  const vectors = kind === 'pglite'
  const embedders: NamedEmbedder[] = vectors
    ? [
        { label: 'lexical embedder', model: lexicalEmbedder() },
        { label: 'local sentence encoder', model: universalSentenceEncoder() },
      ]
    : []
  const textOnly = new Memory({ storage: db.storage })
  for (const thread of set.threads) await textOnly.createThread({ threadId: thread.id, resourceId: thread.resourceId, title: thread.title })
  let memory = await saveAll(db, kind, null)
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
  addRow(QUALITY, kind, 'text (default, no embedding model)', await search(memory, 'text', TOP_K))
  for (const embedder of embedders) {
    memory = await saveAll(db, kind, embedder)
    for (const mode of ['vector', 'hybrid'] as const) addRow(QUALITY, kind, `${mode} (${embedder.label})`, await search(memory, mode, TOP_K))
  }
  const last = embedders.at(-1)
  if (last === undefined) return
  // each arm as deep as Memory's hybrid search reads it: topK x 2 asked, 4 candidates each (hybridCandidates)
  const depth = TOP_K * 2 * 4
  tuningRows(kind, last.label, await search(memory, 'text', depth), await search(memory, 'vector', depth))
}

addRow(QUALITY, '-', 'BM25 floor (same run)', bm25Results())
await forEachBenchDatabase(selectedDatabaseKinds(), benchDatabase)
report.printTables()
report.save()
