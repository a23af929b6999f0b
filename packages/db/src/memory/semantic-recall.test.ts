// Semantic recall and the clone's vectors (decision 7) against real databases.
// PGlite has pgvector; on a PostgreSQL server without it every semantic
// operation must fail with VectorExtensionMissingError (last test) while the
// vector-free features keep working (the other test files).
import { type Embedder, Memory, type MemoryOptions, VectorExtensionMissingError } from '@threadline/engine'
import { LEXICAL_EMBEDDER_ID, lexicalEmbedder } from '../seed/index.ts'
import { beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { hasPgvector, numbered, seedThread } from './fixtures.ts'

/** The demo embedder under another id (a "different model"), recording what it embeds. */
export function recordingEmbedder(id = LEXICAL_EMBEDDER_ID): Embedder & { calls: string[][] } {
  const inner = lexicalEmbedder()
  const calls: string[][] = []
  return {
    id,
    ...(inner.dimensions !== undefined && { dimensions: inner.dimensions }),
    calls,
    embed: async (values) => (calls.push(values), inner.embed(values)),
  }
}

const support = [
  'Hi! I need help with an order I placed last week.',
  'Sure, what is the order number?',
  'It is 5521. I would like a refund for my broken blender, it stopped working after two days.',
  'Sorry to hear that. I have started the process for you.',
  'Also, what is the weather forecast for Paris tomorrow?',
  'Sunny with light wind.',
  'Can you help me fix a TypeScript compile error in my function?',
  'Of course, paste the error message.',
]

describeEachDatabase('semantic recall', (getDb) => {
  let vectors = false
  beforeAll(async () => {
    vectors = await hasPgvector(getDb())
  })
  const needsVectors = (context: TestContext) => {
    if (!vectors) context.skip('this database has no pgvector')
  }
  const memoryWith = (options: MemoryOptions, embedder?: Embedder) =>
    new Memory({ storage: getDb().storage, vector: getDb().vector, embedder: embedder ?? lexicalEmbedder(), options })
  const storedVectors = (threadId: string) =>
    getDb().prisma.$queryRaw<{ messageId: string; model: string; dimensions: number; embedding: string }[]>`
      SELECT message_id AS "messageId", model, dimensions, embedding::text AS embedding
      FROM message_embeddings WHERE thread_id = ${threadId} ORDER BY message_id`

  describe('saving and recalling', () => {
    it('stores one vector per message with the model id and dimensions, and re-embeds only what changed', async (context) => {
      needsVectors(context)
      const embedder = recordingEmbedder()
      const memory = memoryWith({ semanticRecall: true }, embedder)
      const saved = await seedThread(memory, { threadId: 'sr-save', resourceId: 'sr-user', texts: numbered(3) })
      const rows = await storedVectors('sr-save')
      expect(rows.map((row) => [row.messageId, row.model, row.dimensions])).toEqual(saved.map((m) => [m.id, LEXICAL_EMBEDDER_ID, 384]))
      expect(embedder.calls).toEqual([['message 0', 'message 1', 'message 2']])

      await memory.saveMessages({ messages: saved })
      expect(embedder.calls).toHaveLength(1)
      const changed = { ...saved[1]!, content: { format: 2 as const, parts: [{ type: 'text' as const, text: 'edited' }] } }
      await memory.saveMessages({ messages: [saved[0]!, changed] })
      expect(embedder.calls.at(-1)).toEqual(['edited'])
    })

    it('recalls the last messages plus semantic matches with their neighbours, in order', async (context) => {
      needsVectors(context)
      const memory = memoryWith({ lastMessages: 2, semanticRecall: { topK: 1, messageRange: 1, scope: 'thread' } })
      const source = await seedThread(memory, { threadId: 'sr-recall', resourceId: 'sr-user', texts: support })
      const { messages, matches } = await memory.recall({ threadId: 'sr-recall', vectorSearchString: 'refund for the broken blender' })
      expect(matches).toEqual([{ messageId: source[2]!.id, threadId: 'sr-recall', score: expect.any(Number) }])
      // the match (2) with its neighbours (1, 3), then the last two (6, 7)
      expect(messages.map((m) => m.id)).toEqual([1, 2, 3, 6, 7].map((index) => source[index]!.id))
    })

    it('searches the thread or the whole resource by scope', async (context) => {
      needsVectors(context)
      const resourceWide = memoryWith({ lastMessages: false, semanticRecall: { topK: 1, messageRange: 0, scope: 'resource' } })
      await seedThread(resourceWide, { threadId: 'sr-scope-1', resourceId: 'sr-scope-user', texts: support.slice(0, 4) })
      await seedThread(resourceWide, { threadId: 'sr-scope-2', resourceId: 'sr-scope-user', texts: ['Tell me a joke about cats.'] })
      const across = await resourceWide.recall({ threadId: 'sr-scope-2', vectorSearchString: 'refund for the broken blender' })
      expect(across.matches[0]?.threadId).toBe('sr-scope-1')

      const threadOnly = memoryWith({ lastMessages: false, semanticRecall: { topK: 1, messageRange: 0, scope: 'thread' } })
      const inThread = await threadOnly.recall({ threadId: 'sr-scope-2', vectorSearchString: 'refund for the broken blender' })
      expect(inThread.matches.map((m) => m.threadId)).toEqual(['sr-scope-2'])
    })
  })

  describe('cloneThread vectors', () => {
    it('supports semantic search on the clone (spec example)', async (context) => {
      needsVectors(context)
      const memory = memoryWith({ lastMessages: false, semanticRecall: { topK: 1, messageRange: 0, scope: 'thread' } })
      const source = await seedThread(memory, { threadId: 'original-thread', resourceId: 'sr-spec-user', texts: support })
      const { thread, messageIdMap } = await memory.cloneThread({ sourceThreadId: 'original-thread' })
      const results = await memory.recall({ threadId: thread.id, vectorSearchString: 'refund for the broken blender' })
      expect(results.matches.map((m) => [m.messageId, m.threadId])).toEqual([[messageIdMap[source[2]!.id], thread.id]])
      expect(results.messages.map((m) => m.content)).toEqual([source[2]!.content])
    })

    it('copies the vectors of the same model without calling the embedder (decision 7)', async (context) => {
      needsVectors(context)
      const embedder = recordingEmbedder()
      const memory = memoryWith({ semanticRecall: true }, embedder)
      const source = await seedThread(memory, { threadId: 'sr-copy', resourceId: 'sr-user', texts: support })
      const calls = embedder.calls.length
      expect((await memory.previewClone({ sourceThreadId: 'sr-copy' })).vectors).toEqual({ copied: 8, computed: 0 })
      const { thread, messageIdMap } = await memory.cloneThread({ sourceThreadId: 'sr-copy', resourceId: 'sr-other' })
      expect(embedder.calls.length).toBe(calls)
      const sourceRows = await storedVectors('sr-copy')
      const cloneRows = await storedVectors(thread.id)
      const byId = new Map(cloneRows.map((row) => [row.messageId, row]))
      for (const message of source) {
        const original = sourceRows.find((row) => row.messageId === message.id)!
        expect(byId.get(messageIdMap[message.id]!)).toEqual({ ...original, messageId: messageIdMap[message.id] })
      }
      const [resource] = await getDb().prisma.$queryRaw<{ resourceId: string }[]>`
        SELECT DISTINCT resource_id AS "resourceId" FROM message_embeddings WHERE thread_id = ${thread.id}`
      expect(resource?.resourceId).toBe('sr-other')
    })

    it('computes vectors only for messages without one of this model, in batches', async (context) => {
      needsVectors(context)
      // 3 messages with vectors of the local model, then 5 saved without semantic recall
      const first = await seedThread(memoryWith({ semanticRecall: true }), { threadId: 'sr-mixed', resourceId: 'sr-user', texts: support.slice(0, 3) })
      const plain = memoryWith({})
      const rest = support.slice(3).map((text, index) => ({
        ...first[0]!,
        id: `sr-mixed-late-${index}`,
        role: 'user' as const,
        createdAt: new Date(first[2]!.createdAt.getTime() + (index + 1) * 60_000),
        content: { format: 2 as const, parts: [{ type: 'text' as const, text }] },
      }))
      await plain.saveMessages({ messages: rest })

      const embedder = recordingEmbedder()
      const memory = memoryWith({ semanticRecall: true, embeddingBatchSize: 2 }, embedder)
      expect((await memory.previewClone({ sourceThreadId: 'sr-mixed' })).vectors).toEqual({ copied: 3, computed: 5 })
      const { thread } = await memory.cloneThread({ sourceThreadId: 'sr-mixed' })
      expect(embedder.calls).toEqual([support.slice(3, 5), support.slice(5, 7), support.slice(7)])
      expect(await storedVectors(thread.id)).toHaveLength(8)

      // another model: nothing to copy, everything computed under its own id
      const other = recordingEmbedder('test/other-model')
      const otherMemory = memoryWith({ semanticRecall: true }, other)
      expect((await otherMemory.previewClone({ sourceThreadId: 'sr-mixed' })).vectors).toEqual({ copied: 0, computed: 8 })
      const { thread: otherClone } = await otherMemory.cloneThread({ sourceThreadId: 'sr-mixed' })
      expect((await storedVectors(otherClone.id)).map((row) => row.model)).toEqual(Array(8).fill('test/other-model'))
    })
  })

  it('fails with VectorExtensionMissingError where pgvector is missing, leaving nothing behind', async (context) => {
    if (vectors) context.skip('this database has pgvector')
    const plain = memoryWith({})
    await seedThread(plain, { threadId: 'sr-missing', resourceId: 'sr-user', texts: support.slice(0, 2) })
    const memory = memoryWith({ semanticRecall: true })
    const message = { ...(await plain.listMessages({ threadId: 'sr-missing' }))[0]!, id: 'sr-missing-new' }
    await expect(memory.saveMessages({ messages: [message] })).rejects.toThrow(VectorExtensionMissingError)
    expect((await plain.listMessages({ threadId: 'sr-missing' })).map((m) => m.id)).not.toContain('sr-missing-new')
    await expect(memory.recall({ threadId: 'sr-missing', vectorSearchString: 'blender' })).rejects.toThrow(VectorExtensionMissingError)
    await expect(memory.previewClone({ sourceThreadId: 'sr-missing' })).rejects.toThrow(VectorExtensionMissingError)
    await expect(memory.cloneThread({ sourceThreadId: 'sr-missing', newThreadId: 'sr-missing-clone' })).rejects.toThrow(VectorExtensionMissingError)
    expect(await plain.getThreadById({ threadId: 'sr-missing-clone' })).toBeNull()
    // recall without a search string still works
    expect((await memory.recall({ threadId: 'sr-missing' })).messages).toHaveLength(2)
  })
})
