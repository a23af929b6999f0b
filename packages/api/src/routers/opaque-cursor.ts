// A page cursor is opaque to callers, who pass it back as it is: a JSON value
// in base64url. Each kind of cursor checks what it decodes with its own schema.

export function encodeOpaqueCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/** The JSON value a cursor holds; undefined for anything that is not base64url JSON (the caller's schema then refuses it). */
export function readOpaqueCursor(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}
