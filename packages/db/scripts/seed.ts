// Loads the demo data into the database of DATABASE_URL (default: the embedded
// PGlite folder .data/threadline at the repo root), migrating it first.
// Once per database (a marker row): a later run writes nothing, so demo data
// an operator deleted stays deleted. On PostgreSQL only when asked: `--demo`
// or THREADLINE_DEMO_DATA=on (the demo operator's password is published).
import { parseArgs } from 'node:util'
import { resolveEmbedder, VectorExtensionMissingError } from '@threadline/engine'
import { resolveEmbeddingModelOrLocal } from '@threadline/local-embedder'
import { openDatabase, type Database } from '../src/index.ts'
import {
  DEMO_DATA_ENV,
  demoOperator,
  demoSeededBefore,
  demoSeedWanted,
  indexDemoData,
  markDemoSeeded,
  seedDemoCalls,
  seedDemoData,
  seedDemoOperator,
} from '../src/seed/index.ts'

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

async function seedDemoOnce(database: Database): Promise<void> {
  if (await demoSeededBefore(database.prisma)) {
    console.log(`Demo data was seeded here before (${database.kind}): not again, so what was deleted stays deleted.`)
    return
  }
  const report = await seedDemoData(database.storage)
  console.log(
    `Demo data seeded (${database.kind}): ${report.threads} threads, ${report.messages} messages, ${report.clones} clones, ` +
      `${report.workingMemories} working memories, ${report.observationalMemoryRecords} observational-memory records.`,
  )
  const calls = await seedDemoCalls(database.callLog)
  if (calls > 0) console.log(`Demo LLM calls recorded: ${calls}.`)
  if (await seedDemoOperator(database.prisma)) {
    console.log(`Demo operator created: ${demoOperator.email} / ${demoOperator.password}`)
  }
  await markDemoSeeded(database.prisma)
}

const { values } = parseArgs({ options: { demo: { type: 'boolean', default: false } } })
const database = await openDatabase(process.env.DATABASE_URL || undefined, { migrate: true }).catch((error: unknown) => {
  // e.g. DatabaseInUseError: the message names the process that holds the embedded folder
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
try {
  if (demoSeedWanted(database.kind, { flag: values.demo, env: process.env[DEMO_DATA_ENV] })) {
    await seedDemoOnce(database)
    await indexWithConfiguredModel(database)
  } else {
    console.log(
      `Migrated; no demo data on PostgreSQL unless asked (its operator's password is public): pass --demo (npm start -- --demo) or set ${DEMO_DATA_ENV}=on. ` +
        'Create the first operator with THREADLINE_ADMIN_EMAIL and THREADLINE_ADMIN_PASSWORD, or the first API token with pnpm token:create.',
    )
  }
} finally {
  await database.close()
}
