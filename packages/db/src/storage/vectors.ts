// The vector store: pgvector through raw SQL (Prisma cannot express vector
// types). Every method first checks that this database has pgvector and throws
// VectorExtensionMissingError when it does not (a PostgreSQL server without
// the extension): the store is always there, so the engine tells by the error.
import { InvalidInputError, MessageNotFoundError } from '@threadline/engine'
import type { MessageVector, VectorMatch, VectorQuery, VectorStore } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import { atomically, type StorageContext } from './context.ts'
import { effectiveLevelsSql, withinLevelSql } from './effective-history.ts'

/** The size the migration's partial HNSW index covers (the demo lexical embedder's, and common small models'). */
export const indexedDimensions = 384

const upsertChunkSize = 1_000

/**
 * Thread scope reads the thread's EFFECTIVE history (effective-history.ts): the
 * vectors of its visible levels (an index scan on (thread_id, model) per
 * level), an ancestor's only up to the cut. Nothing is copied for a branch.
 */
const inEffectiveHistory = Prisma.sql`thread_id = ANY(ARRAY(SELECT id FROM levels))
  AND EXISTS (
    SELECT 1 FROM levels l WHERE l.id = message_embeddings.thread_id
      AND (l.depth = 0 OR EXISTS (SELECT 1 FROM messages m WHERE m.id = message_embeddings.message_id AND ${withinLevelSql('m', 'l')})))`

/**
 * The nearest-neighbour query. For 384 dimensions the ordered expression and the
 * `dimensions = 384` predicate are literally the index's, so the planner can use it.
 */
export function vectorQuerySql(query: VectorQuery): Prisma.Sql {
  const dimensions = query.embedding.length
  const indexed = dimensions === indexedDimensions
  const column = Prisma.raw(indexed ? `embedding::vector(${indexedDimensions})` : 'embedding')
  const target = Prisma.sql`${JSON.stringify(query.embedding)}${Prisma.raw(indexed ? `::vector(${indexedDimensions})` : '::vector')}`
  const conditions = [
    Prisma.sql`model = ${query.model}`,
    indexed ? Prisma.raw(`dimensions = ${indexedDimensions}`) : Prisma.sql`dimensions = ${dimensions}`,
    query.threadId === undefined ? null : inEffectiveHistory,
    query.resourceId === undefined ? null : Prisma.sql`resource_id = ${query.resourceId}`,
  ].filter((c): c is Prisma.Sql => c !== null)
  return Prisma.sql`
    ${query.threadId === undefined ? Prisma.empty : Prisma.sql`WITH RECURSIVE ${effectiveLevelsSql(query.threadId)}`}
    SELECT message_id AS "messageId", thread_id AS "threadId", 1 - (${column} <=> ${target}) AS score
    FROM message_embeddings
    WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY ${column} <=> ${target}
    LIMIT ${query.topK}`
}

async function assertMessagesExist(ctx: StorageContext, ids: string[]): Promise<void> {
  const missing = await ctx.db.$queryRaw<{ id: string }[]>`
    SELECT wanted.id FROM unnest(${ids}::text[]) AS wanted(id)
    WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = wanted.id)
    LIMIT 100`
  if (missing.length > 0) throw new MessageNotFoundError(missing.map((row) => row.id))
}

/**
 * The upsert of `vectors`, sent as one JSON parameter and read as rows `r`;
 * `narrow` (a JOIN and WHERE on `r`) keeps some of them (the index job's
 * one-statement write, index-job-store.ts).
 */
export function upsertVectorsSql(vectors: MessageVector[], narrow: Prisma.Sql = Prisma.empty): Prisma.Sql {
  const rows = vectors.map((v) => ({ ...v, embedding: JSON.stringify(v.embedding) }))
  return Prisma.sql`
    INSERT INTO message_embeddings (message_id, model, thread_id, resource_id, dimensions, embedding)
    SELECT r."messageId", r.model, r."threadId", r."resourceId", r.dimensions, r.embedding::vector
    FROM json_to_recordset(${JSON.stringify(rows)}::json)
      AS r("messageId" text, model text, "threadId" text, "resourceId" text, dimensions int, embedding text)
    ${narrow}
    ON CONFLICT (message_id, model) DO UPDATE SET thread_id = EXCLUDED.thread_id, resource_id = EXCLUDED.resource_id,
      dimensions = EXCLUDED.dimensions, embedding = EXCLUDED.embedding, created_at = now()`
}

