// An export file (export-format.ts) back into the database, read line by line:
// messages go in batches of BATCH_ROWS as ONE JSON value per statement
// (jsonb_to_recordset of the lines' own text), all inside one transaction, so
// a bad line anywhere leaves nothing behind. Idempotent by the thread id it
// writes: when that thread already exists in the caller's scope and resource,
// the import answers `existing` and writes nothing. The transaction runs on
// the driver, not Prisma (sql-transaction.ts): Prisma's copies of each batch's
// parameters outlived young collections, so the import's peak memory grew
// with the file.
import { createHash } from 'node:crypto'
import { InvalidInputError, MessageAlreadyExistsError, parseInput, plural, ResourceOutOfScopeError, ThreadAlreadyExistsError } from '@threadline/engine'
import type { ThreadImportInput, ThreadImportResult } from '@threadline/engine/storage'
import type { z } from 'zod'
import { Prisma, type PrismaClient } from '../generated/prisma/client.ts'
import { isUniqueViolation } from '../storage/database-errors.ts'
import {
  bodyLine,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  headerLine,
  type BranchLine,
  type HeaderLine,
  type MessageOverrideLine,
  type ObservationalMemoryLine,
  type WorkingMemoryLine,
} from './export-format.ts'
import { checkedMessageThreadId } from './message-line-check.ts'
import type { RunInSqlTransaction, SqlTransaction } from './sql-transaction.ts'

/**
 * Messages per INSERT, one JSON value of their lines: at most 1,000 lines and
 * (unless one line is longer) 32 KiB of text, so a statement and its
 * parameter stay small beside V8's young generation (they die young).
 */
const BATCH_ROWS = 1_000
export const BATCH_CHARS = 32 * 1024
const tenMinutes = 10 * 60 * 1000

type Tx = SqlTransaction

/** The refusal of line `lineNumber` (1-based), naming it in the message and the field (`lines[12].createdAt`). */
function lineError(lineNumber: number, message: string, path = ''): InvalidInputError {
  return new InvalidInputError(`lines[${lineNumber}]${path}`, message, { summary: `Line ${lineNumber}: ${message}` })
}

/** The line's JSON checked by `schema`, unsafe text (NUL, unpaired surrogates) refused first; a refusal names `lines[N]` and the field in it. */
function parseLine<T extends z.ZodType>(schema: T, text: string, lineNumber: number): z.output<T> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw lineError(lineNumber, 'not valid JSON')
  }
  return parseInput(schema, value, { root: ['lines', lineNumber] })
}

/** How exported ids become the imported ones: unchanged, or (under a new id) with a suffix made from it, so a second copy never collides with the first. */
function idMapping(header: HeaderLine, newThreadId: string | undefined) {
  const suffix = newThreadId === undefined ? '' : `~${createHash('sha256').update(newThreadId).digest('hex').slice(0, 12)}`
  const rootId = header.thread.id
  return {
    suffix,
    rootId,
    thread: (id: string) => (id === rootId ? (newThreadId ?? id) : `${id}${suffix}`),
    message: (id: string) => `${id}${suffix}`,
  }
}

type IdMapping = ReturnType<typeof idMapping>

async function insertThread(tx: Tx, fields: HeaderLine['thread'] | BranchLine['thread'], ids: IdMapping, resourceId: string): Promise<boolean> {
  const branch = 'branchParentId' in fields ? fields : null
  const inserted = await tx.execute(Prisma.sql`
    INSERT INTO threads (id, resource_id, title, metadata, source_thread_id, branch_parent_id, branch_point_message_id, branch_point_thread_id,
                         branch_point_created_at, inherited_message_count, created_at, updated_at)
    VALUES (${ids.thread(fields.id)}, ${resourceId}, ${fields.title}, ${JSON.stringify(fields.metadata)}::jsonb, ${fields.sourceThreadId},
            ${branch && ids.thread(branch.branchParentId)}, ${branch && ids.message(branch.branchPointMessageId)},
            ${branch && ids.thread(branch.branchPointThreadId)}, ${branch?.branchPointCreatedAt ?? null}::timestamptz, ${branch?.inheritedMessageCount ?? 0},
            ${fields.createdAt}, ${fields.updatedAt})
    ON CONFLICT (id) DO NOTHING`)
  return inserted === 1
}

