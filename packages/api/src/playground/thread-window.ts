// The playground's view of a stored thread: one window of its messages at a
// time (docs/api.md, "Response caps"), read with a SQL LIMIT and cut at a byte
// budget, so a 50k-message thread costs what a 100-message one does. The rules
// run on the window; `truncated` says where it sits and how to get the next.
import type { StoredMessage } from '@threadline/engine'
import { z } from 'zod'
import { decodeMessageCursor, encodeMessageCursor } from '../routers/message-cursor.ts'
import type { AuthedContext } from '../trpc.ts'
import { pageCursorInput, truncationOf, type Truncation } from '../truncation.ts'

/** The most messages of a window, and how many unless asked. */
export const PLAYGROUND_WINDOW_MAX_MESSAGES = 200
export const PLAYGROUND_WINDOW_DEFAULT_MESSAGES = 100
/** A window's stored messages as JSON stay under this (a window always holds at least one message). */
export const PLAYGROUND_WINDOW_MAX_BYTES = 256 * 1024

export const threadWindowInput = {
  /** the previous answer's `truncated.nextCursor`: the next window */
  cursor: pageCursorInput.optional(),
  /** messages per window */
  limit: z.number().int().min(1).max(PLAYGROUND_WINDOW_MAX_MESSAGES).default(PLAYGROUND_WINDOW_DEFAULT_MESSAGES),
}

export type ThreadWindow = { messages: StoredMessage[]; truncated: Truncation }

/** The first messages of `rows` whose JSON fits the byte budget (at least one). */
function withinBytes(rows: readonly StoredMessage[]): StoredMessage[] {
  let bytes = 0
  const kept: StoredMessage[] = []
  for (const message of rows) {
    bytes += Buffer.byteLength(JSON.stringify(message))
    if (kept.length > 0 && bytes > PLAYGROUND_WINDOW_MAX_BYTES) break
    kept.push(message)
  }
  return kept
}

/** A window of a thread of the caller's scope (NOT_FOUND for another tenant's, as for a missing one). */
export async function threadWindow(ctx: AuthedContext, threadId: string, page: { cursor?: string | undefined; limit: number }): Promise<ThreadWindow> {
  const thread = await ctx.memory.thread(threadId)
  const after = page.cursor === undefined ? undefined : decodeMessageCursor(page.cursor)
  // one more than the window tells whether another follows; the total is the thread's counter
  // the thread is in scope: its messages are read without checking it again
  const rows = await ctx.services.memory.listMessages({ threadId: thread.id, limit: page.limit + 1, ...(after ? { after } : {}) })
  const messages = withinBytes(rows.slice(0, page.limit))
  const last = messages.at(-1)
  const nextCursor = rows.length > messages.length && last ? encodeMessageCursor(last) : null
  const total = await ctx.services.memory.countMessages({ threadId: thread.id })
  return { messages, truncated: truncationOf({ total, returned: messages.length, nextCursor, cursorGiven: after !== undefined }) }
}

/** The newest messages of a thread (the Switch check: what the next turn sends), and how many it holds in all. */
export type NewestWindow = { messages: StoredMessage[]; total: number }

/** The newest `limit` messages of a thread of the caller's scope, cut at the byte budget from the oldest side (NOT_FOUND as `threadWindow`). */
export async function newestThreadWindow(ctx: AuthedContext, threadId: string, limit: number): Promise<NewestWindow> {
  const thread = await ctx.memory.thread(threadId)
  const rows = await ctx.services.memory.listMessages({ threadId: thread.id, last: limit })
  // newest first through the budget, then back in order
  const messages = withinBytes(rows.toReversed()).reverse()
  return { messages, total: await ctx.services.memory.countMessages({ threadId: thread.id }) }
}
