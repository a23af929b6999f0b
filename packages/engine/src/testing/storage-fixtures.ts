// Builders of stored rows for storage tests (the MemoryStorage contract suite and the db package's own tests).
import { EMPTY_OBSERVATIONAL_MEMORY_CONTENT } from '../memory/observational-memory.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { NewObservationalMemoryRecord } from '../storage/types.ts'

/** A v2 text message; `at` is the createdAt (ms since epoch or a Date). */
export function textMessage(fields: {
  id: string
  threadId: string
  resourceId: string
  at: number | Date
  text?: string
  role?: StoredMessage['role']
}): StoredMessage {
  const text = fields.text ?? `message ${fields.id}`
  return {
    id: fields.id,
    threadId: fields.threadId,
    resourceId: fields.resourceId,
    role: fields.role ?? 'user',
    createdAt: new Date(fields.at),
    type: 'v2',
    content: { format: 2, parts: [{ type: 'text', text }], content: text },
  }
}

/** An empty first-generation observational-memory record; `fields` override anything. */
export function observationalMemoryRecord(
  fields: Pick<NewObservationalMemoryRecord, 'scope' | 'resourceId' | 'threadId'> & Partial<NewObservationalMemoryRecord>,
): NewObservationalMemoryRecord {
  return { ...EMPTY_OBSERVATIONAL_MEMORY_CONTENT, originType: 'initial', ...fields }
}
