import { InvalidInputError, ThreadNotFoundError } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase, observationalMemoryRecord } from '../testing/index.ts'

describeEachDatabase('observational memory', (getDb) => {
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
