// Memory's thread, message, recall, working-memory and observational-memory API
// against real databases (PGlite and PostgreSQL).
import { EmbedderRequiredError, InvalidInputError, Memory, ThreadAlreadyExistsError, ThreadNotFoundError, type MemoryOptions } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { LEXICAL_EMBEDDER_ID, lexicalEmbedder } from '../seed/index.ts'
import { describeEachDatabase } from '../testing/index.ts'
import { baseTime, minute, numbered, rowCounts, seedThread, storedMessage } from './fixtures.ts'

describeEachDatabase('Memory', (getDb) => {
  const memoryWith = (options: MemoryOptions = {}) => new Memory({ storage: getDb().storage, vector: getDb().vector, options })

  describe('threads', () => {
    it('creates, reads, lists by resource with pages, and deletes threads', async () => {
      const memory = memoryWith()
      const created = await memory.createThread({ resourceId: 'list-r', title: 'First', metadata: { tag: 'a' } })
      expect(created).toMatchObject({ resourceId: 'list-r', title: 'First', metadata: { tag: 'a' }, sourceThreadId: null })
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/)
      for (const index of [2, 3, 4]) await memory.createThread({ threadId: `list-${index}`, resourceId: 'list-r', title: `Thread ${index}` })
      await memory.createThread({ threadId: 'list-other', resourceId: 'list-other-r' })

      expect(await memory.getThreadById({ threadId: created.id })).toEqual(created)
      const first = await memory.listThreads({ resourceId: 'list-r', perPage: 3 })
      expect([first.total, first.threads.length, first.page, first.perPage, first.hasMore]).toEqual([4, 3, 0, 3, true])
      const second = await memory.listThreads({ resourceId: 'list-r', perPage: 3, page: 1 })
      expect([second.threads.length, second.hasMore]).toEqual([1, false])
      const all = [...first.threads, ...second.threads].map((thread) => thread.id)
      expect(new Set(all)).toEqual(new Set([created.id, 'list-2', 'list-3', 'list-4']))
      expect((await memory.listThreads({ resourceId: 'list-r', titleContains: 'thread 3' })).threads.map((t) => t.id)).toEqual(['list-3'])

      await memory.deleteThread('list-3')
      expect(await memory.getThreadById({ threadId: 'list-3' })).toBeNull()
      await expect(memory.deleteThread('list-3')).rejects.toThrow(ThreadNotFoundError)
    })

    it('rejects a taken thread id and bad input with typed errors', async () => {
      const memory = memoryWith()
      await memory.createThread({ threadId: 'taken-thread', resourceId: 'r' })
      await expect(memory.createThread({ threadId: 'taken-thread', resourceId: 'r' })).rejects.toThrow(ThreadAlreadyExistsError)
      await expect(memory.createThread({ resourceId: '' })).rejects.toMatchObject({ name: 'InvalidInputError', field: 'resourceId' })
      await expect(memory.listThreads({ perPage: 0 })).rejects.toMatchObject({ field: 'perPage' })
    })
  })

  describe('messages', () => {
    it('saves in bulk, replaces by id, and lists in (createdAt, id) order or the last n', async () => {
      const memory = memoryWith()
      const messages = await seedThread(memory, { threadId: 'msg-1', resourceId: 'r', texts: numbered(6) })
      expect(await memory.listMessages({ threadId: 'msg-1' })).toEqual(messages)
      expect((await memory.listMessages({ threadId: 'msg-1', last: 2 })).map((m) => m.id)).toEqual(['msg-1-m4', 'msg-1-m5'])

      const repaired = { ...messages[2]!, content: { format: 2 as const, parts: [{ type: 'text' as const, text: 'repaired' }] } }
      await memory.saveMessages({ messages: [repaired] })
      const stored = await memory.listMessages({ threadId: 'msg-1' })
      expect(stored).toHaveLength(6)
      expect(stored[2]).toEqual(repaired)

      // equal createdAt: ordered by id
      const tie = new Date(baseTime + 100 * minute)
      await memory.saveMessages({
        messages: ['b', 'a'].map((suffix) =>
          storedMessage({ id: `msg-1-tie-${suffix}`, threadId: 'msg-1', resourceId: 'r', role: 'user', text: suffix, at: tie }),
        ),
      })
      expect((await memory.listMessages({ threadId: 'msg-1', last: 2 })).map((m) => m.id)).toEqual(['msg-1-tie-a', 'msg-1-tie-b'])
    })

    it('validates messages before writing any of them', async () => {
      const memory = memoryWith()
      await memory.createThread({ threadId: 'msg-bad', resourceId: 'r' })
      const good = storedMessage({ id: 'msg-bad-1', threadId: 'msg-bad', resourceId: 'r', role: 'user', text: 'hi', at: new Date(baseTime) })
      const before = await rowCounts(getDb())
      await expect(memory.saveMessages({ messages: [good, { ...good, id: 'msg-bad-2', threadId: 'nope' }] })).rejects.toThrow(ThreadNotFoundError)
      await expect(memory.saveMessages({ messages: [good, { ...good, id: 'msg-bad-2', resourceId: 'other' }] })).rejects.toMatchObject({
        name: 'InvalidInputError',
        field: 'messages[1].resourceId',
      })
      await expect(memory.saveMessages({ messages: [good, good] })).rejects.toThrow(InvalidInputError)
      await expect(memory.saveMessages({ messages: [{ ...good, content: { format: 2, parts: [{ type: 'bogus' }] } } as never] })).rejects.toMatchObject({
        field: 'messages[0].content.parts[0].type',
      })
      expect(await rowCounts(getDb())).toEqual(before)
    })
  })

  describe('recall without semantic search', () => {
    it('returns the last lastMessages messages in order', async () => {
      const memory = memoryWith({ lastMessages: 3 })
      await seedThread(memory, { threadId: 'recall-plain', resourceId: 'r', texts: numbered(5) })
      const recalled = await memory.recall({ threadId: 'recall-plain', vectorSearchString: 'ignored when semantic recall is off' })
      expect(recalled.messages.map((m) => m.id)).toEqual(['recall-plain-m2', 'recall-plain-m3', 'recall-plain-m4'])
      expect(recalled.matches).toEqual([])
      expect((await memory.recall({ threadId: 'recall-plain', lastMessages: 1 })).messages.map((m) => m.id)).toEqual(['recall-plain-m4'])
      expect((await memory.recall({ threadId: 'recall-plain', lastMessages: false })).messages).toEqual([])
      await expect(memory.recall({ threadId: 'missing' })).rejects.toThrow(ThreadNotFoundError)
    })
  })

  describe('working memory', () => {
    it('is per resource by default, starting from the template', async () => {
      const memory = memoryWith({ workingMemory: { enabled: true, template: '# User\n- name:' } })
      await memory.createThread({ threadId: 'wm-a', resourceId: 'wm-user' })
      await memory.createThread({ threadId: 'wm-b', resourceId: 'wm-user' })
      expect(await memory.getWorkingMemory({ threadId: 'wm-a' })).toBe('# User\n- name:')
      await memory.updateWorkingMemory({ threadId: 'wm-a', workingMemory: '# User\n- name: Ada' })
      expect(await memory.getWorkingMemory({ threadId: 'wm-b' })).toBe('# User\n- name: Ada')
      expect(await memory.getWorkingMemory({ threadId: 'no-thread-yet', resourceId: 'wm-user' })).toBe('# User\n- name: Ada')
    })

    it('is per thread with scope thread', async () => {
      const memory = memoryWith({ workingMemory: { enabled: true, scope: 'thread' } })
      await memory.createThread({ threadId: 'wmt-a', resourceId: 'wmt-user' })
      await memory.createThread({ threadId: 'wmt-b', resourceId: 'wmt-user' })
      await memory.updateWorkingMemory({ threadId: 'wmt-a', workingMemory: 'only a' })
      expect(await memory.getWorkingMemory({ threadId: 'wmt-a' })).toBe('only a')
      expect(await memory.getWorkingMemory({ threadId: 'wmt-b' })).toBeNull()
      await expect(memory.updateWorkingMemory({ threadId: 'missing', workingMemory: 'x' })).rejects.toThrow(ThreadNotFoundError)
    })
  })

  describe('observational memory', () => {
    it('rewrites the current generation in place and adds a generation per reflection', async () => {
      const memory = memoryWith({ observationalMemory: { enabled: true } })
      const [m0, m1] = await seedThread(memory, { threadId: 'om-1', resourceId: 'r', texts: numbered(2) })
      expect(await memory.getObservationalMemory({ threadId: 'om-1' })).toBeNull()

      const initial = await memory.saveObservationalMemory({
        threadId: 'om-1',
        observationalMemory: { activeObservations: 'user said hi', observedMessageIds: [m0!.id], isObserving: true },
      })
      expect(initial).toMatchObject({ scope: 'thread', threadId: 'om-1', generation: 0, originType: 'initial', isObserving: true })

      const updated = await memory.saveObservationalMemory({
        threadId: 'om-1',
        observationalMemory: { activeObservations: 'user said hi twice', observedMessageIds: [m0!.id, m1!.id], isObserving: false },
      })
      expect(updated).toMatchObject({ id: initial.id, generation: 0, activeObservations: 'user said hi twice', isObserving: false })

      const reflected = await memory.reflect({ threadId: 'om-1', observationalMemory: { activeObservations: 'greets often' } })
      expect(reflected).toMatchObject({
        generation: 1,
        originType: 'reflection',
        activeObservations: 'greets often',
        observedMessageIds: [m0!.id, m1!.id],
      })
      expect(await memory.getObservationalMemory({ threadId: 'om-1' })).toEqual(reflected)
      expect((await memory.listObservationalMemoryGenerations({ threadId: 'om-1' })).map((r) => r.generation).sort()).toEqual([0, 1])
    })

    it('keys resource-scoped records by resource', async () => {
      const memory = memoryWith({ observationalMemory: { enabled: true, scope: 'resource' } })
      await memory.createThread({ threadId: 'omr-a', resourceId: 'omr-user' })
      await memory.createThread({ threadId: 'omr-b', resourceId: 'omr-user' })
      await memory.saveObservationalMemory({ threadId: 'omr-a', observationalMemory: { activeObservations: 'shared' } })
      expect(await memory.getObservationalMemory({ threadId: 'omr-b' })).toMatchObject({
        scope: 'resource',
        resourceId: 'omr-user',
        threadId: null,
        activeObservations: 'shared',
      })
    })
  })
})

