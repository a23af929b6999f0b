import { describe, expect, it } from 'vitest'
import { InvalidInputError, ThreadNotFoundError } from '../errors/index.ts'
import type { StoredThread } from '../storage/types.ts'
import { textMessage } from '../testing/storage-fixtures.ts'
import { checkMessageThreads } from './check-message-threads.ts'

const thread = (id: string, resourceId: string): StoredThread => ({
  id,
  resourceId,
  title: '',
  metadata: {},
  sourceThreadId: null,
  branch: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
})
const mine = thread('t-mine', 'r-mine')
const theirs = thread('t-theirs', 'r-theirs')
const visible = (t: StoredThread) => t.resourceId === 'r-mine'

describe('checkMessageThreads', () => {
  it('passes messages whose threads exist, are visible and carry their resource', () => {
    expect(() => checkMessageThreads([mine], [textMessage({ id: 'a', threadId: 't-mine', resourceId: 'r-mine', at: 0 })], visible)).not.toThrow()
  })

  it('answers ThreadNotFoundError for a thread the storage did not return and for one the caller may not see', () => {
    expect(() => checkMessageThreads([mine], [textMessage({ id: 'a', threadId: 't-gone', resourceId: 'r-mine', at: 0 })], visible)).toThrow(ThreadNotFoundError)
    expect(() => checkMessageThreads([mine, theirs], [textMessage({ id: 'a', threadId: 't-theirs', resourceId: 'r-theirs', at: 0 })], visible)).toThrow(
      ThreadNotFoundError,
    )
  })

  it("names the message whose resource is not its thread's, but never reveals an invisible thread's resource", () => {
    const wrong = textMessage({ id: 'a', threadId: 't-mine', resourceId: 'r-other', at: 0 })
    expect(() => checkMessageThreads([mine], [wrong], visible)).toThrow(
      expect.objectContaining({ constructor: InvalidInputError, field: 'messages[0].resourceId' }) as Error,
    )
    // a later message on another tenant's thread wins over the mismatch on a visible one
    const hidden = textMessage({ id: 'b', threadId: 't-theirs', resourceId: 'r-mine', at: 0 })
    expect(() => checkMessageThreads([mine, theirs], [wrong, hidden], visible)).toThrow(ThreadNotFoundError)
  })
})
