// The timeline's page cursor: the (createdAt, id) of a window's edge message
// and its 1-based position, so the next window is a keyset read that knows its
// numbering without counting again. Opaque: callers pass it back as it is.
import { InvalidInputError, messageCursorSchema, type StoredMessage } from '@threadline/engine'
import { z } from 'zod'
import { encodeOpaqueCursor, readOpaqueCursor } from './opaque-cursor.ts'

const timelineCursorSchema = messageCursorSchema.extend({ position: z.number().int().min(1) })

export type TimelineCursor = z.output<typeof timelineCursorSchema>

export function encodeTimelineCursor(message: Pick<StoredMessage, 'createdAt' | 'id'>, position: number): string {
  return encodeOpaqueCursor({ createdAt: message.createdAt.toISOString(), id: message.id, position })
}

/** The edge a cursor names; InvalidInputError on `field` for anything the timeline did not return. */
export function decodeTimelineCursor(cursor: string, field: string): TimelineCursor {
  const parsed = timelineCursorSchema.safeParse(readOpaqueCursor(cursor))
  if (!parsed.success) throw new InvalidInputError(field, 'is not a cursor returned by threads.timeline.page')
  return parsed.data
}
