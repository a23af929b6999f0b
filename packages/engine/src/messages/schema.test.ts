import { describe, expect, it } from 'vitest'
import { textMessage } from '../testing/storage-fixtures.ts'
import { isValidatedMessageBatch, storedMessagesSchema } from './schema.ts'

describe('isValidatedMessageBatch', () => {
  const message = textMessage({ id: 'm1', threadId: 't', resourceId: 'r', at: 0 })

  it('knows the arrays storedMessagesSchema parsed, not their input nor copies', () => {
    const input = [{ ...message, createdAt: message.createdAt.toISOString() }]
    const parsed = storedMessagesSchema.parse(input)
    expect(isValidatedMessageBatch(parsed)).toBe(true)
    expect(isValidatedMessageBatch(input)).toBe(false)
    expect(isValidatedMessageBatch([...parsed])).toBe(false)
    // also through a schema built on it (the API router's .min/.max)
    expect(isValidatedMessageBatch(storedMessagesSchema.min(1).parse([message]))).toBe(true)
  })
})
