// Export and import of a thread with its branches, working and observational
// memory and a branch's override, on both databases: the round trip gives the
// same lines, a second import of the file is `existing`, a new id gives a copy
// beside the original, a bad or cut-off file leaves nothing behind, no
// statement carries more than BATCH_CHARS of lines, and none goes through
// Prisma (its copies of the parameters outlived young collections); an
// export's message pages neither (its copies of the rows did), and they meet
// without a gap or a repeat where rows share a time.
import { InvalidInputError, ResourceOutOfScopeError, ThreadNotFoundError } from '@threadline/engine'
import type { ThreadImportInput } from '@threadline/engine/storage'
import { expect, it } from 'vitest'
import { describeEachDatabase, observationalMemoryRecord, textMessage } from '../testing/index.ts'
import { effectiveHistory, insertBranchRow, textOf } from '../storage/branch-test-helpers.ts'
import { exportThreadLines, PAGE_ROWS } from './export-thread.ts'
import { BATCH_CHARS, importThreadLines } from './import-thread.ts'
import type { RunInSqlTransaction, SqlQuery } from './sql-transaction.ts'
import type { PrismaClient } from '../generated/prisma/client.ts'

const resourceId = 'transfer-r'

/** Array.fromAsync (Node 22) */
async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = []
  for await (const line of lines) all.push(line)
  return all
}

async function* each(lines: readonly string[]): AsyncGenerator<string> {
  yield* lines
}

/** The longest string among a statement's values. */
const longestString = (value: unknown): number => {
  if (typeof value === 'string') return value.length
  if (Array.isArray(value)) return Math.max(0, ...value.map(longestString))
  return 0
}

