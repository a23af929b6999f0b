import { ThreadNotFoundError } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'

describeEachDatabase('transactions', (getDb, kind) => {
  it('commits everything done through tx together', async () => {
    const { storage } = getDb()
    await storage.transaction(async (tx) => {
      await tx.storage.createThread({ id: 'tx-commit', resourceId: 'tx-r' })
      await tx.storage.insertMessages([textMessage({ id: 'tx-commit-m', threadId: 'tx-commit', resourceId: 'tx-r', at: 0 })])
      await tx.storage.setWorkingMemory({ scope: 'thread', threadId: 'tx-commit' }, 'notes')
    })
    expect(await storage.countMessages('tx-commit')).toBe(1)
    expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'tx-commit' })).toBe('notes')
  })

  it('rolls everything back when fn throws, and rethrows its error unchanged', async () => {
    const { storage } = getDb()
    class Abort extends Error {}
    const abort = new Abort('stop')
    await expect(
      storage.transaction(async (tx) => {
        await tx.storage.createThread({ id: 'tx-rollback', resourceId: 'tx-r' })
        await tx.storage.insertMessages([textMessage({ id: 'tx-rollback-m', threadId: 'tx-rollback', resourceId: 'tx-r', at: 0 })])
        throw abort
      }),
    ).rejects.toBe(abort)
    expect(await storage.getThreadById('tx-rollback')).toBeNull()
    expect(await storage.getMessagesByIds(['tx-rollback-m'])).toEqual([])
  })

  it('rolls back on a typed storage error inside', async () => {
    const { storage } = getDb()
    await expect(
      storage.transaction(async (tx) => {
        await tx.storage.createThread({ id: 'tx-typed', resourceId: 'tx-r' })
        await tx.storage.insertMessages([textMessage({ id: 'tx-typed-m', threadId: 'no-thread', resourceId: 'tx-r', at: 0 })])
      }),
    ).rejects.toBeInstanceOf(ThreadNotFoundError)
    expect(await storage.getThreadById('tx-typed')).toBeNull()
  })

  it('reuses the open transaction for nested calls', async () => {
    const { storage } = getDb()
    const seen = await storage.transaction(async (tx) => {
      await tx.storage.createThread({ id: 'tx-nested', resourceId: 'tx-r' })
      // a separate transaction would not see the uncommitted thread (and on PGlite would wait forever)
      return tx.storage.transaction(async (inner) => inner.storage.getThreadById('tx-nested'))
    })
    expect(seen?.id).toBe('tx-nested')
  })

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
