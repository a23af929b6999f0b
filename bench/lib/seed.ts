// Source threads for the benchmarks, written through the storage's own bulk
// insert (a few statements per 10k messages), with vectors when asked.
import type { Database } from '@threadline/db'
import { lexicalEmbedder } from '@threadline/db/seed'
import { messageEmbeddingText, type StoredMessage } from '@threadline/engine'
import { conversation, type ConversationOptions } from './messages.ts'
import { itemAt } from './item-at.ts'

const insertBatch = 10_000

export type SeededThread = { threadId: string; resourceId: string; messages: StoredMessage[] }

export async function seedThread(db: Database, options: Omit<ConversationOptions, 'resourceId'> & { resourceId?: string }): Promise<SeededThread> {
  const resourceId = options.resourceId ?? 'bench-resource'
  const messages = conversation({ ...options, resourceId })
  await db.storage.createThread({ id: options.threadId, resourceId, title: `bench ${options.count}` })
  for (let start = 0; start < messages.length; start += insertBatch) {
    await db.storage.insertMessages(messages.slice(start, start + insertBatch))
  }
  return { threadId: options.threadId, resourceId, messages }
}

const hnswIndex = 'message_embeddings_embedding_384_hnsw_idx'

/**
 * Embeds the messages with the demo lexical embedder (the one the demo server uses) and stores their
 * vectors. `bulk`: the migration's HNSW index is dropped for the load and
 * rebuilt from its own definition afterwards (one build is far cheaper than
 * 100k incremental inserts); the index then is exactly the migration's.
 */
export async function seedVectors(db: Database, seeded: SeededThread, options: { bulk: boolean }): Promise<{ model: string }> {
  const embedder = lexicalEmbedder()
  const definition = options.bulk
    ? (await db.prisma.$queryRawUnsafe<{ indexdef: string }[]>(`SELECT indexdef FROM pg_indexes WHERE indexname = '${hnswIndex}'`))[0]?.indexdef
    : undefined
  if (definition) await db.prisma.$executeRawUnsafe(`DROP INDEX ${hnswIndex}`)
  try {
    for (let start = 0; start < seeded.messages.length; start += 1000) {
      const batch = seeded.messages.slice(start, start + 1000)
      const embeddings = await embedder.embed(batch.map(messageEmbeddingText))
      await db.vector.upsertVectors(
        batch.map((message, index) => {
          const embedding = itemAt(embeddings, index)
          return {
            messageId: message.id,
            threadId: seeded.threadId,
            resourceId: seeded.resourceId,
            embedding,
            model: embedder.id,
            dimensions: embedding.length,
          }
        }),
      )
    }
  } finally {
    if (definition) {
      // an HNSW build whose graph does not fit maintenance_work_mem is many times slower
      await db.prisma.$transaction([db.prisma.$executeRawUnsafe(`SET LOCAL maintenance_work_mem = '1GB'`), db.prisma.$executeRawUnsafe(definition)])
    }
  }
  await db.prisma.$executeRawUnsafe('ANALYZE message_embeddings')
  return { model: embedder.id }
}
