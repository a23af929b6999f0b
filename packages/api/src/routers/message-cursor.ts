// The ONE opaque cursor of every list ordered by time and id (messages.list,
// the clone preview, the playground's thread window, calls.list): the
// (createdAt, id) of a page's last item, base64url JSON. Opaque so callers
// pass it back as it is; anything else is a BAD_REQUEST naming `cursor`.
// The thread page's timeline windows carry a position too (timeline-cursor.ts).
import { InvalidInputError, messageCursorSchema, type StoredMessage } from '@threadline/engine'
import { encodeOpaqueCursor, readOpaqueCursor } from './opaque-cursor.ts'

export type MessageCursor = { createdAt: Date; id: string }

export function encodeMessageCursor(message: Pick<StoredMessage, 'createdAt' | 'id'>): string {
  return encodeOpaqueCursor({ createdAt: message.createdAt.toISOString(), id: message.id })
}

/** The position a cursor names; InvalidInputError on `cursor` for anything this API did not return. */
export function decodeMessageCursor(cursor: string): MessageCursor {
  const parsed = messageCursorSchema.safeParse(readOpaqueCursor(cursor))
  if (!parsed.success) throw new InvalidInputError('cursor', 'is not a cursor returned by this API (a previous page’s nextCursor)')
  return parsed.data
}
