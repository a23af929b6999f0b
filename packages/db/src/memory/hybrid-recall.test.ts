// Recall's two arms and their fusion (issue 16) on PGlite and PostgreSQL: the
// full-text arm (generated tsvector + GIN, websearch_to_tsquery, BM25 over the ts_rank_cd candidates)
// works everywhere, pgvector or not; the vector arm needs pgvector (PGlite has
// it; the test PostgreSQL server has not: VectorExtensionMissingError).
import { DEFAULT_ARM_WEIGHTS, EmbedderRequiredError, fuseByReciprocalRank, Memory, type MemoryOptions, VectorExtensionMissingError } from '@threadline/engine'
import { beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { hybridCandidates } from '../../../engine/src/memory/recall.ts'
import { lexicalEmbedder } from '../seed/index.ts'
import { describeEachDatabase } from '../testing/index.ts'
import { baseTime, hasPgvector, minute, seedThread, storedMessage } from './fixtures.ts'

const support = [
  'Hi, I ordered a blender last week and it arrived broken.', // 0
  'Sorry to hear that! Can you send a photo of the damage?', // 1
  'Sure. Also, I want a refund for the broken blender, not a replacement.', // 2
  'Understood, I have started the refund for your blender.', // 3
  'Where can I find the tracking number of my second parcel?', // 4
  'The tracking number is in the shipping confirmation email.', // 5
  'Thanks. What is the weather in Paris tomorrow?', // 6
  'Sunny with a light wind.', // 7
]

describeEachDatabase('hybrid recall', (getDb) => {
  let vectors = false
  beforeAll(async () => {
    vectors = await hasPgvector(getDb())
    const seeding = new Memory({ storage: getDb().storage })
    await seedThread(seeding, { threadId: 'hr-support', resourceId: 'hr-user', title: 'Blender order', texts: support })
    await seedThread(seeding, { threadId: 'hr-other', resourceId: 'hr-user', texts: ['My refund for the kettle never arrived.', 'I will check the refund.'] })
    await seedThread(seeding, { threadId: 'hr-foreign', resourceId: 'hr-someone-else', texts: ['broken blender refund please'] })
  })
  const needsVectors = (context: TestContext) => {
    if (!vectors) context.skip('this database has no pgvector')
  }
  const textMemory = (options: MemoryOptions = { lastMessages: false, semanticRecall: { topK: 3, messageRange: 0, scope: 'thread' } }) =>
    new Memory({ storage: getDb().storage, options })
  const id = (index: number) => `hr-support-m${index}`

  describe('full-text arm', () => {
    it('ranks the message holding more of the words (stemmed) first, in the thread', async () => {
      const { matches, mode } = await textMemory().recall({ threadId: 'hr-support', vectorSearchString: 'refunds for broken blenders' })
      expect(mode).toBe('text')
      // 2 has refund + broken + blender, 3 refund + blender, 0 blender + broken: all stemmed forms of the query's words
      expect(matches.map((m) => m.messageId)).toEqual([id(2), id(3), id(0)])
      expect(matches[0]!.score).toBeGreaterThan(matches[2]!.score)
    })

    it('honours web-search syntax: "phrases" and -exclusions', async () => {
      const memory = textMemory()
      const phrase = await memory.recall({ threadId: 'hr-support', vectorSearchString: '"tracking number" shipping' })
      expect(phrase.matches.map((m) => m.messageId)).toEqual([id(5), id(4)])
      const excluded = await memory.recall({ threadId: 'hr-support', vectorSearchString: 'blender -refund' })
      expect(excluded.matches.map((m) => m.messageId)).toEqual([id(0)])
      expect((await memory.recall({ threadId: 'hr-support', vectorSearchString: 'the and of' })).matches).toEqual([])
    })

    it('searches the whole resource by scope, never another resource', async () => {
      const memory = textMemory({ lastMessages: false, semanticRecall: { topK: 10, messageRange: 0, scope: 'resource' } })
      const { matches } = await memory.recall({ threadId: 'hr-other', vectorSearchString: 'refund' })
      expect(new Set(matches.map((m) => m.threadId))).toEqual(new Set(['hr-support', 'hr-other']))
      // BM25's inverse document frequency: across the resource 'refund' is common (hr-other is about refunds too),
      // so in the full-text arm 0 (blender + broken) outranks 3 (blender + refund), unlike in the thread alone
      const arm = await getDb().storage.searchText({ resourceId: 'hr-user', query: 'broken blender refund', topK: 3 })
      expect(arm.map((m) => m.messageId)).toEqual([id(2), id(0), id(3)])
      // recall then lends 3 a share of the best match's score: it is the reply right after 2 (text-rerank.ts)
      const search = await memory.searchMessages({ resourceId: 'hr-user', query: 'broken blender refund', topK: 3 })
      expect(search.mode).toBe('text')
      expect(search.results.map((r) => r.message.id)).toEqual([id(2), id(3), id(0)])
    })

    it("reads a branch's effective history: inherited messages up to its cutoff and its own, not the parent's later ones", async () => {
      const memory = textMemory()
      await memory.branchThread({ sourceThreadId: 'hr-support', branchPointMessageId: id(3), newThreadId: 'hr-branch' })
      await memory.saveMessages({
        messages: [
          {
            ...(await memory.listMessages({ threadId: 'hr-support', last: 1 }))[0]!,
            id: 'hr-branch-own',
            threadId: 'hr-branch',
            createdAt: new Date(Date.UTC(2030, 0, 1)),
            content: { format: 2, parts: [{ type: 'text', text: 'Your tracking number is ZX-1.' }] },
          },
        ],
      })
      const tracking = await memory.recall({ threadId: 'hr-branch', vectorSearchString: 'tracking number' })
      expect(tracking.matches.map((m) => m.messageId)).toEqual(['hr-branch-own'])
      const refund = await memory.recall({ threadId: 'hr-branch', vectorSearchString: 'refund blender' })
      expect(refund.matches.map((m) => m.messageId)).toEqual([id(3), id(2), id(0)])
    })

    it('ranks a message that talks about a word above a one-word mention of it: weak length normalisation (BM25 b)', async () => {
      const seeding = new Memory({ storage: getDb().storage })
      const texts = ['I made pizza last night: the pizza dough rested two days, then a hot oven and fresh basil on top, and everyone loved it.', 'Pizza?']
      await seedThread(seeding, { threadId: 'hr-length', resourceId: 'hr-length-user', texts })
      // with b 0.75 (Lucene's default) the one-word message outranked the one saying the word twice
      const { matches } = await textMemory().recall({ threadId: 'hr-length', vectorSearchString: 'pizza' })
      expect(matches.map((m) => m.messageId)).toEqual(['hr-length-m0', 'hr-length-m1'])
    })

    it('favours the matches written on a day the question names, or in the two days after (text-rerank.ts)', async () => {
      const seeding = new Memory({ storage: getDb().storage })
      const day = Date.UTC(2024, 0, 10, 12)
      await seedThread(seeding, {
        threadId: 'hr-day-before',
        resourceId: 'hr-days',
        texts: ['I cooked pasta with ham and peas, the best pasta'],
        start: day - 3 * 86_400_000,
      })
      await seedThread(seeding, { threadId: 'hr-day-after', resourceId: 'hr-days', texts: ['Yesterday I cooked a pasta'], start: day + 86_400_000 })
      const memory = textMemory({ lastMessages: false, semanticRecall: { topK: 2, messageRange: 0, scope: 'resource' } })
      const ids = async (query: string) => (await memory.searchMessages({ resourceId: 'hr-days', query })).results.map((r) => r.message.id)
      expect(await ids('What pasta did I cook?')).toEqual(['hr-day-before-m0', 'hr-day-after-m0'])
      expect(await ids('What pasta did I cook on 10.01.2024?')).toEqual(['hr-day-after-m0', 'hr-day-before-m0'])
    })

    it('favours what the participant a question names wrote (content.metadata.speaker), over turns addressing them (text-rerank.ts)', async () => {
      const turns = [
        ['Kevin', 'Elise, your pasta photo made me hungry! Did you cook that pasta yourself, Elise?'],
        ['Elise', 'Yes, I cooked a pasta with ham and peas.'],
        ['Kevin', 'What are you doing this weekend?'],
        ['Elise', 'Skiing with my sister.'],
      ] as const
      const messages = turns.map(([speaker, text], index) => {
        const message = storedMessage({
          id: `hr-chat-m${index}`,
          threadId: 'hr-chat',
          resourceId: 'hr-chat-user',
          role: index % 2 === 0 ? 'user' : 'assistant',
          text,
          at: new Date(baseTime + index * minute),
        })
        return { ...message, content: { ...message.content, metadata: { speaker } } }
      })
      const seeding = new Memory({ storage: getDb().storage })
      await seeding.createThread({ threadId: 'hr-chat', resourceId: 'hr-chat-user' })
      await seeding.saveMessages({ messages })
      const ids = async (query: string) => (await textMemory().recall({ threadId: 'hr-chat', vectorSearchString: query })).matches.map((m) => m.messageId)
      // Kevin's turn holds more of the words (Elise twice, pasta twice, cook): first without a named participant
      expect(await ids('What pasta did they cook?')).toEqual(['hr-chat-m0', 'hr-chat-m1'])
      expect(await ids('What pasta did Elise cook?')).toEqual(['hr-chat-m1', 'hr-chat-m0'])
    })

    it('works with no vector store at all, and a vector mode asked for without an embedder is EmbedderRequiredError', async () => {
      const memory = new Memory({ storage: getDb().storage, vector: null, options: { semanticRecall: true } })
      expect(memory.options.semanticRecall?.mode).toBe('text')
      const { matches, messages, mode } = await memory.recall({ threadId: 'hr-support', vectorSearchString: 'weather Paris' })
      expect(mode).toBe('text')
      expect(matches[0]?.messageId).toBe(id(6))
      expect(messages.map((m) => m.id)).toContain(id(7)) // a neighbour
      await expect(memory.recall({ threadId: 'hr-support', vectorSearchString: 'weather', mode: 'vector' })).rejects.toThrow(EmbedderRequiredError)
      await expect(memory.searchMessages({ resourceId: 'hr-user', query: 'weather', mode: 'hybrid' })).rejects.toThrow(EmbedderRequiredError)
    })
  })

  describe('hits', () => {
    it("collapses a clone's copies into one hit listing where else it appears, with the thread title and its real neighbours", async () => {
      const memory = textMemory()
      await memory.cloneThread({ sourceThreadId: 'hr-support', newThreadId: 'hr-clone', title: 'Blender order (copy)' })
      const { results } = await memory.searchMessages({ resourceId: 'hr-user', query: 'weather Paris', topK: 3, messageRange: 1 })
      expect(results).toHaveLength(1)
      const [hit] = results
      expect([hit!.message.threadId, hit!.threadTitle]).toEqual(
        hit!.message.threadId === 'hr-support' ? ['hr-support', 'Blender order'] : ['hr-clone', 'Blender order (copy)'],
      )
      expect(hit!.alsoIn).toEqual([expect.objectContaining({ threadId: hit!.message.threadId === 'hr-support' ? 'hr-clone' : 'hr-support' })])
      // the message before and after it in its own thread, by (createdAt, id): not other hits in score order
      const own = await memory.listMessages({ threadId: hit!.message.threadId })
      const at = own.findIndex((m) => m.id === hit!.message.id)
      expect(hit!.before.map((m) => m.id)).toEqual([own[at - 1]!.id])
      expect(hit!.after.map((m) => m.id)).toEqual([own[at + 1]!.id])
    })

    it('searches one thread by id, and refuses both or neither scope', async () => {
      const memory = textMemory()
      const { results } = await memory.searchMessages({ threadId: 'hr-support', query: 'tracking number', messageRange: 0 })
      expect(results.map((r) => r.message.id)).toEqual([id(5), id(4)])
      expect(results[0]!.before).toEqual([])
      await expect(memory.searchMessages({ query: 'x' })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
      await expect(memory.searchMessages({ threadId: 'hr-missing', query: 'x' })).rejects.toMatchObject({ code: 'THREAD_NOT_FOUND' })
    })
  })

  describe('vector arm and fusion', () => {
    const hybridMemory = () =>
      new Memory({
        storage: getDb().storage,
        vector: getDb().vector,
        embedder: lexicalEmbedder(),
        options: { lastMessages: false, semanticRecall: { topK: 4, messageRange: 0, scope: 'thread' } },
      })

    it('without pgvector: text mode works, vector and hybrid are VectorExtensionMissingError', async (context) => {
      if (vectors) context.skip('this database has pgvector')
      const memory = new Memory({
        storage: getDb().storage,
        vector: getDb().vector,
        embedder: lexicalEmbedder(),
        options: { lastMessages: false, semanticRecall: { mode: 'text', scope: 'thread' } },
      })
      expect((await memory.recall({ threadId: 'hr-support', vectorSearchString: 'weather' })).mode).toBe('text')
      await expect(memory.recall({ threadId: 'hr-support', vectorSearchString: 'weather', mode: 'vector' })).rejects.toThrow(VectorExtensionMissingError)
      await expect(memory.recall({ threadId: 'hr-support', vectorSearchString: 'weather', mode: 'hybrid' })).rejects.toThrow(VectorExtensionMissingError)
    })

    it('hybrid is the reciprocal-rank fusion of the two arms, each asked for the same candidates', async (context) => {
      needsVectors(context)
      const memory = hybridMemory()
      expect(memory.options.semanticRecall?.mode).toBe('hybrid')
      await memory.saveMessages({ messages: await memory.listMessages({ threadId: 'hr-support' }) }) // embeds them
      const query = 'blendr refund' // a typo only the vector arm's trigrams catch
      const candidates = hybridCandidates(4)
      const [text, vector, hybrid] = await Promise.all([
        memory.recall({ threadId: 'hr-support', vectorSearchString: query, mode: 'text', topK: candidates }),
        memory.recall({ threadId: 'hr-support', vectorSearchString: query, mode: 'vector', topK: candidates }),
        memory.recall({ threadId: 'hr-support', vectorSearchString: query }),
      ])
      expect(hybrid.mode).toBe('hybrid')
      expect(vector.matches.length).toBeGreaterThan(text.matches.length)
      const expected = fuseByReciprocalRank([
        { weight: DEFAULT_ARM_WEIGHTS.text, matches: text.matches },
        { weight: DEFAULT_ARM_WEIGHTS.vector, matches: vector.matches },
      ]).slice(0, 4)
      expect(hybrid.matches).toEqual(expected)
      // found by both arms beats found by one
      const both = hybrid.matches.filter((m) => text.matches.some((t) => t.messageId === m.messageId))
      expect(hybrid.matches.slice(0, both.length)).toEqual(both)
    })
  })
})
