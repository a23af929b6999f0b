// The write batch limits, stated in bytes and messages (docs/api.md, "Batch
// limits"): a request body of at most THREADLINE_MAX_BODY_BYTES (default 4 MB:
// 1,000 messages of 1 KB of text, twice over (parts and `content`), with their
// JSON fit in it), and at most MESSAGES_SAVE_LIMIT messages per save. Either
// refusal is PAYLOAD_TOO_LARGE (413) whose answer names both limits and the
// batch's size (REST: the problem's `limit` and `size`).
import { TRPCError } from '@trpc/server'

/** The most messages one messages.save call takes. */
export const MESSAGES_SAVE_LIMIT = 1000

export type BatchLimit = { bytes: number; messages: number }
/** what was sent: the body's bytes (declared, or read up to the limit) and/or its messages */
export type BatchSize = { bytes?: number; messages?: number }

/** The cause of a PAYLOAD_TOO_LARGE: the errorFormatter copies `limit` and `size` into the answer. */
export class BatchTooLarge extends Error {
  constructor(
    message: string,
    readonly limit: BatchLimit,
    readonly size: BatchSize,
  ) {
    super(message)
  }
}

export function limitsOf(maxBodyBytes: number): BatchLimit {
  return { bytes: maxBodyBytes, messages: MESSAGES_SAVE_LIMIT }
}

const stated = (limit: BatchLimit) => `at most ${limit.bytes} bytes per request (THREADLINE_MAX_BODY_BYTES) and ${limit.messages} messages per save`

/** A body over the byte limit; `bytes`: its declared length, or undefined when it was cut off at the limit. */
export function bodyTooLarge(limit: BatchLimit, bytes: number | undefined): BatchTooLarge {
  const size = bytes === undefined ? `more than ${limit.bytes}` : String(bytes)
  return new BatchTooLarge(`The request body is ${size} bytes: ${stated(limit)}; split the batch`, limit, bytes === undefined ? {} : { bytes })
}

export function tooManyMessages(limit: BatchLimit, messages: number): TRPCError {
  const cause = new BatchTooLarge(`messages: the batch holds ${messages} messages: ${stated(limit)}; split the batch`, limit, { messages })
  return new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: cause.message, cause })
}
