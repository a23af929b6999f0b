// cloneThread's working memory and observational memory handling (the spec's
// three cases each; docs/spec/data-model.md decision 6) against real databases.
import { hashThreadId, Memory, type MemoryOptions } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { numbered, rowCounts, seedThread } from './fixtures.ts'

describeEachDatabase('cloneThread memory', (getDb) => {
  const memoryWith = (options: MemoryOptions) => new Memory({ storage: getDb().storage, vector: getDb().vector, options })

  describe('working memory', () => {
    it('thread scope: copied to the clone', async () => {
      const memory = memoryWith({ workingMemory: { enabled: true, scope: 'thread' } })
      await seedThread(memory, { threadId: 'wm-t-src', resourceId: 'wm-t-user', texts: numbered(2) })
      await memory.updateWorkingMemory({ threadId: 'wm-t-src', workingMemory: 'likes tea' })
      expect((await memory.previewClone({ sourceThreadId: 'wm-t-src' })).workingMemory).toBe('copy')
      const { thread } = await memory.cloneThread({ sourceThreadId: 'wm-t-src' })
      expect(await memory.getWorkingMemory({ threadId: thread.id })).toBe('likes tea')
      // a copy: the clone's changes stay in the clone
      await memory.updateWorkingMemory({ threadId: thread.id, workingMemory: 'likes coffee now' })
      expect(await memory.getWorkingMemory({ threadId: 'wm-t-src' })).toBe('likes tea')
    })

    it('resource scope, same resource: shared, nothing duplicated', async () => {
      const memory = memoryWith({ workingMemory: { enabled: true, scope: 'resource' } })
      await seedThread(memory, { threadId: 'wm-s-src', resourceId: 'wm-s-user', texts: numbered(2) })
      await memory.updateWorkingMemory({ threadId: 'wm-s-src', workingMemory: 'name: Ada' })
      expect((await memory.previewClone({ sourceThreadId: 'wm-s-src' })).workingMemory).toBe('share')
      const before = await rowCounts(getDb())
      const { thread } = await memory.cloneThread({ sourceThreadId: 'wm-s-src' })
      const after = await rowCounts(getDb())
      expect([after.resources, after.working_memory_versions]).toEqual([before.resources, before.working_memory_versions])
      await memory.updateWorkingMemory({ threadId: thread.id, workingMemory: 'name: Ada Lovelace' })
      expect(await memory.getWorkingMemory({ threadId: 'wm-s-src' })).toBe('name: Ada Lovelace')
    })

    it('resource scope, different resource: copied to the clone resource, which keeps its own if it has one', async () => {
      const memory = memoryWith({ workingMemory: { enabled: true, scope: 'resource' } })
      await seedThread(memory, { threadId: 'wm-d-src', resourceId: 'wm-d-user', texts: numbered(2) })
      await memory.updateWorkingMemory({ threadId: 'wm-d-src', workingMemory: 'name: Ada' })

      const { thread } = await memory.cloneThread({ sourceThreadId: 'wm-d-src', resourceId: 'wm-d-new' })
      expect(await memory.getWorkingMemory({ threadId: thread.id })).toBe('name: Ada')
      await memory.updateWorkingMemory({ threadId: thread.id, workingMemory: 'name: Grace' })
      expect(await memory.getWorkingMemory({ threadId: 'wm-d-src' })).toBe('name: Ada')

      // wm-d-new now has its own working memory: a second clone there must not overwrite it
      const preview = await memory.previewClone({ sourceThreadId: 'wm-d-src', resourceId: 'wm-d-new' })
      expect(preview.workingMemory).toBe('none')
      expect(preview.warnings.map((w) => w.code)).toContain('working-memory-kept')
      await memory.cloneThread({ sourceThreadId: 'wm-d-src', resourceId: 'wm-d-new' })
      expect(await memory.getWorkingMemory({ threadId: thread.id })).toBe('name: Grace')
    })

    it('is left alone when working memory is disabled', async () => {
      const on = memoryWith({ workingMemory: { enabled: true, scope: 'thread' } })
      await seedThread(on, { threadId: 'wm-off-src', resourceId: 'r', texts: numbered(1) })
      await on.updateWorkingMemory({ threadId: 'wm-off-src', workingMemory: 'secret' })
      const { thread } = await memoryWith({}).cloneThread({ sourceThreadId: 'wm-off-src' })
      expect(await on.getWorkingMemory({ threadId: thread.id })).toBeNull()
    })
  })

  describe('observational memory', () => {
    it('thread scope: only the current generation is cloned, ids remapped, uncloned ids dropped, flags reset', async () => {
      const memory = memoryWith({ observationalMemory: { enabled: true, scope: 'thread' } })
      const source = await seedThread(memory, { threadId: 'om-t-src', resourceId: 'om-user', texts: numbered(6) })
      const id = (index: number) => source[index]!.id
      await memory.saveObservationalMemory({ threadId: 'om-t-src', observationalMemory: { activeObservations: 'generation 0' } })
      await memory.reflect({ threadId: 'om-t-src', observationalMemory: { activeObservations: 'generation 1' } })
      await memory.reflect({
        threadId: 'om-t-src',
        observationalMemory: {
          activeObservations: [
            `<observation-group range="${id(0)}:${id(2)}">early</observation-group>`,
            `<observation-group range="${id(3)}:${id(5)}">late</observation-group>`,
          ].join('\n'),
          observedMessageIds: source.map((m) => m.id),
          bufferedObservationChunks: [
            {
              id: 'chunk-1',
              observations: `<observation-group range="${id(4)}:${id(5)}">b</observation-group>`,
              messageIds: [id(4), id(5)],
              tokenCount: 9,
              createdAt: new Date(),
            },
          ],
          totalTokensObserved: 1234,
          isObserving: true,
          isBufferingReflection: true,
        },
      })
      const current = await memory.getObservationalMemory({ threadId: 'om-t-src' })

      // the last 4 messages: m2..m5
      const { thread, messageIdMap } = await memory.cloneThread({ sourceThreadId: 'om-t-src', options: { messageLimit: 4 } })
      const generations = await memory.listObservationalMemoryGenerations({ threadId: thread.id })
      expect(generations).toHaveLength(1)
      const [cloned] = generations
      const to = (index: number) => messageIdMap[id(index)]
      expect(cloned).toMatchObject({
        scope: 'thread',
        threadId: thread.id,
        resourceId: 'om-user',
        generation: 0,
        originType: 'reflection',
        activeObservations: [
          // m0:m2 -> only m2 was cloned inside that range
          `<observation-group range="${to(2)}:${to(2)}">early</observation-group>`,
          `<observation-group range="${to(3)}:${to(5)}">late</observation-group>`,
        ].join('\n'),
        observedMessageIds: [to(2), to(3), to(4), to(5)],
        bufferedObservationChunks: [
          { id: 'chunk-1', observations: `<observation-group range="${to(4)}:${to(5)}">b</observation-group>`, messageIds: [to(4), to(5)], tokenCount: 9 },
        ],
        totalTokensObserved: 1234,
        isObserving: false,
        isReflecting: false,
        isBufferingObservation: false,
        isBufferingReflection: false,
      })
      // the source keeps its three generations, untouched
      expect(await memory.listObservationalMemoryGenerations({ threadId: 'om-t-src' })).toHaveLength(3)
      expect(await memory.getObservationalMemory({ threadId: 'om-t-src' })).toEqual(current)
    })

    it('resource scope, same resource: shared, nothing duplicated', async () => {
      const memory = memoryWith({ observationalMemory: { enabled: true, scope: 'resource' } })
      await seedThread(memory, { threadId: 'om-s-src', resourceId: 'om-s-user', texts: numbered(2) })
      const record = await memory.saveObservationalMemory({ threadId: 'om-s-src', observationalMemory: { activeObservations: 'shared view' } })
      expect((await memory.previewClone({ sourceThreadId: 'om-s-src' })).observationalMemory).toBe('share')
      const before = (await rowCounts(getDb())).observational_memory
      const { thread } = await memory.cloneThread({ sourceThreadId: 'om-s-src' })
      expect((await rowCounts(getDb())).observational_memory).toBe(before)
      expect(await memory.getObservationalMemory({ threadId: thread.id })).toEqual(record)
    })

    it('resource scope, different resource: cloned, ids remapped, source thread tags (raw and hashed) rewritten', async () => {
      const memory = memoryWith({ observationalMemory: { enabled: true, scope: 'resource' } })
      const source = await seedThread(memory, { threadId: 'om-d-src', resourceId: 'om-d-user', texts: numbered(3) })
      const sibling = await seedThread(memory, { threadId: 'om-d-sibling', resourceId: 'om-d-user', texts: numbered(1) })
      const range = `${source[0]!.id}:${source[2]!.id}`
      await memory.saveObservationalMemory({
        threadId: 'om-d-src',
        observationalMemory: {
          activeObservations: [
            `<thread id="om-d-src"><observation-group range="${range}">asked about rates</observation-group></thread>`,
            `<thread id="${hashThreadId('om-d-src')}">hashed form</thread>`,
            `<thread id="om-d-sibling"><observation-group range="${sibling[0]!.id}:${sibling[0]!.id}">other thread</observation-group></thread>`,
          ].join('\n'),
          observedMessageIds: [...source, ...sibling].map((m) => m.id),
          isReflecting: true,
        },
      })
      expect((await memory.previewClone({ sourceThreadId: 'om-d-src', resourceId: 'om-d-new' })).observationalMemory).toBe('clone')
      const { thread, messageIdMap } = await memory.cloneThread({ sourceThreadId: 'om-d-src', resourceId: 'om-d-new' })
      const cloned = await memory.getObservationalMemory({ threadId: thread.id })
      expect(cloned).toMatchObject({
        scope: 'resource',
        resourceId: 'om-d-new',
        threadId: null,
        generation: 0,
        isReflecting: false,
        observedMessageIds: source.map((m) => messageIdMap[m.id]),
        activeObservations: [
          `<thread id="${thread.id}"><observation-group range="${messageIdMap[source[0]!.id]}:${messageIdMap[source[2]!.id]}">asked about rates</observation-group></thread>`,
          `<thread id="${hashThreadId(thread.id)}">hashed form</thread>`,
          // the sibling's messages were not cloned: its range is dropped, its tag untouched
          `<thread id="om-d-sibling"><observation-group>other thread</observation-group></thread>`,
        ].join('\n'),
      })
      // the source resource's record is unchanged
      expect((await memory.getObservationalMemory({ threadId: 'om-d-src' }))?.resourceId).toBe('om-d-user')
    })

    it('clones nothing when the source has no record', async () => {
      const memory = memoryWith({ observationalMemory: { enabled: true, scope: 'thread' } })
      await seedThread(memory, { threadId: 'om-none-src', resourceId: 'r', texts: numbered(1) })
      expect((await memory.previewClone({ sourceThreadId: 'om-none-src' })).observationalMemory).toBe('none')
      const { thread } = await memory.cloneThread({ sourceThreadId: 'om-none-src' })
      expect(await memory.getObservationalMemory({ threadId: thread.id })).toBeNull()
    })
  })
})
