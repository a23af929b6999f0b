// Database rows -> engine types. Model queries and raw queries both select
// camelCase fields, so one mapping serves both. What the columns cannot
// promise (JSON shapes, text that must be one of a few values) is checked here,
// on the way back: a malformed row is a StorageError naming the column, not a
// surprise further on. Input was checked by the engine before it was written.
import { setImmediate } from 'node:timers/promises'
import {
  fieldIssues,
  StorageError,
  toolInvocationStateSchema,
  type MessageContent,
  type ObservationalMemoryRecord,
  type StoredMessage,
  type StoredThread,
} from '@threadline/engine'
import type { MessageStructure, ThreadBranchLink } from '@threadline/engine/storage'
import { z } from 'zod'

export type ThreadRow = {
  id: string
  resourceId: string
  title: string
  metadata: unknown
  sourceThreadId: string | null
  branchParentId: string | null
  branchPointMessageId: string | null
  branchPointThreadId: string | null
  branchPointCreatedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

/** The columns of a ThreadRow, of the `threads` row aliased `alias` (raw queries select them by these names). */
export function threadRowColumns(alias: string): string {
  const t = alias
  return `${t}.id, ${t}.resource_id AS "resourceId", ${t}.title, ${t}.metadata, ${t}.source_thread_id AS "sourceThreadId",
    ${t}.branch_parent_id AS "branchParentId", ${t}.branch_point_message_id AS "branchPointMessageId",
    ${t}.branch_point_thread_id AS "branchPointThreadId", ${t}.branch_point_created_at AS "branchPointCreatedAt",
    ${t}.created_at AS "createdAt", ${t}.updated_at AS "updatedAt"`
}

export type MessageRow = { id: string; threadId: string; resourceId: string; role: string; content: unknown; createdAt: Date }

const jsonObjectSchema = z.record(z.string(), z.unknown())
const roleSchema = z.enum(['user', 'assistant', 'system'])
// The envelope only: parts belong to the engine, and imported histories carry
// provider-specific extras that are kept as they are.
const messageContentSchema = z.looseObject({ format: z.literal(2), parts: z.array(z.unknown()) })

/** The row's value as `schema` describes it, or a StorageError naming the row and the column at fault. */
function readBack<Schema extends z.ZodType>(schema: Schema, value: unknown, where: string): z.output<Schema> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = fieldIssues(parsed.error, where)[0]
  throw new StorageError(`Malformed row read back from the database at ${issue?.path ?? where}: ${issue?.message ?? 'is invalid'}`)
}

export function toThread(row: ThreadRow): StoredThread {
  return {
    id: row.id,
    resourceId: row.resourceId,
    title: row.title,
    metadata: readBack(jsonObjectSchema.nullable(), row.metadata, `threads[${row.id}].metadata`) ?? {},
    sourceThreadId: row.sourceThreadId,
    branch: toBranchLink(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** The branch columns (all set or all null: a CHECK constraint) as the engine's link. */
function toBranchLink(row: ThreadRow): ThreadBranchLink | null {
  const { branchParentId, branchPointMessageId, branchPointThreadId, branchPointCreatedAt } = row
  if (branchParentId === null) return null
  if (branchPointMessageId === null || branchPointThreadId === null || branchPointCreatedAt === null) {
    throw new StorageError(`Malformed row read back from the database at threads[${row.id}]: a branch without its branch point`)
  }
  return { parentThreadId: branchParentId, branchPointMessageId, branchPointThreadId, branchPointCreatedAt }
}

export function toMessage(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    threadId: row.threadId,
    resourceId: row.resourceId,
    role: readBack(roleSchema, row.role, `messages[${row.id}].role`),
    createdAt: row.createdAt,
    type: 'v2',
    content: readBack(messageContentSchema, row.content, `messages[${row.id}].content`) as MessageContent,
  }
}

const toolInvocationRefsSchema = z.array(z.object({ toolCallId: z.string(), toolName: z.string(), state: toolInvocationStateSchema }))
const messageStructureTuplesSchema = z.array(z.tuple([z.string(), z.string(), roleSchema, toolInvocationRefsSchema]))
/** Rows checked between two yields to the event loop: ~8 ms of the server thread each */
const STRUCTURE_CHUNK = 5000

/**
 * The structure read as ONE JSON array of `[id, createdAt, role, toolInvocations]`:
 * one parse for a 50k-message thread instead of a driver row each (the rows
 * cost the server thread ~2x more CPU), then checked a chunk at a time with a
 * yield between chunks, so other requests are answered meanwhile (issue 17, B4).
 */
export async function toMessageStructures(json: string | null): Promise<MessageStructure[]> {
  const rows = readBack(z.array(z.unknown()), JSON.parse(json ?? '[]'), 'messages')
  const structures: MessageStructure[] = []
  for (let start = 0; start < rows.length; start += STRUCTURE_CHUNK) {
    if (start > 0) await setImmediate()
    const tuples = readBack(messageStructureTuplesSchema, rows.slice(start, start + STRUCTURE_CHUNK), `messages (from row ${start})`)
    for (const [id, createdAt, role, toolInvocations] of tuples) structures.push({ id, createdAt: new Date(createdAt), role, toolInvocations })
  }
  return structures
}

export type ObservationalMemoryRow = Omit<
  ObservationalMemoryRecord,
  'scope' | 'originType' | 'observedMessageIds' | 'bufferedObservationChunks' | 'config' | 'metadata'
> & {
  scope: string
  originType: string
  observedMessageIds: unknown
  bufferedObservationChunks: unknown
  config: unknown
  metadata: unknown
}

// JSON keeps the chunk dates as ISO strings
const storedChunkSchema = z.looseObject({
  id: z.string(),
  observations: z.string(),
  messageIds: z.array(z.string()),
  tokenCount: z.number(),
  createdAt: z.iso.datetime({ offset: true }).transform((text) => new Date(text)),
})

const observationalMemoryColumnsSchema = z.object({
  scope: z.enum(['thread', 'resource']),
  originType: z.enum(['initial', 'reflection']),
  observedMessageIds: z.array(z.string()),
  bufferedObservationChunks: z.array(storedChunkSchema),
  config: jsonObjectSchema,
  metadata: jsonObjectSchema,
})

export function toObservationalMemory(row: ObservationalMemoryRow): ObservationalMemoryRecord {
  const { lookupKey: _lookupKey, ...fields } = row as ObservationalMemoryRow & { lookupKey?: string }
  return { ...fields, ...readBack(observationalMemoryColumnsSchema, row, `observational_memory[${row.id}]`) }
}