async function upsertVectors(ctx: StorageContext, vectors: MessageVector[]): Promise<void> {
  await ctx.vectorSupport.ensure(ctx.db)
  if (vectors.length === 0) return
  const keys = new Set(vectors.map((v) => `${v.messageId}\u0000${v.model}`))
  if (keys.size < vectors.length) throw new InvalidInputError('vectors', 'the same message and model appear twice')
  await atomically(ctx, async (tx) => {
    await assertMessagesExist(tx, [...new Set(vectors.map((v) => v.messageId))])
    for (let start = 0; start < vectors.length; start += upsertChunkSize) {
      await tx.db.$executeRaw(upsertVectorsSql(vectors.slice(start, start + upsertChunkSize)))
    }
  })
}

async function queryVectors(ctx: StorageContext, query: VectorQuery): Promise<VectorMatch[]> {
  const sql = vectorQuerySql(query)
  await ctx.vectorSupport.ensure(ctx.db)
  return ctx.db.$queryRaw<VectorMatch[]>(sql)
}

async function listVectorMessageIds(ctx: StorageContext, ids: string[], embeddingModel: string): Promise<string[]> {
  await ctx.vectorSupport.ensure(ctx.db)
  const rows = await ctx.db.$queryRaw<{ messageId: string }[]>`
    SELECT message_id AS "messageId" FROM message_embeddings
    WHERE model = ${embeddingModel} AND message_id = ANY(${ids}::text[]) AND embedding IS NOT NULL`
  return rows.map((row) => row.messageId)
}

/** ONE INSERT ... SELECT joining the id map (sent as two parallel text arrays). */
async function copyVectors(
  ctx: StorageContext,
  args: { messageIdMap: Record<string, string>; model: string; threadId: string; resourceId: string },
): Promise<number> {
  const { messageIdMap, model, threadId, resourceId } = args
  await ctx.vectorSupport.ensure(ctx.db)
  const pairs = Object.entries(messageIdMap)
  if (pairs.length === 0) return 0
  return atomically(ctx, async (tx) => {
    await assertMessagesExist(
      tx,
      pairs.map(([, newId]) => newId),
    )
    return tx.db.$executeRaw`
      INSERT INTO message_embeddings (message_id, model, thread_id, resource_id, dimensions, embedding, created_at)
      SELECT pair.new_id, e.model, ${threadId}, ${resourceId}, e.dimensions, e.embedding, e.created_at
      FROM unnest(${pairs.map(([oldId]) => oldId)}::text[], ${pairs.map(([, newId]) => newId)}::text[]) AS pair(old_id, new_id)
      JOIN message_embeddings e ON e.message_id = pair.old_id AND e.model = ${model}
      ON CONFLICT (message_id, model) DO NOTHING`
  })
}

async function deleteVectorsForThread(ctx: StorageContext, id: string): Promise<void> {
  await ctx.vectorSupport.ensure(ctx.db)
  await ctx.db.messageEmbedding.deleteMany({ where: { threadId: id } })
}

/** The thread's EFFECTIVE history LEFT JOIN its vectors of the model: both counts from one scan per visible level. */
async function countThreadVectors(ctx: StorageContext, args: { threadId: string; model: string }): Promise<{ messages: number; withVector: number }> {
  const { threadId, model } = args
  await ctx.vectorSupport.ensure(ctx.db)
  const [counts] = await ctx.db.$queryRaw<{ messages: number; withVector: number }[]>`
    WITH RECURSIVE ${effectiveLevelsSql(threadId)}
    SELECT count(*)::int AS messages, count(e.message_id)::int AS "withVector"
    FROM levels l
    JOIN messages m ON m.thread_id = l.id AND ${withinLevelSql('m', 'l')}
    LEFT JOIN message_embeddings e ON e.message_id = m.id AND e.model = ${model} AND e.embedding IS NOT NULL`
  // an aggregate without GROUP BY gives exactly one row
  return counts ?? { messages: 0, withVector: 0 }
}

export function createVectorStore(ctx: StorageContext): VectorStore {
  return {
    upsertVectors: (vectors) => upsertVectors(ctx, vectors),
    queryVectors: (query) => queryVectors(ctx, query),
    listVectorMessageIds: (messageIds, model) => listVectorMessageIds(ctx, messageIds, model),
    copyVectors: (args) => copyVectors(ctx, args),
    deleteVectorsForThread: (threadId) => deleteVectorsForThread(ctx, threadId),
    countThreadVectors: (args) => countThreadVectors(ctx, args),
  }
}
