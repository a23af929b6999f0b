// messages.saveAll: any number of messages saved in batches that fit the
// server's limits (at most `maxBatchMessages` messages and `maxBatchBytes`
// bytes of request body each), one batch after another. A batch the server
// still refuses as too large (a server configured with a smaller body limit)
// is planned again with the limit its 413 states, or halved when it states
// none. Every batch is all or nothing and saving is idempotent by message id,
// so after a failure the same saveAll can simply be run again.
import { ThreadlineError } from './threadline-error.ts'

/** The server's defaults (THREADLINE_MAX_BODY_BYTES 4 MB, 1,000 messages per save). */
export const DEFAULT_MAX_BATCH_MESSAGES = 1000
/** 4 MB less room for the request's envelope and the serializer's type metadata */
export const DEFAULT_MAX_BATCH_BYTES = 4 * 1024 * 1024 - 256 * 1024

/** What one message adds to a batch beyond its own JSON: a comma and superjson's `meta` entry for its date. */
const PER_MESSAGE_OVERHEAD_BYTES = 64

export type SaveAllOptions = {
  /** the most messages per request (default 1,000, the server's limit) */
  maxBatchMessages?: number
  /** the most bytes of JSON per request (default 4 MB less 256 KB) */
  maxBatchBytes?: number
  /** after each batch is saved: how many of the messages are saved so far */
  onBatch?: (progress: { saved: number; total: number; batches: number }) => void
  signal?: AbortSignal
  /** per batch: the longest one save call takes, retries included */
  timeoutMs?: number
}

export type SaveAllResult = { saved: number; batches: number; messageIds: string[] }

type SaveBatch<Message> = (messages: Message[], options: { signal?: AbortSignal; timeoutMs?: number }) => Promise<{ messageIds: string[] }>

type Limits = { messages: number; bytes: number }

const encoder = new TextEncoder()

/** The bytes a message takes in a save's body (UTF-8 JSON, dates as ISO strings as superjson writes them). */
export function messageBytes(message: unknown): number {
  return encoder.encode(JSON.stringify(message)).byteLength + PER_MESSAGE_OVERHEAD_BYTES
}

/**
 * Where the batch starting at `start` ends (exclusive): as many messages as fit
 * both limits. A single message over the byte limit cannot be sent: a
 * `request` error names it.
 */
export function batchEnd(sizes: readonly number[], start: number, limits: Limits): number {
  let bytes = 0
  let end = start
  while (end < sizes.length && end - start < limits.messages) {
    const size = sizes[end] ?? 0
    if (size > limits.bytes) {
      throw new ThreadlineError(`messages[${end}] takes ${size} bytes: more than the ${limits.bytes} bytes one save request may hold`, {
        kind: 'request',
        code: 'PAYLOAD_TOO_LARGE',
      })
    }
    if (bytes + size > limits.bytes) break
    bytes += size
    end += 1
  }
  return end
}

/**
 * The limits after the server refused a batch as too large: those its 413
 * states (bytes with a tenth to spare, as the estimate is not the exact body),
 * else half the refused batch. Either way the next batch is smaller.
 */
function limitsAfterRefusal(error: ThreadlineError, refused: Limits, limits: Limits): Limits {
  const stated = error.data?.limit
  if (stated && (stated.messages < refused.messages || stated.bytes < refused.bytes))
    return { messages: Math.min(limits.messages, stated.messages), bytes: Math.min(limits.bytes, Math.floor(stated.bytes * 0.9)) }
  return { messages: Math.ceil(refused.messages / 2), bytes: Math.floor(refused.bytes / 2) }
}

export async function saveAll<Message>(save: SaveBatch<Message>, messages: readonly Message[], options: SaveAllOptions = {}): Promise<SaveAllResult> {
  let limits: Limits = { messages: options.maxBatchMessages ?? DEFAULT_MAX_BATCH_MESSAGES, bytes: options.maxBatchBytes ?? DEFAULT_MAX_BATCH_BYTES }
  const sizes = messages.map(messageBytes)
  const messageIds: string[] = []
  let batches = 0
  let next = 0
  while (next < messages.length) {
    const end = batchEnd(sizes, next, limits)
    const batch = messages.slice(next, end)
    try {
      const result = await save(batch, {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      })
      messageIds.push(...result.messageIds)
    } catch (error) {
      if (!(error instanceof ThreadlineError) || error.code !== 'PAYLOAD_TOO_LARGE' || error.kind === 'request') throw error
      // one message the server refuses on its own: no split can send it
      if (batch.length === 1) throw error
      const refusedBytes = sizes.slice(next, end).reduce((sum, size) => sum + size, 0)
      limits = limitsAfterRefusal(error, { messages: batch.length, bytes: refusedBytes }, limits)
      continue
    }
    next = end
    batches += 1
    options.onBatch?.({ saved: next, total: messages.length, batches })
  }
  return { saved: messageIds.length, batches, messageIds }
}
