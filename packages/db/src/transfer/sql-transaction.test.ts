// The driver transactions the import runs in, on both databases: committed
// when the work resolves, rolled back when it throws or outlives its timeout
// (and a statement the timed-out work sends later is refused, not run
// outside the transaction).
import { StorageError } from '@threadline/engine'
import { expect, it } from 'vitest'
import { Prisma } from '../generated/prisma/client.ts'
import { describeEachDatabase } from '../testing/index.ts'

const resourceId = 'sql-transaction-r'

describeEachDatabase('driver transactions', (getDb) => {
  let n = 0
  const threadId = () => `sqltx-${++n}`
  const insertThread = (id: string) => Prisma.sql`INSERT INTO threads (id, resource_id, title, metadata) VALUES (${id}, ${resourceId}, '', '{}'::jsonb)`
  const exists = async (id: string) => (await getDb().prisma.thread.count({ where: { id } })) === 1

  it('commits when the work resolves, with the rows each statement wrote', async () => {
    const id = threadId()
    const written = await getDb().sqlTransaction((tx) => tx.execute(insertThread(id)), { timeoutMs: 10_000 })
    expect(written).toBe(1)
    expect(await exists(id)).toBe(true)
  })

  it('rolls back when the work throws, and the error is the work`s', async () => {
    const id = threadId()
    const failure = new Error('bad line')
    const run = getDb().sqlTransaction(
      async (tx) => {
        await tx.execute(insertThread(id))
        throw failure
      },
      { timeoutMs: 10_000 },
    )
    await expect(run).rejects.toBe(failure)
    expect(await exists(id)).toBe(false)
  })

  it('rolls back when the work outlives the timeout; a statement it sends afterwards is refused', async () => {
    const id = threadId()
    const late = threadId()
    let lateOutcome: Promise<unknown> | undefined
    let resume: () => void = () => undefined
    const run = getDb().sqlTransaction(
      async (tx) => {
        await tx.execute(insertThread(id))
        // a stalled upload: the next line never comes in time
        await new Promise<void>((resolve) => {
          resume = resolve
        })
        lateOutcome = tx.execute(insertThread(late)).then(
          () => 'ran',
          (error: unknown) => error,
        )
      },
      { timeoutMs: 200 },
    )
    await expect(run).rejects.toBeInstanceOf(StorageError)
    resume()
    await expect.poll(() => lateOutcome !== undefined).toBe(true)
    expect(await lateOutcome).toBeInstanceOf(StorageError)
    expect(await exists(id)).toBe(false)
    expect(await exists(late)).toBe(false)
  })
})