describe('Memory configuration', () => {
  it('needs a vector store for vector recall, not for full-text recall', () => {
    const storage = { transaction: async () => undefined } as never
    expect(() => new Memory({ storage, embedder: lexicalEmbedder(), options: { semanticRecall: true } })).toThrow(InvalidInputError)
    expect(new Memory({ storage, options: { semanticRecall: true } }).options.semanticRecall?.mode).toBe('text')
    expect(() => new Memory({ storage, options: { lastMessages: -2 } })).toThrow(/options\.lastMessages/)
  })

  it('never picks an embedder: recall without one is full-text, and a vector mode without one is EmbedderRequiredError naming the field', () => {
    const storage = { transaction: async () => undefined } as never
    const vector = { queryVectors: async () => [] } as never
    expect(new Memory({ storage, vector, options: { semanticRecall: true } }).embedder).toBeNull()
    const error = (() => {
      try {
        new Memory({ storage, vector, options: { semanticRecall: { mode: 'hybrid' } } })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(EmbedderRequiredError)
    expect(error).toMatchObject({ code: 'EMBEDDER_REQUIRED', field: 'embedder' })
    // without semantic recall no embedder is needed, and none is made up
    expect(new Memory({ storage, vector }).embedder).toBeNull()
    expect(new Memory({ storage, vector, embedder: lexicalEmbedder(), options: { semanticRecall: true } }).embedder?.id).toBe(LEXICAL_EMBEDDER_ID)
  })
})
