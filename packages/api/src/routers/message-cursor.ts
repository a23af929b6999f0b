// The opaque cursor of messages.list: the (createdAt, id) of a page's last
// message, base64url JSON. Opaque so callers pass it back as it is.
import { InvalidInputError, messageCursorSchema, type StoredMessage } from '@threadline/engine'

export type MessageCursor = { createdAt: Date; id: string }

export function encodeMessageCursor(message: Pick<StoredMessage, 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify({ createdAt: message.createdAt.toISOString(), id: message.id })).toString('base64url')
}

/** The position a cursor names; InvalidInputError on `cursor` for anything this API did not return. */
export function decodeMessageCursor(cursor: string): MessageCursor {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    value = undefined
  }
  const parsed = messageCursorSchema.safeParse(value)
  if (!parsed.success) throw new InvalidInputError('cursor', 'is not a cursor returned by this API (a previous page’s nextCursor)')
  return parsed.data
}
