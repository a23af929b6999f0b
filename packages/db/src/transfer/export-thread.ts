// A thread as export lines (export-format.ts), read from the database page by
// page: messages by keyset ((created_at, id) after the last one sent) in pages
// of PAGE_ROWS, each row built as its JSON line by the database, so a page is
// one text value per row and never a whole thread in memory. The pages go
// through the driver, not Prisma (sql-transaction.ts: Prisma's copies of each
// page outlived young collections, so the heap's peak grew with the file). The
// pages are separate statements, not one snapshot: a message saved during the
// export is in the file when it sorts after the page being read.
import { InvalidInputError, ThreadNotFoundError } from '@threadline/engine'
import type { ThreadExportInput } from '@threadline/engine/storage'
import { Prisma, type PrismaClient } from '../generated/prisma/client.ts'
import { EXPORT_FORMAT, EXPORT_VERSION } from './export-format.ts'
import type { SqlQuery, SqlStatement } from './sql-transaction.ts'

/** Rows per statement: ~1,000 lines of a few hundred bytes each. */
export const PAGE_ROWS = 1_000

type ThreadRow = {
  id: string
  resourceId: string
  title: string
  metadata: Prisma.JsonValue
  sourceThreadId: string | null
  branchParentId: string | null
  branchPointMessageId: string | null
  branchPointThreadId: string | null
  branchPointCreatedAt: Date | null
  inheritedMessageCount: number
  createdAt: Date
  updatedAt: Date
}