/** One batch of message lines (their own JSON text, already checked) in one statement. */
async function insertMessages(tx: Tx, lines: readonly string[], ids: IdMapping, resourceId: string): Promise<void> {
  if (lines.length === 0) return
  await tx.execute(Prisma.sql`
    INSERT INTO messages (id, thread_id, resource_id, role, type, content, created_at, version)
    SELECT x.id || ${ids.suffix}, CASE WHEN x."threadId" = ${ids.rootId} THEN ${ids.thread(ids.rootId)} ELSE x."threadId" || ${ids.suffix} END,
           ${resourceId}, x.role, x."messageType", x.content, x."createdAt", x.version
    FROM jsonb_to_recordset(${`[${lines.join(',')}]`}::jsonb)
      AS x(id text, "threadId" text, role text, "messageType" text, content jsonb, "createdAt" timestamptz, version int)`)
}

async function insertOverride(tx: Tx, line: MessageOverrideLine, ids: IdMapping): Promise<void> {
  await tx.execute(Prisma.sql`
    INSERT INTO message_overrides (thread_id, message_id, role, content, created_at)
    VALUES (${ids.thread(line.threadId)}, ${ids.message(line.messageId)}, ${line.role}, ${JSON.stringify(line.content)}::jsonb, ${line.createdAt})`)
}

async function insertWorkingMemory(tx: Tx, line: WorkingMemoryLine, ids: IdMapping, resourceId: string): Promise<void> {
  const threadId = ids.thread(line.threadId)
  await tx.execute(Prisma.sql`
    INSERT INTO working_memory_versions (lookup_key, scope, resource_id, thread_id, text, created_at)
    VALUES (${`thread:${threadId}`}, 'thread', ${resourceId}, ${threadId}, ${line.text}, ${line.createdAt})`)
}

/** A JSON column's value as the statement's text parameter (an absent value is JSON null, as Prisma's JsonNull wrote it). */
const jsonText = (value: unknown) => JSON.stringify(value ?? null)

async function insertObservationalMemory(tx: Tx, line: ObservationalMemoryLine, ids: IdMapping, resourceId: string): Promise<void> {
  const threadId = ids.thread(line.threadId)
  await tx.execute(Prisma.sql`
    INSERT INTO observational_memory (id, lookup_key, scope, resource_id, thread_id, generation, origin_type, active_observations,
                                      observed_message_ids, buffered_observation_chunks, last_observed_at, total_tokens_observed,
                                      observation_token_count, pending_message_tokens, config, metadata, created_at, updated_at)
    VALUES (${`${line.id}${ids.suffix}`}, ${`thread:${threadId}`}, 'thread', ${resourceId}, ${threadId}, ${line.generation}, ${line.originType},
            ${line.activeObservations}, ${jsonText(line.observedMessageIds.map(ids.message))}::jsonb, ${jsonText(line.bufferedObservationChunks)}::jsonb,
            ${line.lastObservedAt}::timestamptz, ${line.totalTokensObserved}, ${line.observationTokenCount}, ${line.pendingMessageTokens},
            ${jsonText(line.config)}::jsonb, ${jsonText(line.metadata)}::jsonb, ${line.createdAt}, ${line.updatedAt})`)
}

type Lines = AsyncIterator<string>

/** The lines after the header, into the open transaction; throws at the first bad one. */
async function writeBody(tx: Tx, lines: Lines, header: HeaderLine, ids: IdMapping, resourceId: string): Promise<{ threads: number; messages: number }> {
  if (!(await insertThread(tx, header.thread, ids, resourceId))) throw new ThreadAlreadyExistsError(ids.thread(ids.rootId), 'newThreadId')
  const threads = new Set([header.thread.id])
  let batch: string[] = []
  let batchChars = 0
  let messages = 0
  const flush = async () => {
    await insertMessages(tx, batch, ids, resourceId)
    batch = []
    batchChars = 0
  }
  const knownThread = (threadId: string, lineNumber: number) => {
    if (!threads.has(threadId)) throw lineError(lineNumber, `thread "${threadId}" is not declared before this line`, '.threadId')
  }
  for (let lineNumber = 2; ; lineNumber++) {
    const next = await lines.next()
    if (next.done) throw lineError(lineNumber, 'the file ends before its `end` line (cut off?)')
    if (next.value.trim() === '') continue
    // most lines are messages: those that surely pass are checked without zod (message-line-check.ts), the rest by zod
    const messageThreadId = checkedMessageThreadId(next.value)
    const line = messageThreadId === undefined ? parseLine(bodyLine, next.value, lineNumber) : { type: 'message' as const, threadId: messageThreadId }
    if (line.type === 'message') {
      knownThread(line.threadId, lineNumber)
      batch.push(next.value)
      batchChars += next.value.length
      messages++
      if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush()
      continue
    }
    await flush()
    if (line.type === 'branch') {
      knownThread(line.thread.branchParentId, lineNumber)
      if (threads.has(line.thread.id)) throw lineError(lineNumber, `thread "${line.thread.id}" is declared twice`, '.thread.id')
      threads.add(line.thread.id)
      // taken (by another tree, maybe another tenant's): never write into it
      if (!(await insertThread(tx, line.thread, ids, resourceId))) throw new ThreadAlreadyExistsError(ids.thread(line.thread.id), 'newThreadId')
    } else if (line.type === 'messageOverride') {
      knownThread(line.threadId, lineNumber)
      await insertOverride(tx, line, ids)
    } else if (line.type === 'workingMemory') {
      knownThread(line.threadId, lineNumber)
      await insertWorkingMemory(tx, line, ids, resourceId)
    } else if (line.type === 'observationalMemory') {
      knownThread(line.threadId, lineNumber)
      await insertObservationalMemory(tx, line, ids, resourceId)
    } else {
      if (line.threads !== threads.size || line.messages !== messages)
        throw lineError(
          lineNumber,
          `the file holds ${plural(threads.size, 'thread')} and ${plural(messages, 'message')}, its end line says ${line.threads} and ${line.messages}`,
        )
      await refuseMoreLines(lines, lineNumber)
      return { threads: threads.size, messages }
    }
  }
}

