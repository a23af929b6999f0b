import { InvalidInputError, MessageNotFoundError, VectorExtensionMissingError, type MessageVector } from '@threadline/engine'
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

  it('upserts vectors and returns nearest neighbours by cosine score, filtered by model, thread and resource', async (ctx) => {
    if (!hasPgvector) ctx.skip()
    const { vector } = getDb()
    await vector.upsertVectors([
      entry('a', [1, 0, 0]),
      entry('b', [1, 1, 0]),
      entry('c', [0, 1, 0]),
      entry('d', [-1, 0, 0]),
      entry('a', [0, 0, 1], { model: 'other/model' }),
      entry('z', [1, 0, 0], { threadId: 'vec-t2', resourceId: 'vec-other' }),
    ])
    const matches = await vector.queryVectors({ embedding: [1, 0, 0], model, topK: 3, threadId: 'vec-t1' })
    expect(matches.map((m) => m.messageId)).toEqual(['a', 'b', 'c'])
    expect(matches.map((m) => m.score)).toEqual([expect.closeTo(1, 5), expect.closeTo(Math.SQRT1_2, 5), expect.closeTo(0, 5)])
    expect(matches[0]!.threadId).toBe('vec-t1')

    const acrossResource = await vector.queryVectors({ embedding: [1, 0, 0], model, topK: 10, resourceId: 'vec-other' })
    expect(acrossResource.map((m) => m.messageId)).toEqual(['z'])
    const otherModel = await vector.queryVectors({ embedding: [0, 0, 1], model: 'other/model', topK: 10 })
    expect(otherModel.map((m) => m.messageId)).toEqual(['a'])

    // an upsert replaces the vector
    await vector.upsertVectors([entry('d', [1, 0, 0])])
    const after = await vector.queryVectors({ embedding: [1, 0, 0], model, topK: 2, threadId: 'vec-t1' })
    expect(after.map((m) => m.messageId).sort()).toEqual(['a', 'd'])

    expect((await vector.listVectorMessageIds(['a', 'b', 'e', 'unknown'], model)).sort()).toEqual(['a', 'b'])
  })

  it('answers 384-dimension queries through the partial HNSW index', async (ctx) => {
    if (!hasPgvector) ctx.skip()
    const { vector, prisma } = getDb()
    const dims = indexedDimensions
    await vector.upsertVectors([entry('e', vec(dims, 0, 1)), entry('c', vec(dims, 1, 0.1), { model: 'hash-384' }), entry('e', vec(dims, 0, 1), { model: 'hash-384' })])
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

  it('copies vectors of one model to cloned messages in SQL', async (ctx) => {
    if (!hasPgvector) ctx.skip()
    const { storage, vector } = getDb()
    await storage.createThread({ id: 'vec-clone', resourceId: 'vec-clone-r' })
    await vector.upsertVectors([entry('a', [1, 0, 0]), entry('b', [1, 1, 0])])
    const { messageIdMap } = await storage.copyMessages({
      sourceThreadId: 'vec-t1',
      messageIds: ['a', 'b', 'f'],
      targetThreadId: 'vec-clone',
      targetResourceId: 'vec-clone-r',
    })
    // 'f' has no vector: only a and b are copied
    expect(await vector.copyVectors({ messageIdMap, model, threadId: 'vec-clone', resourceId: 'vec-clone-r' })).toBe(2)
    const matches = await vector.queryVectors({ embedding: [1, 0, 0], model, topK: 5, threadId: 'vec-clone' })
    expect(matches.map((m) => m.messageId)).toEqual([messageIdMap.a, messageIdMap.b])
    expect(await vector.queryVectors({ embedding: [1, 0, 0], model, topK: 5, resourceId: 'vec-clone-r' })).toHaveLength(2)
    expect(await vector.listVectorMessageIds([messageIdMap.a!], 'other/model')).toEqual([])

    await vector.deleteVectorsForThread('vec-clone')
    expect(await vector.queryVectors({ embedding: [1, 0, 0], model, topK: 5, threadId: 'vec-clone' })).toEqual([])
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

  it('refuses vectors for unknown messages, and the same message and model twice', async (ctx) => {
    if (!hasPgvector) ctx.skip()
    const { vector } = getDb()
    await expect(vector.upsertVectors([entry('a', [1, 0]), entry('ghost', [1, 0])])).rejects.toMatchObject({
      constructor: MessageNotFoundError,
      messageIds: ['ghost'],
    })
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
