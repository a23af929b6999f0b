// Helpers for the Memory integration tests: message builders, seeding, and
// whole-database snapshots for the "no trace / source untouched" checks.
import type { Memory, MessagePart, MessageRole, StoredMessage } from '@threadline/engine'
import type { Database } from '../open-database.ts'

export const minute = 60_000
export const baseTime = Date.UTC(2024, 0, 10, 12, 0, 0)

/** A v2 message; `at` defaults to one minute per index after baseTime. */
export function storedMessage(args: {
  id: string
  threadId: string
  resourceId: string
  role: MessageRole
  text?: string
  parts?: MessagePart[]
  at: Date
}): StoredMessage {
  return {
    id: args.id,
    threadId: args.threadId,
    resourceId: args.resourceId,
    role: args.role,
    createdAt: args.at,
    type: 'v2',
    content: { format: 2, parts: args.parts ?? [{ type: 'text', text: args.text ?? '' }] },
  }
}

/**
 * Creates a thread with the given texts as alternating user/assistant messages,
 * one minute apart from `start`; message ids are `${threadId}-m${index}`.
 */
export async function seedThread(
  memory: Memory,
  args: { threadId: string; resourceId: string; title?: string; metadata?: Record<string, unknown>; texts: string[]; start?: number },
): Promise<StoredMessage[]> {
  await memory.createThread({ threadId: args.threadId, resourceId: args.resourceId, title: args.title ?? '', metadata: args.metadata ?? {} })
  const start = args.start ?? baseTime
  const messages = args.texts.map((text, index) =>
    storedMessage({
      id: `${args.threadId}-m${index}`,
      threadId: args.threadId,
      resourceId: args.resourceId,
      role: index % 2 === 0 ? 'user' : 'assistant',
      text,
      at: new Date(start + index * minute),
    }),
  )
  await memory.saveMessages({ messages })
  return messages
}

export const numbered = (count: number, label = 'message') => Array.from({ length: count }, (_, index) => `${label} ${index}`)

const tables = ['threads', 'messages', 'message_embeddings', 'observational_memory', 'working_memory_versions', 'resources'] as const

/** Row counts of every memory table. */
export async function rowCounts(db: Database): Promise<Record<(typeof tables)[number], number>> {
  const selects = tables.map((table) => `(SELECT count(*)::int FROM ${table}) AS ${table}`).join(', ')
  const [row] = await db.prisma.$queryRawUnsafe<Record<(typeof tables)[number], number>[]>(`SELECT ${selects}`)
  if (row === undefined) throw new Error('the row counts query returned no row')
  return row
}

/** Everything stored about a thread, to compare before and after an operation. */
export async function threadSnapshot(db: Database, threadId: string) {
  const thread = await db.storage.getThreadById(threadId)
  const messages = await db.storage.listMessages({ threadId })
  const vectors = await db.prisma.$queryRaw<{ messageId: string; model: string; dimensions: number }[]>`
    SELECT message_id AS "messageId", model, dimensions FROM message_embeddings
    WHERE thread_id = ${threadId} ORDER BY message_id, model`
  const observationalMemory = await db.storage.listObservationalMemoryGenerations({ scope: 'thread', threadId })
  const workingMemory = await db.storage.getWorkingMemory({ scope: 'thread', threadId })
  return { thread, messages, vectors, observationalMemory, workingMemory }
}

/** Whether this database has pgvector (PGlite always; the test PostgreSQL server usually not). */
export async function hasPgvector(db: Database): Promise<boolean> {
  const [row] = await db.prisma.$queryRaw<{ installed: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS installed`
  return row?.installed ?? false
}

/** Settled promises split by outcome. */
export function outcomes<T>(results: PromiseSettledResult<T>[]) {
  return {
    fulfilled: results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
    rejected: results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : [])),
  }
}
