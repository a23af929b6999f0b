// Database rows -> engine types. Model queries and raw queries both select
// camelCase fields, so one mapping serves both.
import type {
  BufferedObservationChunk,
  MessageContent,
  ObservationalMemoryRecord,
  StoredMessage,
  StoredThread,
} from '@threadline/engine'

export type ThreadRow = {
  id: string
  resourceId: string
  title: string
  metadata: unknown
  sourceThreadId: string | null
  createdAt: Date
  updatedAt: Date
}

export type MessageRow = { id: string; threadId: string; resourceId: string; role: string; content: unknown; createdAt: Date }

export function toThread(row: ThreadRow): StoredThread {
  return {
    id: row.id,
    resourceId: row.resourceId,
    title: row.title,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    sourceThreadId: row.sourceThreadId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

export function toMessage(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    threadId: row.threadId,
    resourceId: row.resourceId,
    role: row.role as StoredMessage['role'],
    createdAt: row.createdAt,
    type: 'v2',
    content: row.content as MessageContent,
  }
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

type StoredChunk = Omit<BufferedObservationChunk, 'createdAt'> & { createdAt: string }

export function toObservationalMemory(row: ObservationalMemoryRow): ObservationalMemoryRecord {
  const { lookupKey: _lookupKey, ...fields } = row as ObservationalMemoryRow & { lookupKey?: string }
  return {
    ...fields,
    scope: row.scope as ObservationalMemoryRecord['scope'],
    originType: row.originType as ObservationalMemoryRecord['originType'],
    observedMessageIds: row.observedMessageIds as string[],
    // JSON keeps the chunk dates as ISO strings
    bufferedObservationChunks: (row.bufferedObservationChunks as StoredChunk[]).map((c) => ({ ...c, createdAt: new Date(c.createdAt) })),
    config: row.config as Record<string, unknown>,
    metadata: row.metadata as Record<string, unknown>,
  }
}
