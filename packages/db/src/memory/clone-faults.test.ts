// cloneThread under stress (decision 5 and issue 5's fault tests): an embedder
// failing mid-clone, the database connection killed mid-clone, 20 concurrent
// clones with one newThreadId, and a clone taken while the source grows. After
// each: no partial thread, no orphan rows, the source untouched. And (issue 33)
// a clone or branch whose transaction fails after its audit entry was written
// leaves no entry either.
import { type Embedder, Memory, type MemoryOptions, ThreadAlreadyExistsError } from '@threadline/engine'
import type { AuditRecord, MemoryStorage } from '@threadline/engine/storage'
import { lexicalEmbedder } from '../seed/index.ts'
import { beforeAll, expect, it, type TestContext } from 'vitest'
import type { Database } from '../open-database.ts'
import { describeEachDatabase } from '../testing/index.ts'
import { hasPgvector, numbered, outcomes, rowCounts, seedThread, storedMessage, threadSnapshot } from './fixtures.ts'

/** The demo embedder, failing on its `failOn`-th call (1-based). */
function failingEmbedder(failOn: number): Embedder & { calls: number } {
  const inner = lexicalEmbedder()
  const embedder = {
    id: inner.id,
    ...(inner.dimensions !== undefined && { dimensions: inner.dimensions }),
    calls: 0,
    async embed(values: string[]) {
      embedder.calls += 1
      if (embedder.calls === failOn) throw new Error(`embedding provider failed on batch ${failOn}`)
      return inner.embed(values)
    },
  }
  return embedder
}

/**
 * The database's storage with a fault injected into transactions: `after` runs
 * once the transaction's `method` has done its real work (the rows are written).
 */
function storageWithFault(db: Database, method: 'copyMessages' | 'listMessageIds' | 'insertAuditRecords', after: () => Promise<void>): MemoryStorage {
  return {
    ...db.storage,
    transaction: (fn, options) =>
      db.storage.transaction(
        (tx) =>
          fn({
            ...tx,
            storage: {
              ...tx.storage,
              [method]: async (...args: never[]) => {
                const result = await (tx.storage[method] as (...a: never[]) => Promise<unknown>)(...args)
                await after()
                return result
              },
            },
          }),
        options,
      ),
  }
}

