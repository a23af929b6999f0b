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

/**
 * A user question and the assistant's answer after a `get_weather` tool call
 * with `toolCallId` (ids `<idPrefix>-m0` / `-m1`, at 1 s and 2 s): the history
 * a provider's tool-ID check rejects when the id is another provider's.
 */
export function toolCallExchange(fields: {
  threadId: string
  resourceId: string
  toolCallId: string
  idPrefix?: string
  question?: string
  answer?: string
}): StoredMessage[] {
  const base = { threadId: fields.threadId, resourceId: fields.resourceId, type: 'v2' as const }
  const prefix = fields.idPrefix ?? fields.threadId
  return [
    {
      ...base,
      id: `${prefix}-m0`,
      role: 'user',
      createdAt: new Date(1_000),
      content: { format: 2, parts: [{ type: 'text', text: fields.question ?? 'Weather in Paris?' }] },
    },
    {
      ...base,
      id: `${prefix}-m1`,
      role: 'assistant',
      createdAt: new Date(2_000),
      content: {
        format: 2,
        parts: [
          {
            type: 'tool-invocation',
            toolInvocation: { toolCallId: fields.toolCallId, toolName: 'get_weather', args: { city: 'Paris' }, state: 'result', result: 'sunny' },
          },
          { type: 'text', text: fields.answer ?? 'Sunny.' },
        ],
      },
    },
  ]
}

/** An empty first-generation observational-memory record; `fields` override anything. */
export function observationalMemoryRecord(
  fields: Pick<NewObservationalMemoryRecord, 'scope' | 'resourceId' | 'threadId'> & Partial<NewObservationalMemoryRecord>,
): NewObservationalMemoryRecord {
  return { ...EMPTY_OBSERVATIONAL_MEMORY_CONTENT, originType: 'initial', ...fields }
}