/** The lines without the header's export time (the only field two exports of one thread differ in). */
const comparable = (lines: readonly string[]) => lines.map((line, index) => (index === 0 ? line.replace(/"exportedAt":"[^"]+"/, '') : line))

/** The client, each operation it runs named in `operations`: what the transfer still sends through Prisma. */
function observingOperations(prisma: PrismaClient, operations: string[]): PrismaClient {
  return prisma.$extends({
    query: {
      $allOperations: ({ operation, args, query }) => {
        operations.push(operation)
        return query(args)
      },
    },
  }) as unknown as PrismaClient
}

describeEachDatabase('thread export and import', (getDb) => {
  let n = 0
  const prefix = () => `tx${++n}`
  /** importThreadLines on the test database, with its own transactions unless `transaction` is given */
  const importLines = (lines: readonly string[], options: ThreadImportInput, transaction = getDb().sqlTransaction) =>
    importThreadLines(getDb().prisma, transaction, each(lines), options)

  /** s (5 messages, working memory twice, one observational generation) <- b (cut at s3, 2 own) <- c (cut at b1, 1 own, an override of s2) */
  async function seedTree(): Promise<{ id: (name: string) => string; lines: () => Promise<string[]> }> {
    const { storage, prisma } = getDb()
    const p = prefix()
    const id = (name: string) => `${p}-${name}`
    await storage.createThread({ id: id('s'), resourceId, title: 'Source', metadata: { tag: 'x' } })
    await storage.insertMessages([1, 2, 3, 4, 5].map((i) => textMessage({ id: id(`s${i}`), threadId: id('s'), resourceId, at: i * 1000 })))
    await storage.setWorkingMemory({ scope: 'thread', threadId: id('s') }, 'first')
    await storage.setWorkingMemory({ scope: 'thread', threadId: id('s') }, 'second')
    await storage.insertObservationalMemory(
      observationalMemoryRecord({ scope: 'thread', threadId: id('s'), resourceId, activeObservations: 'likes tea', observedMessageIds: [id('s1'), id('s2')] }),
    )
    await insertBranchRow(prisma, { id: id('b'), parentId: id('s'), pointMessageId: id('s3') })
    await storage.insertMessages([6, 7].map((i) => textMessage({ id: id(`b${i}`), threadId: id('b'), resourceId, at: i * 1000 })))
    await insertBranchRow(prisma, { id: id('c'), parentId: id('b'), pointMessageId: id('b6') })
    await storage.insertMessages([textMessage({ id: id('c8'), threadId: id('c'), resourceId, at: 8000 })])
    await prisma.messageOverride.create({
      data: { threadId: id('c'), messageId: id('s2'), role: 'user', content: { format: 2, parts: [{ type: 'text', text: 'repaired' }] } },
    })
    const lines = () => collect(exportThreadLines(prisma, getDb().sqlQuery, { threadId: id('s'), resourceIds: [resourceId], branches: true }))
    return { id, lines }
  }

  it('round trip: delete the tree, import its export, and the export of the import is the same file', async () => {
    const { storage, prisma } = getDb()
    const { id, lines } = await seedTree()
    const exported = await lines()
    expect(exported.map((line) => (JSON.parse(line) as { type?: string }).type ?? 'header')).toEqual([
      'header',
      ...['message', 'message', 'message', 'message', 'message', 'workingMemory', 'workingMemory', 'observationalMemory'],
      ...['branch', 'message', 'message'],
      ...['branch', 'message', 'messageOverride'],
      'end',
    ])
    const before = await effectiveHistory(prisma, id('c'))
    await storage.deleteThread(id('s'), { branches: 'delete' })
    const result = await importLines(exported, { resourceIds: [resourceId] })
    expect(result).toEqual({ status: 'imported', threadId: id('s'), resourceId, threads: 3, messages: 8 })
    expect(comparable(await lines())).toEqual(comparable(exported))
    expect((await effectiveHistory(prisma, id('c'))).map(textOf)).toEqual(before.map(textOf))
    expect(await storage.getWorkingMemory({ scope: 'thread', threadId: id('s') })).toBe('second')
    expect((await storage.getObservationalMemory({ scope: 'thread', threadId: id('s') }))?.activeObservations).toBe('likes tea')
    expect((await prisma.thread.findUnique({ where: { id: id('c') } }))?.inheritedMessageCount).toBe(4)
  })

  it('importing the same file twice gives the one thread: the second answers existing and writes nothing', async () => {
    const { prisma } = getDb()
    const { id, lines } = await seedTree()
    const exported = await lines()
    const again = await importLines(exported, { resourceIds: [resourceId] })
    expect(again).toEqual({ status: 'existing', threadId: id('s'), resourceId, threads: 0, messages: 0 })
    expect(await prisma.message.count({ where: { id: { startsWith: id('') } } })).toBe(8)
  })

  it('under a new id: a copy beside the original, ids suffixed, memory and history alike; imported twice, still one copy', async () => {
    const { storage, prisma } = getDb()
    const { id, lines } = await seedTree()
    const exported = await lines()
    const copy = await importLines(exported, { resourceIds: [resourceId], newThreadId: id('copy') })
    expect(copy).toMatchObject({ status: 'imported', threadId: id('copy'), threads: 3, messages: 8 })
    const [branch] = await storage.listBranches(id('copy'))
    const [leaf] = await storage.listBranches(branch!.id)
    expect((await effectiveHistory(prisma, leaf!.id)).map(textOf)).toEqual((await effectiveHistory(prisma, id('c'))).map(textOf))
    const observed = await storage.getObservationalMemory({ scope: 'thread', threadId: id('copy') })
    expect(observed?.observedMessageIds).toEqual((await storage.listMessages({ threadId: id('copy') })).slice(0, 2).map((message) => message.id))
    expect(await importLines(exported, { resourceIds: [resourceId], newThreadId: id('copy') })).toMatchObject({ status: 'existing' })
  })

  it('writes messages in statements of at most BATCH_CHARS of lines', async () => {
    const { storage, prisma, sqlTransaction } = getDb()
    const threadId = `${prefix()}-long`
    await storage.createThread({ id: threadId, resourceId })
    const text = 'a thousand characters '.repeat(46)
    await storage.insertMessages(Array.from({ length: 100 }, (_, i) => textMessage({ id: `${threadId}-${i}`, threadId, resourceId, at: i * 1000, text })))
    const exported = await collect(exportThreadLines(prisma, getDb().sqlQuery, { threadId, resourceIds: [resourceId], branches: false }))
    const carried: number[] = []
    const observed: RunInSqlTransaction = (work, options) =>
      sqlTransaction(
        (tx) =>
          work({
            execute: (statement) => {
              carried.push(longestString(statement.values))
              return tx.execute(statement)
            },
          }),
        options,
      )
    const result = await importLines(exported, { resourceIds: [resourceId], newThreadId: `${threadId}-copy` }, observed)
    expect(result).toMatchObject({ status: 'imported', messages: 100 })
    const longestLine = Math.max(...exported.map((line) => line.length))
    expect(Math.max(...carried)).toBeGreaterThan(longestLine)
    expect(Math.max(...carried)).toBeLessThan(BATCH_CHARS + 2 * longestLine)
  })

  it('writes nothing through Prisma (its copies of a batch`s parameters outlived young collections): only the existence check', async () => {
    const { storage, prisma, sqlTransaction } = getDb()
    const { id, lines } = await seedTree()
    const exported = await lines()
    await storage.deleteThread(id('s'), { branches: 'delete' })
    const operations: string[] = []
    const observed = observingOperations(prisma, operations)
    const result = await importThreadLines(observed, sqlTransaction, each(exported), { resourceIds: [resourceId] })
    expect(result).toMatchObject({ status: 'imported', threads: 3, messages: 8 })
    expect(operations).toEqual(['findUnique'])
  })

  it('reads messages and overrides on the driver: Prisma reads the thread rows and memory only (its copies of a page outlived young collections)', async () => {
    const { prisma, sqlQuery } = getDb()
    const { id } = await seedTree()
    const operations: string[] = []
    const observed = observingOperations(prisma, operations)
    const exported = await collect(exportThreadLines(observed, sqlQuery, { threadId: id('s'), resourceIds: [resourceId], branches: true }))
    const types = exported.map((line) => (JSON.parse(line) as { type?: string }).type)
    expect([types.filter((type) => type === 'message').length, types.filter((type) => type === 'messageOverride').length]).toEqual([8, 1])
    // the tree, then per thread (3) its working-memory versions and observational-memory generations
    expect(operations).toEqual(['$queryRaw', ...Array.from({ length: 3 }, () => ['findMany', 'findMany']).flat()])
  })

  it('pages of PAGE_ROWS meet without a gap or a repeat, also where messages share a time (ordered by id)', async () => {
    const { storage, prisma, sqlQuery } = getDb()
    const threadId = `${prefix()}-paged`
    await storage.createThread({ id: threadId, resourceId })
    const count = 2 * PAGE_ROWS + 1
    // a run of equal times across each page boundary: the cursor's id decides
    await prisma.$executeRaw`
      INSERT INTO messages (id, thread_id, resource_id, role, content, created_at)
      SELECT ${threadId} || '-' || lpad(i::text, 5, '0'), ${threadId}, ${resourceId}, 'user', '{"format":2,"parts":[]}'::jsonb,
             timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => i / 100)
      FROM generate_series(1, ${count}) AS i`
    const statements: string[] = []
    const observed: SqlQuery = (statement) => {
      statements.push(statement.text)
      return sqlQuery(statement)
    }
    const lines = await collect(exportThreadLines(prisma, observed, { threadId, resourceIds: [resourceId], branches: false }))
    const ids = lines
      .map((line) => JSON.parse(line) as { type?: string; id?: string })
      .filter((line) => line.type === 'message')
      .map((line) => line.id)
    expect(ids).toEqual(Array.from({ length: count }, (_, i) => `${threadId}-${String(i + 1).padStart(5, '0')}`))
    expect(statements.filter((text) => text.includes('FROM messages'))).toHaveLength(3)
  })

  it('a bad line anywhere, a cut-off file or a newer version: refused naming the line, nothing written', async () => {
    const { prisma } = getDb()
    const { id, lines } = await seedTree()
    const exported = await lines()
    const refusal = async (file: string[]) => {
      const error = await importLines(file, { resourceIds: [resourceId], newThreadId: id('bad') }).catch((caught: unknown) => caught)
      expect(InvalidInputError.isInstance(error), String(error)).toBe(true)
      expect(await prisma.thread.count({ where: { id: { startsWith: id('bad') } } })).toBe(0)
      expect(await prisma.message.count({ where: { threadId: { contains: '~' }, id: { startsWith: id('') } } })).toBe(0)
      return error as InvalidInputError
    }
    const badAt = 12
    const withBadLine = exported.map((line, index) => (index + 1 === badAt ? line.replace(/"createdAt"\s*:\s*"/, '"createdAt": "x') : line))
    expect(await refusal(withBadLine)).toMatchObject({ field: `lines[${badAt}].createdAt`, message: expect.stringContaining('lines[12].createdAt') })
    expect((await refusal(exported.slice(0, -3))).message).toMatch(/ends before its `end` line/)
    expect((await refusal([exported[0]!.replace('"version":1', '"version":2'), ...exported.slice(1)])).message).toMatch(/version 2 is newer/)
    expect((await refusal([...exported.slice(0, 3), '{not json', ...exported.slice(3)])).field).toBe('lines[4]')
  })

  it('scoped: a thread outside the caller`s resources is not found, and an import into one is refused', async () => {
    const { prisma } = getDb()
    const { id, lines } = await seedTree()
    const foreign = exportThreadLines(prisma, getDb().sqlQuery, { threadId: id('s'), resourceIds: ['another-tenant'], branches: false })
    await expect(collect(foreign)).rejects.toBeInstanceOf(ThreadNotFoundError)
    const exported = await lines()
    await expect(importLines(exported, { resourceIds: ['another-tenant'], newThreadId: id('x') })).rejects.toBeInstanceOf(ResourceOutOfScopeError)
  })
})
