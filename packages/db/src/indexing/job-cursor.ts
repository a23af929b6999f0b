// A job's keyset position, (created_at, id) of the last message written, in one text column.

export type JobCursor = { createdAt: Date; id: string }

export function encodeCursor(cursor: JobCursor): string {
  return `${cursor.createdAt.toISOString()} ${cursor.id}`
}

export function decodeCursor(text: string | null): JobCursor | null {
  if (text === null) return null
  const space = text.indexOf(' ')
  return { createdAt: new Date(text.slice(0, space)), id: text.slice(space + 1) }
}
