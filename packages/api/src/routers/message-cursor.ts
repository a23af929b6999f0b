// The opaque cursor of messages.list: the (createdAt, id) of a page's last
// message, base64url JSON. Opaque so callers pass it back as it is.
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
