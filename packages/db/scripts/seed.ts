// Loads the demo data into the database of DATABASE_URL (default: the embedded
// PGlite folder .data/threadline at the repo root), migrating it first.
// Idempotent: a second run writes nothing.
import { resolveEmbedder, VectorExtensionMissingError } from '@threadline/engine'
import { resolveEmbeddingModelOrLocal } from '@threadline/local-embedder'
import { openDatabase, type Database } from '../src/index.ts'
import { demoOperator, indexDemoData, seedDemoCalls, seedDemoData, seedDemoOperator } from '../src/seed/index.ts'

/** With THREADLINE_EMBEDDING_MODEL (as the server reads it), the demo data is embedded now: vector recall works on first start. */
async function indexWithConfiguredModel(database: Database): Promise<void> {
  const model = process.env.THREADLINE_EMBEDDING_MODEL?.trim()
  if (!model) return
  const embedder = resolveEmbedder(resolveEmbeddingModelOrLocal(model, process.env))
  try {
    const jobs = await indexDemoData(database, embedder)
    for (const job of jobs) {
      console.log(
        `Indexed ${job.resourceId} with ${embedder.id}: ${job.state}, ${job.done} of ${job.total} messages${job.lastError ? ` (${job.lastError}; the server retries it)` : ''}.`,
      )
    }
  } catch (error) {
    if (!VectorExtensionMissingError.isInstance(error)) throw error
    console.log(`Not indexed: ${error.message}. Recall stays full-text.`)
  }
}

const database = await openDatabase(process.env.DATABASE_URL || undefined, { migrate: true }).catch((error: unknown) => {
  // e.g. DatabaseInUseError: the message names the process that holds the embedded folder
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
try {
  const report = await seedDemoData(database.storage)
  const written = Object.values(report).some((count) => count > 0)
  console.log(
    written
      ? `Demo data seeded (${database.kind}): ${report.threads} threads, ${report.messages} messages, ${report.clones} clones, ` +
          `${report.workingMemories} working memories, ${report.observationalMemoryRecords} observational-memory records.`
      : `Demo data already present (${database.kind}): nothing to do.`,
  )
  const calls = await seedDemoCalls(database.callLog)
  if (calls > 0) console.log(`Demo LLM calls recorded: ${calls}.`)
  await indexWithConfiguredModel(database)
  if (await seedDemoOperator(database.prisma)) {
    console.log(`Demo operator created: ${demoOperator.email} / ${demoOperator.password}`)
  }
} finally {
  await database.close()
}
