// Recall quality (issues 16, 32): evidence recall@5, recall@10 and MRR of each
// recall mode on two labelled sets, with plain BM25 computed in the same run
// over the same texts as the floor. Every question is searched across its
// person's sessions (Memory.searchMessages, resource scope), top 10.
//
//   RECALL_EVAL_DATA=<REALTALK clone>/data RECALL_EMBEDDING_CACHE=<folder outside the repo> \
//     pnpm bench recall-quality [--seed=16] [--db=pglite,postgres]
//
// The sets: 'generated' (bench/recall-quality/dataset.ts, deterministic seed;
// 3,000+ messages, 300+ questions) and 'REALTALK' (real conversations,
// bench/recall-quality/realtalk.ts; read from RECALL_EVAL_DATA, skipped with a
// note on how to get it when absent). Each set is split in halves by person:
// the first half tunes, the second is held out (REALTALK: chats 1-5 / 6-10;
// generated: persons 1-3 / 4-6); every row is reported on both halves.
// Systems: 'text' (PostgreSQL full-text: what a Memory without an embedding
// model uses), 'vector' and 'hybrid' with a real sentence-embedding model that
// runs offline (@threadline/local-embedder; PGlite only: the test PostgreSQL
// server has no pgvector), and 'BM25 floor'. Then the hybrid fusion's
// parameters tuned on the tuning halves and reported on the held-out ones
// (recall-quality/fusion-tuning.ts).
import os from 'node:os'
import path from 'node:path'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { Memory, messageEmbeddingText, type RankedMatch, type RecallHit, type RecallMode } from '@threadline/engine'
import { universalSentenceEncoder } from '@threadline/local-embedder'
import { flagValue } from './lib/args.ts'
import { forEachBenchDatabase, selectedDatabaseKinds, type BenchDatabase } from './lib/databases.ts'
import { createReport, resultsDir } from './lib/report.ts'
import { bm25Index } from './recall-quality/bm25.ts'
import { buildEvalSet, type EvalSet } from './recall-quality/dataset.ts'
import { cachedEmbeddingModel } from './recall-quality/embedding-cache.ts'
import { bestFusion, DEFAULT_FUSION, fuse, splitByPerson, type ArmRuns } from './recall-quality/fusion-tuning.ts'
import { meanReciprocalRank, recallAt, type Ranked } from './recall-quality/metrics.ts'
import { loadRealtalk, REALTALK_HOW_TO_GET } from './recall-quality/realtalk.ts'

const TOP_K = 10
const seed = Number(flagValue('seed') ?? 16)
type NamedSet = { name: string; set: EvalSet }
const sets: NamedSet[] = [{ name: 'generated', set: buildEvalSet({ seed }) }]
const realtalkDir = process.env.RECALL_EVAL_DATA
if (realtalkDir !== undefined && existsSync(realtalkDir)) sets.push({ name: 'REALTALK', set: loadRealtalk(realtalkDir) })
const report = createReport(
  'recall-quality',
  Object.fromEntries(sets.map(({ name, set }) => [name, { messages: set.messages.length, people: set.threads.length, questions: set.questions.length }])),
)
if (sets.length === 1)
  report.note(`REALTALK skipped: RECALL_EVAL_DATA ${realtalkDir === undefined ? 'is not set' : `'${realtalkDir}' does not exist`}. ${REALTALK_HOW_TO_GET}`)
const QUALITY = 'recall quality'
const TUNING = 'hybrid fusion tuned on the tuning half, reported on the held-out half'

type Searched = Ranked & { resourceId: string; question: string; hits: RecallHit[] }
const cacheDir = process.env.RECALL_EMBEDDING_CACHE
const localEncoder = universalSentenceEncoder()
// loaded before any database opens: TensorFlow's WASM backend failed to initialise when first used after PGlite's
await localEncoder.doEmbed({ values: ['load the model'] })
const encoder = cacheDir ? cachedEmbeddingModel(localEncoder, cacheDir) : { ...localEncoder, save: () => undefined }

function addRows(table: string, db: string, system: string, name: string, results: (Ranked & { resourceId: string })[]): void {
  const { tune, heldOut } = splitByPerson(results)
  for (const [half, ranked] of [
    ['tune', tune],
    ['held-out', heldOut],
  ] as const) {
    report.row(table, {
      set: name,
      half,
      db,
      system,
      'recall@5 %': Number(recallAt(ranked, 5).toFixed(1)),
      'recall@10 %': Number(recallAt(ranked, TOP_K).toFixed(1)),
      MRR: Number(meanReciprocalRank(ranked, TOP_K).toFixed(3)),
      questions: ranked.length,
    })
  }
}

