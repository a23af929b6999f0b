import { InvalidInputError, StorageError, ThreadNotFoundError } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase, observationalMemoryRecord } from '../testing/index.ts'

describeEachDatabase('observational memory', (getDb) => {
  it('adds generations 0, 1, 2 and reads the highest as current', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'om-t1', resourceId: 'om-r1' })
    const key = { scope: 'thread', threadId: 'om-t1' } as const
    expect(await storage.getObservationalMemory(key)).toBeNull()

    const chunk = { id: 'c1', observations: 'buffered', messageIds: ['m1', 'm2'], tokenCount: 12, createdAt: new Date('2025-03-01T10:00:00Z') }
    const first = await storage.insertObservationalMemory(
      observationalMemoryRecord({
        scope: 'thread',
        threadId: 'om-t1',
        resourceId: 'om-r1',
        activeObservations: '<observation-group range="m1:m2">likes tea</observation-group>',
        observedMessageIds: ['m1', 'm2'],
        bufferedObservationChunks: [chunk],
        lastObservedAt: new Date('2025-03-01T10:01:00Z'),
        totalTokensObserved: 40,
        config: { observeEvery: 10 },
      }),
    )
    expect(first).toMatchObject({ generation: 0, originType: 'initial', observedMessageIds: ['m1', 'm2'], config: { observeEvery: 10 } })
    expect(first.bufferedObservationChunks).toEqual([chunk])
    const second = await storage.insertObservationalMemory(
      observationalMemoryRecord({ scope: 'thread', threadId: 'om-t1', resourceId: 'om-r1', originType: 'reflection', activeObservations: 'reflected' }),
    )
    const third = await storage.insertObservationalMemory(
      observationalMemoryRecord({ scope: 'thread', threadId: 'om-t1', resourceId: 'om-r1', activeObservations: 'latest' }),
    )
    expect([second.generation, third.generation]).toEqual([1, 2])

    expect(await storage.getObservationalMemory(key)).toEqual(third)
    const generations = await storage.listObservationalMemoryGenerations(key)
    expect(generations.map((g) => [g.generation, g.activeObservations])).toEqual([
      [0, first.activeObservations],
      [1, 'reflected'],
      [2, 'latest'],
    ])
    expect(generations[0]).toEqual(first)
  })

  it('numbers generations per lookup key, resource scope apart from thread scope', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'om-t2', resourceId: 'om-r2' })
    const resourceRecord = observationalMemoryRecord({ scope: 'resource', threadId: null, resourceId: 'om-r2' })
    expect((await storage.insertObservationalMemory(resourceRecord)).generation).toBe(0)
    expect((await storage.insertObservationalMemory(resourceRecord)).generation).toBe(1)
    const threadRecord = observationalMemoryRecord({ scope: 'thread', threadId: 'om-t2', resourceId: 'om-r2' })
    expect((await storage.insertObservationalMemory(threadRecord)).generation).toBe(0)
    expect(await storage.getObservationalMemory({ scope: 'resource', resourceId: 'om-r2' })).toMatchObject({ generation: 1, threadId: null })
  })

  it('gives concurrent inserts of one key distinct consecutive generations', async () => {
    const { storage } = getDb()
    const record = observationalMemoryRecord({ scope: 'resource', threadId: null, resourceId: 'om-concurrent' })
    const inserted = await Promise.all(Array.from({ length: 5 }, () => storage.insertObservationalMemory(record)))
    expect(inserted.map((r) => r.generation).sort()).toEqual([0, 1, 2, 3, 4])
  })

  it('updates one generation in place', async () => {
    const { storage } = getDb()
    const created = await storage.insertObservationalMemory(
      observationalMemoryRecord({ scope: 'resource', threadId: null, resourceId: 'om-update', isObserving: true }),
    )
    const updated = await storage.updateObservationalMemory(created.id, { activeObservations: 'rewritten', isObserving: false, pendingMessageTokens: 7 })
    expect(updated).toMatchObject({ id: created.id, generation: 0, activeObservations: 'rewritten', isObserving: false, pendingMessageTokens: 7 })
    expect(await storage.listObservationalMemoryGenerations({ scope: 'resource', resourceId: 'om-update' })).toHaveLength(1)
    await expect(storage.updateObservationalMemory('nope', { activeObservations: 'x' })).rejects.toBeInstanceOf(StorageError)
  })

  it('refuses records for unknown threads and taken ids', async () => {
    const { storage } = getDb()
    await expect(
      storage.insertObservationalMemory(observationalMemoryRecord({ scope: 'thread', threadId: 'nope', resourceId: 'om-r' })),
    ).rejects.toBeInstanceOf(ThreadNotFoundError)
    const record = observationalMemoryRecord({ id: 'om-fixed-id', scope: 'resource', threadId: null, resourceId: 'om-r' })
    await storage.insertObservationalMemory(record)
    await expect(storage.insertObservationalMemory(record)).rejects.toBeInstanceOf(InvalidInputError)
  })
})
