import { InvalidInputError } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'

// The behaviour every MemoryStorage shares is the engine's contract suite
// (memory-storage-contract.test.ts); here, what this implementation adds.
describeEachDatabase('threads', (getDb) => {
  it('names the bad field of its input', async () => {
    const { storage } = getDb()
    await expect(storage.createThread({ id: '', resourceId: 'r' })).rejects.toMatchObject({
      constructor: InvalidInputError,
      field: 'thread.id',
    })
    await expect(storage.listThreadDescendants({ threadId: 'x', limit: -1 })).rejects.toMatchObject({
      constructor: InvalidInputError,
      field: 'listThreadDescendants.limit',
    })
  })
})