async function refuseMoreLines(lines: Lines, endLineNumber: number): Promise<void> {
  for (let lineNumber = endLineNumber + 1; ; lineNumber++) {
    const next = await lines.next()
    if (next.done) return
    if (next.value.trim() !== '') throw lineError(lineNumber, 'a line after the `end` line')
  }
}

async function drain(lines: Lines): Promise<void> {
  while (!(await lines.next()).done);
}

function readHeader(text: string | undefined): HeaderLine {
  if (text === undefined) throw lineError(1, 'the file is empty')
  const header = parseLine(headerLine, text, 1)
  if (header.version > EXPORT_VERSION)
    throw lineError(1, `${EXPORT_FORMAT} version ${header.version} is newer than this server reads (up to ${EXPORT_VERSION})`, '.version')
  return header
}

/** Whether the thread exists in `resourceId`; a thread of that id anywhere else (another tenant too) is one neutral conflict. */
async function alreadyImported(prisma: PrismaClient, threadId: string, resourceId: string): Promise<boolean> {
  const existing = await prisma.thread.findUnique({ where: { id: threadId }, select: { resourceId: true } })
  if (existing === null) return false
  if (existing.resourceId === resourceId) return true
  throw new ThreadAlreadyExistsError(threadId, 'newThreadId')
}

/**
 * Imports an export file given as its lines (without line breaks; blank ones
 * are skipped but counted, so errors name the file's own line numbers). All
 * or nothing: one transaction. Bad input is an InvalidInputError naming the
 * line (`lines[N]`); an id taken in another resource is a conflict.
 */
export async function importThreadLines(
  prisma: PrismaClient,
  transaction: RunInSqlTransaction,
  source: AsyncIterable<string>,
  options: ThreadImportInput,
): Promise<ThreadImportResult> {
  const lines = source[Symbol.asyncIterator]()
  try {
    const first = await lines.next()
    const header = readHeader(first.done ? undefined : first.value)
    const ids = idMapping(header, options.newThreadId)
    const threadId = ids.thread(ids.rootId)
    const resourceId = options.resourceId ?? header.thread.resourceId
    if (options.resourceIds !== null && !options.resourceIds.includes(resourceId)) throw new ResourceOutOfScopeError(resourceId)
    if (await alreadyImported(prisma, threadId, resourceId)) {
      await drain(lines)
      return { status: 'existing', threadId, resourceId, threads: 0, messages: 0 }
    }
    try {
      const counts = await transaction((tx) => writeBody(tx, lines, header, ids, resourceId), { timeoutMs: tenMinutes })
      return { status: 'imported', threadId, resourceId, ...counts }
    } catch (error) {
      // a concurrent import of the same file won the thread's id
      if (ThreadAlreadyExistsError.isInstance(error) && (await alreadyImported(prisma, threadId, resourceId))) {
        await drain(lines)
        return { status: 'existing', threadId, resourceId, threads: 0, messages: 0 }
      }
      if (isUniqueViolation(error)) throw new MessageAlreadyExistsError(['(ids of this file; import it under a newThreadId)'], { inAnotherThread: true })
      throw error
    }
  } finally {
    await lines.return?.()
  }
}