/** The BM25 floor: one index per person, as the searches are per person. */
function bm25Results(set: EvalSet): (Ranked & { resourceId: string })[] {
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

async function search(memory: Memory, set: EvalSet, mode: RecallMode, topK: number): Promise<Searched[]> {
  const results: Searched[] = []
  for (const q of set.questions) {
    const found = await memory.searchMessages({ resourceId: q.resourceId, query: q.question, topK, mode, messageRange: 0 })
    results.push({
      resourceId: q.resourceId,
      question: q.question,
      evidenceIds: q.evidenceIds,
      rankedIds: found.results.map((r) => r.message.id),
      hits: found.results,
    })
  }
  return results
}

/** Saves every set through a Memory (with the encoder: the first save stores the messages, a later one only embeds what has no vector). */
async function saveAll(db: BenchDatabase, kind: string, withEncoder: boolean): Promise<Memory> {
  const memory = new Memory({
    storage: db.storage,
    vector: db.vector,
    ...(withEncoder ? { embedder: encoder } : {}),
    options: { semanticRecall: { scope: 'resource' } },
  })
  for (const { name, set } of sets) {
    const started = performance.now()
    for (const thread of set.threads) {
      if (!withEncoder) await memory.createThread({ threadId: thread.id, resourceId: thread.resourceId, title: thread.title })
      await memory.saveMessages({ messages: set.messages.filter((m) => m.threadId === thread.id) })
    }
    const seconds = (performance.now() - started) / 1000
    report.note(
      `${kind}, ${name}: saved ${set.messages.length} messages${withEncoder ? ' with local sentence encoder vectors' : ''} in ${seconds.toFixed(1)} s ` +
        `(load average ${os.loadavg()[0]?.toFixed(1)})`,
    )
  }
  encoder.save()
  return memory
}

function hitMatch(hit: RecallHit): RankedMatch {
  return { messageId: hit.message.id, threadId: hit.message.threadId, score: hit.score }
}

/** Fusion parameters chosen on the tuning half (by recall@10), reported on the held-out half beside the defaults. */
function tuningRows(kind: string, name: string, text: Searched[], vector: Searched[]): ArmRuns[] {
  const runs: ArmRuns[] = text.map((t, i) => ({
    resourceId: t.resourceId,
    question: t.question,
    evidenceIds: t.evidenceIds,
    text: t.hits.map(hitMatch),
    vector: (vector[i]?.hits ?? []).map(hitMatch),
  }))
  const chosen = bestFusion(splitByPerson(runs).tune, TOP_K)
  addRows(TUNING, kind, `hybrid, defaults (${JSON.stringify(DEFAULT_FUSION)})`, name, fuse(runs, DEFAULT_FUSION, TOP_K))
  addRows(TUNING, kind, `hybrid, tuned (${JSON.stringify(chosen)})`, name, fuse(runs, chosen, TOP_K))
  return runs
}

async function benchDatabase(db: BenchDatabase, kind: string): Promise<void> {
  let memory = await saveAll(db, kind, false)
  await db.prisma.$executeRawUnsafe('VACUUM ANALYZE')
  for (const { name, set } of sets) addRows(QUALITY, kind, 'text (default, no embedding model)', name, await search(memory, set, 'text', TOP_K))
  if (kind !== 'pglite') return
  memory = await saveAll(db, kind, true)
  const runs: Record<string, ArmRuns[]> = {}
  for (const { name, set } of sets) {
    for (const mode of ['vector', 'hybrid'] as const) addRows(QUALITY, kind, `${mode} (local sentence encoder)`, name, await search(memory, set, mode, TOP_K))
    // each arm as deep as Memory's hybrid search reads it: topK x 2 asked, 4 candidates each (hybridCandidates)
    const depth = TOP_K * 2 * 4
    runs[name] = tuningRows(kind, name, await search(memory, set, 'text', depth), await search(memory, set, 'vector', depth))
  }
  // the arms of every question, for trying fusions without a database (bench/results is gitignored)
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(path.join(resultsDir, 'recall-quality-arms.json'), JSON.stringify(runs))
  encoder.save() // the questions' vectors too
}

for (const { name, set } of sets) addRows(QUALITY, '-', 'BM25 floor (same run)', name, bm25Results(set))
await forEachBenchDatabase(selectedDatabaseKinds(), benchDatabase)
report.printTables()
report.save()
