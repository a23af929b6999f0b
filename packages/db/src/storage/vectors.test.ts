import { InvalidInputError, VectorExtensionMissingError } from '@threadline/engine'
import type { MessageVector } from '@threadline/engine/storage'
import { beforeAll, expect, it } from 'vitest'
import { Prisma } from '../generated/prisma/client.ts'
import { describeEachDatabase, textMessage } from '../testing/index.ts'
import { indexedDimensions, vectorQuerySql } from './vectors.ts'

const resourceId = 'vec-r'
const model = 'test/embedder'

/** A `dimensions`-long vector with the given leading components. */
function vec(dimensions: number, ...leading: number[]): number[] {
  return Array.from({ length: dimensions }, (_, i) => leading[i] ?? 0)
}

describeEachDatabase('vectors', (getDb, kind) => {
  let hasPgvector = false
  beforeAll(async () => {
    const { prisma, storage } = getDb()
    const [row] = await prisma.$queryRaw<{ available: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available`
    hasPgvector = row!.available
    await storage.createThread({ id: 'vec-t1', resourceId })
    await storage.createThread({ id: 'vec-t2', resourceId: 'vec-other' })
    await storage.insertMessages([
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => textMessage({ id, threadId: 'vec-t1', resourceId, at: 1000 * i })),
      textMessage({ id: 'z', threadId: 'vec-t2', resourceId: 'vec-other', at: 0 }),
    ])
  })

  const entry = (messageId: string, embedding: number[], extra: Partial<MessageVector> = {}): MessageVector => ({
    messageId,
    threadId: 'vec-t1',
    resourceId,
    embedding,
    model,
    dimensions: embedding.length,
    ...extra,
  })

  it.runIf(kind === 'pglite')('has pgvector on PGlite', () => {
    expect(hasPgvector).toBe(true)
  })

  it('answers 384-dimension queries through the partial HNSW index', async (ctx) => {
    if (!hasPgvector) ctx.skip()
    const { vector, prisma } = getDb()
    const dims = indexedDimensions
    await vector.upsertVectors([
      entry('e', vec(dims, 0, 1)),
      entry('c', vec(dims, 1, 0.1), { model: 'hash-384' }),
      entry('e', vec(dims, 0, 1), { model: 'hash-384' }),
    ])
    const query = { embedding: vec(dims, 1), model: 'hash-384', topK: 2 }
    expect((await vector.queryVectors(query)).map((m) => m.messageId)).toEqual(['c', 'e'])
    // vectors of another size under the same model are not compared with a query
    const small = await vector.queryVectors({ embedding: [0, 1, 0], model, topK: 10, threadId: 'vec-t1' })
    expect(small.map((m) => m.messageId)).not.toContain('e')

    const plan = await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL enable_seqscan = off`
      return tx.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${vectorQuerySql(query)}`)
    })
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('message_embeddings_embedding_384_hnsw_idx')
  })

  it("counts a thread's messages and those with a vector of one model, in one query", async (ctx) => {
    if (!hasPgvector) ctx.skip()
    const { storage, vector } = getDb()
    await storage.createThread({ id: 'vec-count', resourceId })
    await storage.insertMessages(['p', 'q', 'r'].map((id, i) => textMessage({ id: `count-${id}`, threadId: 'vec-count', resourceId, at: i })))
    expect(await vector.countThreadVectors({ threadId: 'vec-count', model })).toEqual({ messages: 3, withVector: 0 })
    await vector.upsertVectors([
      entry('count-p', [1, 0], { threadId: 'vec-count' }),
      entry('count-q', [0, 1], { threadId: 'vec-count' }),
      entry('count-q', [0, 1], { threadId: 'vec-count', model: 'other/model' }),
      entry('count-r', [1, 1], { threadId: 'vec-count', model: 'other/model' }),
    ])
    expect(await vector.countThreadVectors({ threadId: 'vec-count', model })).toEqual({ messages: 3, withVector: 2 })
    expect(await vector.countThreadVectors({ threadId: 'vec-count', model: 'other/model' })).toEqual({ messages: 3, withVector: 2 })
    expect(await vector.countThreadVectors({ threadId: 'vec-count', model: 'unused/model' })).toEqual({ messages: 3, withVector: 0 })
    expect(await vector.countThreadVectors({ threadId: 'no-such-thread', model })).toEqual({ messages: 0, withVector: 0 })
  })

  it('refuses the same message twice', async (ctx) => {
    if (!hasPgvector) ctx.skip()
    const { vector } = getDb()
    await expect(vector.upsertVectors([entry('a', [1, 0]), entry('a', [0, 1])])).rejects.toBeInstanceOf(InvalidInputError)
  })

  it('reports the missing pgvector extension by name on a server without it, while the rest works', async (ctx) => {
    if (hasPgvector) ctx.skip()
    const { vector, storage } = getDb()
    const calls = [
      () => vector.upsertVectors([entry('a', [1, 0, 0])]),
      () => vector.queryVectors({ embedding: [1, 0, 0], model, topK: 3 }),
      () => vector.listVectorMessageIds(['a'], model),
      () => vector.copyVectors({ messageIdMap: { a: 'b' }, model, threadId: 'vec-t1', resourceId }),
      () => vector.deleteVectorsForThread('vec-t1'),
      () => vector.countThreadVectors({ threadId: 'vec-t1', model }),
    ]
    for (const call of calls) {
      const error = await call().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(VectorExtensionMissingError)
      expect((error as Error).message).toMatch(/"vector" extension \(pgvector\)/)
      expect((error as Error).message).toMatch(/pg_available_extensions/)
    }
    const copied = await storage.copyMessages({ sourceThreadId: 'vec-t1', messageIds: ['a'], targetThreadId: 'vec-t2', targetResourceId: 'vec-other' })
    expect(copied.count).toBe(1)
    expect(await storage.transaction(async (tx) => tx.vector?.queryVectors({ embedding: [1], model, topK: 1 }).catch((e: unknown) => e))).toBeInstanceOf(
      VectorExtensionMissingError,
    )
  })
})
