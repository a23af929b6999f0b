// Input fields a REST caller may send as HTTP headers: If-Match (a message's
// ETag: its version) and Idempotency-Key. The header fills the procedure's
// input field (it wins over the same field in the body) and the OpenAPI
// document declares it as a header parameter.

export type HeaderInput = {
  /** the header's name as documented */
  header: string
  /** the procedure's input field it fills */
  field: string
  description: string
  /** the field's value from the header's text (what the input schema cannot take is left for it to refuse, naming the field) */
  parse: (text: string) => unknown
}

/** The ETag of a message version: a strong tag of the number. */
export function versionTag(version: number): string {
  return `"${version}"`
}

export const ifMatchVersion: HeaderInput = {
  header: 'If-Match',
  field: 'expectedVersion',
  description: "The message's ETag as read (GET .../messages/{messageId}); a stale one answers 409 and writes nothing",
  parse: (text) => {
    const tag = /^(?:W\/)?"?(\d{1,9})"?$/.exec(text.trim())?.[1]
    return tag === undefined ? text : Number(tag)
  },
}

export const idempotencyKeyHeader: HeaderInput = {
  header: 'Idempotency-Key',
  field: 'idempotencyKey',
  description:
    'Makes the create safe to retry for 24 h: the same key with the same body answers the first answer again (nothing is created twice); with another body, 409',
  parse: (text) => text,
}
