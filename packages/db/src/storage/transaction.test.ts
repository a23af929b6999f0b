import { expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'

describeEachDatabase('transactions', (getDb, kind) => {
  // PGlite has one connection and queues other work behind an open transaction,
  // so no other session can write in between: only a server can show snapshots.
  it.runIf(kind === 'postgres')('keeps one snapshot with RepeatableRead while another session appends', async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'tx-snapshot', resourceId: 'tx-r' })
    const append = (id: string) => storage.insertMessages([textMessage({ id, threadId: 'tx-snapshot', resourceId: 'tx-r', at: 0 })])
    const countsWhileAppending = (isolationLevel: 'ReadCommitted' | 'RepeatableRead', id: string) =>
      storage.transaction(
        async (tx) => {
          const before = await tx.storage.countMessages('tx-snapshot')
          await append(id)
          return [before, await tx.storage.countMessages('tx-snapshot')]
        },
        { isolationLevel },
      )
    expect(await countsWhileAppending('RepeatableRead', 'snap-1')).toEqual([0, 0])
    expect(await countsWhileAppending('ReadCommitted', 'snap-2')).toEqual([1, 2])
  })
})
