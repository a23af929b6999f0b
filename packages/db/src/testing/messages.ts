// Builders for stored messages in database tests.
import type { StoredMessage } from '@threadline/engine'

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