describeEachDatabase('cloneThread faults', (getDb, kind) => {
  let vectors = false
  beforeAll(async () => {
    vectors = await hasPgvector(getDb())
  })
  const memoryWith = (options: MemoryOptions, extra: { embedder?: Embedder; storage?: MemoryStorage } = {}) =>
    new Memory({ storage: extra.storage ?? getDb().storage, vector: getDb().vector, embedder: extra.embedder ?? lexicalEmbedder(), options })
  const withMemories: MemoryOptions = {
    workingMemory: { enabled: true, scope: 'thread' },
    observationalMemory: { enabled: true, scope: 'thread' },
  }

  /** A source with messages (no vectors), thread working memory and three OM generations. */
  async function seedRichSource(threadId: string, count: number) {
    const memory = memoryWith(withMemories)
    const messages = await seedThread(memory, { threadId, resourceId: 'fault-user', title: 'Source', texts: numbered(count, 'refund request') })
    await memory.updateWorkingMemory({ threadId, workingMemory: 'prefers email' })
    await memory.saveObservationalMemory({ threadId, observationalMemory: { activeObservations: 'g0', observedMessageIds: [messages[0]!.id] } })
    await memory.reflect({ threadId, observationalMemory: { activeObservations: 'g1' } })
    return messages
  }

  async function expectNoTrace(before: Awaited<ReturnType<typeof rowCounts>>, source: Awaited<ReturnType<typeof threadSnapshot>>, newThreadId: string) {
    expect(await getDb().storage.getThreadById(newThreadId)).toBeNull()
    expect(await rowCounts(getDb())).toEqual(before)
    expect(await threadSnapshot(getDb(), source.thread!.id)).toEqual(source)
  }

  it('the embedder throws on the 3rd batch: nothing is left', async (context: TestContext) => {
    if (!vectors) context.skip('this database has no pgvector')
    await seedRichSource('fault-embed', 9)
    const before = await rowCounts(getDb())
    const source = await threadSnapshot(getDb(), 'fault-embed')
    const embedder = failingEmbedder(3)
    const memory = memoryWith({ ...withMemories, semanticRecall: true, embeddingBatchSize: 2 }, { embedder })

    await expect(memory.cloneThread({ sourceThreadId: 'fault-embed', newThreadId: 'fault-embed-clone' })).rejects.toThrow(
      'embedding provider failed on batch 3',
    )
    // thread, 9 messages, WM, OM and two batches of vectors had been written when it failed
    expect(embedder.calls).toBe(3)
    await expectNoTrace(before, source, 'fault-embed-clone')

    // the same clone succeeds once the embedder works
    const { clonedMessages } = await memoryWith({ ...withMemories, semanticRecall: true, embeddingBatchSize: 2 }).cloneThread({
      sourceThreadId: 'fault-embed',
      newThreadId: 'fault-embed-clone',
    })
    expect(clonedMessages).toHaveLength(9)
  })

  it('the connection is terminated in the middle of the clone: nothing is left', async (context: TestContext) => {
    if (kind !== 'postgres') context.skip('PGlite runs in-process: there is no server backend to terminate')
    await seedRichSource('fault-kill', 20)
    const before = await rowCounts(getDb())
    const source = await threadSnapshot(getDb(), 'fault-kill')
    let terminated = -1
    // After the messages are copied, a second connection terminates the clone's backend (the one idle in its transaction).
    const storage = storageWithFault(getDb(), 'copyMessages', async () => {
      const rows = await getDb().prisma.$queryRaw<{ terminated: boolean }[]>`
        SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle in transaction'`
      terminated = rows.filter((row) => row.terminated).length
    })
    const error = await memoryWith(withMemories, { storage })
      .cloneThread({ sourceThreadId: 'fault-kill', newThreadId: 'fault-kill-clone' })
      .catch((caught: unknown) => caught)
    expect(terminated).toBe(1)
    // the next statement of the clone (working memory) finds its connection gone
    expect(error).toMatchObject({ name: 'StorageError', message: expect.stringMatching(/setWorkingMemory failed: .*connection/) })
    await expectNoTrace(before, source, 'fault-kill-clone')
    // the pool recovers
    expect((await memoryWith(withMemories).cloneThread({ sourceThreadId: 'fault-kill', newThreadId: 'fault-kill-clone' })).clonedMessages).toHaveLength(20)
  })

  it('20 concurrent clones with the same newThreadId: exactly one succeeds, the others get ThreadAlreadyExistsError', async () => {
    await seedRichSource('fault-race', 30)
    const before = await rowCounts(getDb())
    const source = await threadSnapshot(getDb(), 'fault-race')
    const memory = memoryWith(withMemories)
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        memory.cloneThread({ sourceThreadId: 'fault-race', newThreadId: 'fault-race-clone', title: `attempt ${index}` }),
      ),
    )
    const { fulfilled, rejected } = outcomes(results)
    expect(fulfilled).toHaveLength(1)
    expect(rejected).toHaveLength(19)
    for (const error of rejected) expect(error).toBeInstanceOf(ThreadAlreadyExistsError)

    // exactly one clone's rows: 1 thread, 30 messages, 1 WM row, 1 OM row
    const after = await rowCounts(getDb())
    expect(after).toEqual({
      ...before,
      threads: before.threads + 1,
      messages: before.messages + 30,
      working_memory_versions: before.working_memory_versions + 1,
      observational_memory: before.observational_memory + 1,
    })
    const winner = fulfilled[0]!
    expect((await getDb().storage.getThreadById('fault-race-clone'))?.title).toBe(winner.thread.title)
    expect((await memory.listMessages({ threadId: 'fault-race-clone' })).map((m) => m.id)).toEqual(Object.values(winner.messageIdMap))
    expect(await threadSnapshot(getDb(), 'fault-race')).toEqual(source)
  })

  it('a clone racing past the existence check loses on the primary key with ThreadAlreadyExistsError', async (context: TestContext) => {
    if (kind !== 'postgres') context.skip('PGlite has one connection: transactions cannot overlap')
    await seedThread(memoryWith({}), { threadId: 'fault-pk', resourceId: 'fault-user', texts: numbered(3) })
    const before = await rowCounts(getDb())
    let second: Promise<unknown> | undefined
    // While the first clone holds its uncommitted thread row, a second clone (a whole
    // thread: one statement) cannot see that row and blocks inserting the same primary key.
    // (Its statement is longer than pg_stat_activity keeps, so it is found by its wait alone.)
    const storage = storageWithFault(getDb(), 'copyMessages', async () => {
      second = memoryWith({})
        .cloneThread({ sourceThreadId: 'fault-pk', newThreadId: 'fault-pk-clone' })
        .catch((error: unknown) => error)
      await expect
        .poll(
          async () =>
            (
              await getDb().prisma.$queryRaw<{ waiting: number }[]>`
                SELECT count(*)::int AS waiting FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`
            )[0]?.waiting,
          { timeout: 10_000 },
        )
        .toBe(1)
    })
    const first = await memoryWith({}, { storage }).cloneThread({
      sourceThreadId: 'fault-pk',
      newThreadId: 'fault-pk-clone',
      options: { messageFilter: { messageIds: ['fault-pk-m0', 'fault-pk-m1', 'fault-pk-m2'] } },
    })
    expect(first.thread.id).toBe('fault-pk-clone')
    expect(await second).toBeInstanceOf(ThreadAlreadyExistsError)
    expect(await rowCounts(getDb())).toEqual({ ...before, threads: before.threads + 1, messages: before.messages + 3 })
  })

  it('a clone taken while the source grows sees one consistent snapshot', async (context: TestContext) => {
    if (kind !== 'postgres') context.skip('PGlite has one connection: no other session can write during the clone')
    const seeded = await seedThread(memoryWith({}), { threadId: 'fault-grow', resourceId: 'fault-user', texts: numbered(10) })
    const last = seeded.at(-1)!
    // Right after the clone selected its messages, another session appends one and commits.
    const storage = storageWithFault(getDb(), 'listMessageIds', async () => {
      appended += 1
      await memoryWith({}).saveMessages({
        messages: [
          storedMessage({
            id: `fault-grow-late-${appended}`,
            threadId: 'fault-grow',
            resourceId: 'fault-user',
            role: 'user',
            text: 'late',
            at: new Date(last.createdAt.getTime() + appended * 60_000),
          }),
        ],
      })
    })
    let appended = 0
    const { thread, messageIdMap } = await memoryWith({}, { storage }).cloneThread({ sourceThreadId: 'fault-grow', options: { messageLimit: 5 } })
    expect(appended).toBeGreaterThan(0)
    // the last 5 as of the snapshot, and lastMessageId from the same snapshot
    expect(Object.keys(messageIdMap)).toEqual(seeded.slice(5).map((m) => m.id))
    expect(memoryWith({}).getCloneMetadata(thread)?.lastMessageId).toBe(last.id)
    expect((await memoryWith({}).listMessages({ threadId: 'fault-grow' })).length).toBe(10 + appended)
  })

  const audit = (action: string): AuditRecord => ({
    actorKind: 'token',
    actorId: 'fault-token',
    actorName: 'fault backend',
    action,
    resourceId: null,
    threadId: null,
    targetId: null,
    clientAddress: '192.0.2.1',
    forwardedFor: null,
    details: {},
  })
  type ForkArgs = { sourceThreadId: string; newThreadId: string }
  const auditRows = (threadId: string) => getDb().prisma.auditEvent.findMany({ where: { threadId } })
  const killedAfterAudit = () =>
    storageWithFault(getDb(), 'insertAuditRecords', async () => {
      throw new Error('killed after the audit entry was written')
    })

  it.each([
    {
      kind: 'clone',
      write: (memory: Memory, args: ForkArgs) => memory.cloneThread(args, { audit: audit('thread.clone') }),
      entry: { action: 'thread.clone', actorId: 'fault-token', clientAddress: '192.0.2.1', details: { messages: 4 } },
    },
    {
      kind: 'branch',
      write: (memory: Memory, args: ForkArgs) => memory.branchThread(args, { audit: audit('thread.branch') }),
      entry: { action: 'thread.branch', actorId: 'fault-token', clientAddress: '192.0.2.1', details: { inheritedMessages: 4 } },
    },
  ])('a $kind failing after its audit entry was written leaves neither; without the fault both commit', async ({ kind: fork, write, entry }) => {
    const args = { sourceThreadId: `fault-audit-${fork}`, newThreadId: `fault-audit-${fork}-new` }
    await seedRichSource(args.sourceThreadId, 4)
    const before = await rowCounts(getDb())
    const source = await threadSnapshot(getDb(), args.sourceThreadId)

    await expect(write(memoryWith(withMemories, { storage: killedAfterAudit() }), args)).rejects.toThrow('killed after the audit entry was written')
    await expectNoTrace(before, source, args.newThreadId)
    expect(await auditRows(args.newThreadId)).toEqual([])

    await write(memoryWith(withMemories), args)
    expect(await auditRows(args.newThreadId)).toMatchObject([{ ...entry, resourceId: 'fault-user' }])
  })

  it('a whole-thread clone (one statement) writes its audit entry in that statement; a clone that does not happen writes none', async () => {
    const memory = memoryWith({})
    await seedThread(memory, { threadId: 'audit-at-once', resourceId: 'fault-user', title: 'Plain', texts: numbered(3) })
    const args = { sourceThreadId: 'audit-at-once', newThreadId: 'audit-at-once-clone' }
    const { clonedMessageCount } = await memory.cloneThread(args, { audit: audit('thread.clone') })
    expect(clonedMessageCount).toBe(3)
    const entries = await auditRows('audit-at-once-clone')
    expect(entries).toMatchObject([{ action: 'thread.clone', resourceId: 'fault-user', details: { messages: 3 } }])

    await expect(memory.cloneThread(args, { audit: audit('thread.clone') })).rejects.toThrow(ThreadAlreadyExistsError)
    await expect(
      memory.cloneThread({ ...args, sourceThreadId: 'audit-missing', newThreadId: 'audit-missing-clone' }, { audit: audit('thread.clone') }),
    ).rejects.toThrow('audit-missing')
    expect(await auditRows('audit-at-once-clone')).toEqual(entries)
    expect(await auditRows('audit-missing-clone')).toEqual([])
  })
})
