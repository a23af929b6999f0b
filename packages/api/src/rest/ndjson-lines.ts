// A request body of JSON Lines as its lines, read as the consumer pulls them:
// never more than one line (at most `maxLineBytes`) and the chunk it came in
// held at once. A line or a body over its limit stops the read with a 413
// naming the line; a line that is not UTF-8 is a 400 naming it.
import { TRPCError } from '@trpc/server'

/** 1 GiB: a 100,000-message thread of 1 KB messages is ~0.15 GB */
export const DEFAULT_MAX_IMPORT_BYTES = 1024 * 1024 * 1024

export type LineLimits = { maxLineBytes: number; maxTotalBytes: number }

const NEWLINE = 0x0a

function tooLarge(message: string): TRPCError {
  return new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message })
}

/** The body's lines without their line breaks (a final line needs none; a `\r` before the break is dropped), numbered from 1 by position. */
export async function* ndjsonLines(body: ReadableStream<Uint8Array>, limits: LineLimits): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const reader = body.getReader()
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  let total = 0
  let lineNumber = 1
  const lineOf = (parts: Uint8Array[]): string => {
    const joined = Buffer.concat(parts)
    try {
      const text = decoder.decode(joined)
      return text.endsWith('\r') ? text.slice(0, -1) : text
    } catch {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `Line ${lineNumber}: not UTF-8 text` })
    }
  }
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > limits.maxTotalBytes)
        throw tooLarge(`The import is larger than ${limits.maxTotalBytes} bytes (THREADLINE_MAX_IMPORT_BYTES); it was refused at line ${lineNumber}`)
      let start = 0
      for (let end = value.indexOf(NEWLINE); end !== -1; end = value.indexOf(NEWLINE, start)) {
        if (pendingBytes + end - start > limits.maxLineBytes) break
        const line = lineOf([...pending, value.subarray(start, end)])
        pending = []
        pendingBytes = 0
        start = end + 1
        yield line
        lineNumber++
      }
      pending.push(value.subarray(start))
      pendingBytes += value.byteLength - start
      if (pendingBytes > limits.maxLineBytes)
        throw tooLarge(`Line ${lineNumber} is longer than ${limits.maxLineBytes} bytes (THREADLINE_MAX_BODY_BYTES, the limit of one line)`)
    }
    if (pendingBytes > 0) yield lineOf(pending)
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}
