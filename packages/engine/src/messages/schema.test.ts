import { describe, expect, expectTypeOf, it } from 'vitest'
import { textMessage } from '../testing/storage-fixtures.ts'
import type { StoredMessage } from './types.ts'
import { messageBatchSchema, type ParsedStoredMessages } from './schema.ts'

describe('messageBatchSchema', () => {
  const message = textMessage({ id: 'm1', threadId: 't', resourceId: 'r', at: 0 })

  it('parses a batch into stored messages (createdAt a Date) and refuses an invalid one', () => {
    const parsed = messageBatchSchema.parse([{ ...message, createdAt: message.createdAt.toISOString() }])
    expect(parsed).toEqual([message])
    expect(messageBatchSchema.safeParse([{ ...message, role: 'robot' }]).success).toBe(false)
  })

  it('brands its output: only parsing makes a ParsedStoredMessages (the trusted path of Memory takes nothing else)', () => {
    expectTypeOf(messageBatchSchema.parse([message])).toEqualTypeOf<ParsedStoredMessages>()
    expectTypeOf(messageBatchSchema.min(1).max(10).parse([message])).toEqualTypeOf<ParsedStoredMessages>()
    expectTypeOf<StoredMessage[]>().not.toExtend<ParsedStoredMessages>()
    expectTypeOf<ParsedStoredMessages>().toExtend<StoredMessage[]>()
  })
})