function threadFields(row: ThreadRow) {
  return {
    id: row.id,
    resourceId: row.resourceId,
    title: row.title,
    metadata: row.metadata,
    sourceThreadId: row.sourceThreadId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The thread and, when asked, every branch below it: parents before their branches (by depth, then age). */
async function threadsToExport(prisma: PrismaClient, options: ThreadExportInput): Promise<ThreadRow[]> {
  return prisma.$queryRaw<ThreadRow[]>`
    WITH RECURSIVE tree AS (
      SELECT t.*, 0 AS depth FROM threads t
      WHERE t.id = ${options.threadId} AND (${options.resourceIds as string[] | null}::text[] IS NULL OR t.resource_id = ANY(${options.resourceIds as string[] | null}::text[]))
      UNION ALL
      SELECT b.*, tree.depth + 1 FROM threads b JOIN tree ON b.branch_parent_id = tree.id WHERE ${options.branches}
    )
    SELECT id, resource_id AS "resourceId", title, metadata, source_thread_id AS "sourceThreadId", branch_parent_id AS "branchParentId",
           branch_point_message_id AS "branchPointMessageId", branch_point_thread_id AS "branchPointThreadId",
           branch_point_created_at AS "branchPointCreatedAt", inherited_message_count AS "inheritedMessageCount",
           created_at AS "createdAt", updated_at AS "updatedAt"
    FROM tree ORDER BY depth, created_at, id`
}

const utc = (column: string) => Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)

/** A row of a page: the line, and the columns the next page starts after (a message's time and id, an override's message id). */
type PagedRow = { line: string; id: string; createdAt?: string }

/** The lines of the pages `pageAfter` reads, each after the last row of the one before (undefined: the first), until a page is short. */
async function* pagedLines(query: SqlQuery, pageAfter: (last: PagedRow | undefined) => SqlStatement): AsyncGenerator<string> {
  let last: PagedRow | undefined
  for (;;) {
    const page = await query<PagedRow>(pageAfter(last))
    for (const row of page) yield row.line
    last = page.at(-1)
    if (last === undefined || page.length < PAGE_ROWS) return
  }
}

/** The messages `threadId` owns as lines, in (created_at, id) order. */
function messageLines(query: SqlQuery, threadId: string): AsyncGenerator<string> {
  // the cursor's time as text (created_at keeps milliseconds): the driver's rows carry no Date per line.
  // Before any message: the API refuses dates before year 1 (and PostgreSQL's range starts at 4713 BC)
  return pagedLines(
    query,
    (last) => Prisma.sql`
      SELECT json_build_object('type', 'message', 'threadId', thread_id, 'id', id, 'role', role, 'messageType', type,
               'content', content, 'createdAt', ${utc('created_at')}, 'version', version)::text AS line,
             ${utc('created_at')} AS "createdAt", id
      FROM messages WHERE thread_id = ${threadId} AND (created_at, id) > (${last?.createdAt ?? '0001-01-01T00:00:00.000Z'}::timestamptz, ${last?.id ?? ''})
      ORDER BY created_at, id LIMIT ${PAGE_ROWS}`,
  )
}

/** A branch's overrides of inherited messages, by message id. */
function overrideLines(query: SqlQuery, threadId: string): AsyncGenerator<string> {
  return pagedLines(
    query,
    (last) => Prisma.sql`
      SELECT json_build_object('type', 'messageOverride', 'threadId', thread_id, 'messageId', message_id, 'role', role,
               'content', content, 'createdAt', ${utc('created_at')})::text AS line, message_id AS id
      FROM message_overrides WHERE thread_id = ${threadId} AND message_id > ${last?.id ?? ''}
      ORDER BY message_id LIMIT ${PAGE_ROWS}`,
  )
}

/** The thread's working-memory versions (oldest first) and observational-memory generations: a few rows per thread. */
async function* memoryLines(prisma: PrismaClient, threadId: string): AsyncGenerator<string> {
  const versions = await prisma.workingMemoryVersion.findMany({ where: { lookupKey: `thread:${threadId}` }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  for (const version of versions) yield JSON.stringify({ type: 'workingMemory', threadId, text: version.text, createdAt: version.createdAt.toISOString() })
  const generations = await prisma.observationalMemory.findMany({ where: { lookupKey: `thread:${threadId}` }, orderBy: { generation: 'asc' } })
  for (const row of generations) {
    yield JSON.stringify({
      type: 'observationalMemory',
      threadId,
      id: row.id,
      generation: row.generation,
      originType: row.originType,
      activeObservations: row.activeObservations,
      observedMessageIds: row.observedMessageIds,
      bufferedObservationChunks: row.bufferedObservationChunks,
      lastObservedAt: row.lastObservedAt?.toISOString() ?? null,
      totalTokensObserved: row.totalTokensObserved,
      observationTokenCount: row.observationTokenCount,
      pendingMessageTokens: row.pendingMessageTokens,
      config: row.config,
      metadata: row.metadata,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })
  }
}

function branchLine(row: ThreadRow): string {
  return JSON.stringify({
    type: 'branch',
    thread: {
      ...threadFields(row),
      branchParentId: row.branchParentId,
      branchPointMessageId: row.branchPointMessageId,
      branchPointThreadId: row.branchPointThreadId,
      branchPointCreatedAt: row.branchPointCreatedAt?.toISOString(),
      inheritedMessageCount: row.inheritedMessageCount,
    },
  })
}

/**
 * The export of a thread, line by line (no line break): the header, then per
 * thread (the root, then its branches, parents first) its line, its messages,
 * overrides and memory; then `end`. A thread outside `resourceIds` is not
 * found; a branch is refused (its history lives in its parent: export the root).
 * Threads and memory (a few rows each) are read through Prisma, messages and
 * overrides by `query` on the driver.
 */
export async function* exportThreadLines(prisma: PrismaClient, query: SqlQuery, options: ThreadExportInput): AsyncGenerator<string, void, undefined> {
  const [root, ...branches] = await threadsToExport(prisma, options)
  if (root === undefined) throw new ThreadNotFoundError(options.threadId)
  if (root.branchParentId !== null)
    throw new InvalidInputError('threadId', `thread "${root.id}" is a branch: export the thread it branches from (with branches=true), or materialize it first`)
  yield JSON.stringify({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    branches: options.branches,
    thread: threadFields(root),
  })
  let messages = 0
  for (const thread of [root, ...branches]) {
    if (thread !== root) yield branchLine(thread)
    for await (const line of messageLines(query, thread.id)) {
      messages++
      yield line
    }
    yield* overrideLines(query, thread.id)
    yield* memoryLines(prisma, thread.id)
  }
  yield JSON.stringify({ type: 'end', threads: 1 + branches.length, messages })
}
