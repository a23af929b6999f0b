import { describe, expect, it } from 'vitest'
import type { StoredThread } from '../storage/types.ts'
import { getCloneMetadata, isClone, withCloneDates } from './clone-metadata.ts'

const thread = (metadata: Record<string, unknown>, sourceThreadId: string | null = null): StoredThread => ({
  id: 't',
  resourceId: 'r',
  title: '',
  metadata,
  sourceThreadId,
  branch: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
})

describe('clone metadata', () => {
  it('reads clone metadata stored as JSON, clonedAt as a Date', () => {
    const stored = thread({ topic: 'x', clone: { sourceThreadId: 's', clonedAt: '2024-05-01T10:00:00.000Z', lastMessageId: 'm9' } }, 's')
    expect(getCloneMetadata(stored)).toEqual({ sourceThreadId: 's', clonedAt: new Date('2024-05-01T10:00:00.000Z'), lastMessageId: 'm9' })
    expect(isClone(stored)).toBe(true)
    expect(withCloneDates(stored).metadata).toEqual({
      topic: 'x',
      clone: { sourceThreadId: 's', clonedAt: new Date('2024-05-01T10:00:00.000Z'), lastMessageId: 'm9' },
    })
  })

  it('reads the fork point (lastClonedMessageId) when the clone recorded one', () => {
    const stored = thread({ clone: { sourceThreadId: 's', clonedAt: '2024-05-01T10:00:00.000Z', lastMessageId: 'm9', lastClonedMessageId: 'm4' } }, 's')
    expect(getCloneMetadata(stored)).toEqual({
      sourceThreadId: 's',
      clonedAt: new Date('2024-05-01T10:00:00.000Z'),
      lastMessageId: 'm9',
      lastClonedMessageId: 'm4',
    })
    expect(getCloneMetadata(thread({ clone: { sourceThreadId: 's', clonedAt: '2024-05-01T10:00:00.000Z', lastClonedMessageId: '' } }))).toBeNull()
  })

  it('is null for ordinary threads and malformed metadata', () => {
    expect(getCloneMetadata(thread({}))).toBeNull()
    expect(getCloneMetadata(thread({ clone: { sourceThreadId: 's', clonedAt: 'yesterday' } }))).toBeNull()
    expect(getCloneMetadata(thread({ clone: 'yes' }))).toBeNull()
    expect(isClone(thread({}))).toBe(false)
  })

  it('counts the lineage column alone as a clone', () => {
    expect(isClone(thread({}, 's'))).toBe(true)
  })
})
