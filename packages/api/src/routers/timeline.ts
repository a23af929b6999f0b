// The thread page's timeline over a thread of any length: a window of messages
// opened at the newest, the first, a position (#N) or a message, then widened a
// page at a time in either direction by keyset reads. Every window is one or two
// index range scans plus counts: the thread itself is never read whole.
import { type Memory, MessageNotFoundError, type StoredMessage } from '@threadline/engine'
import { z } from 'zod'
import { idInput, threadIdInput } from '../inputs.ts'
import { authedProcedure, router } from '../trpc.ts'
import { decodeTimelineCursor, encodeTimelineCursor } from './timeline-cursor.ts'

/** The most messages one window carries. */
export const TIMELINE_PAGE_LIMIT = 200

const atInput = z.union([
  z.literal('latest'),
  z.literal('first'),
  z.strictObject({ position: z.number().int().min(1) }),
  z.strictObject({ messageId: idInput }),
  /** the previous window's `before` / `after` cursor */
  z.strictObject({ before: z.string().max(1000) }),
  z.strictObject({ after: z.string().max(1000) }),
])

export type TimelineAt = z.input<typeof atInput>

const pageInput = z.strictObject({
  threadId: threadIdInput,
  at: atInput,
  limit: z.number().int().min(1).max(TIMELINE_PAGE_LIMIT).default(50),
})

/** The window of `limit` messages around position `target` (1-based), clamped to the thread. */
async function windowAround(memory: Pick<Memory, 'listMessages'>, threadId: string, target: number, total: number, limit: number) {
  const start = Math.max(1, Math.min(target - Math.floor(limit / 2), total - limit + 1))
  return { items: await memory.listMessages({ threadId, limit, offset: start - 1 }), firstPosition: start }
}

export const timelineRouter = router({
  /**
   * A window of the thread's messages (effective history, (createdAt, id)
   * order) with the 1-based position of its first one, the thread's total,
   * and the cursors of the pages just before and after it (null at either end).
   * `at`: 'latest' (the newest messages), 'first', `{position}` (centred on #N),
   * `{messageId}` (centred on it: NOT_FOUND when it is not in the thread), or a
   * previous window's `{before}` / `{after}` cursor.
   */
  page: authedProcedure.input(pageInput).query(async ({ ctx, input }) => {
    const thread = await ctx.memory.thread(input.threadId)
    const memory = ctx.services.memory
    const threadId = thread.id
    const { at, limit } = input
    const total = await memory.countMessages({ threadId })
    let window: { items: StoredMessage[]; firstPosition: number }
    if (at === 'latest') {
      const items = await memory.listMessages({ threadId, last: limit })
      window = { items, firstPosition: total - items.length + 1 }
    } else if (at === 'first') {
      window = { items: await memory.listMessages({ threadId, limit }), firstPosition: 1 }
    } else if ('position' in at) {
      window = await windowAround(memory, threadId, Math.min(at.position, total), total, limit)
    } else if ('messageId' in at) {
      const position = (await memory.messagePositions({ threadId, messageIds: [at.messageId] })).get(at.messageId)
      if (position === undefined) throw new MessageNotFoundError([at.messageId], { field: 'at.messageId' })
      window = await windowAround(memory, threadId, position, total, limit)
    } else if ('before' in at) {
      const cursor = decodeTimelineCursor(at.before, 'at.before')
      const items = await memory.listMessages({ threadId, last: limit, before: { createdAt: cursor.createdAt, id: cursor.id } })
      window = { items, firstPosition: cursor.position - items.length }
    } else {
      const cursor = decodeTimelineCursor(at.after, 'at.after')
      const items = await memory.listMessages({ threadId, limit, after: { createdAt: cursor.createdAt, id: cursor.id } })
      window = { items, firstPosition: cursor.position + 1 }
    }
    const { items, firstPosition } = window
    const first = items[0]
    const last = items.at(-1)
    const lastPosition = firstPosition + items.length - 1
    return {
      items,
      firstPosition,
      total,
      before: first && firstPosition > 1 ? encodeTimelineCursor(first, firstPosition) : null,
      after: last && lastPosition < total ? encodeTimelineCursor(last, lastPosition) : null,
    }
  }),

  /** The 1-based positions of the given messages in the thread (those not in it are left out). */
  positions: authedProcedure
    .input(z.strictObject({ threadId: threadIdInput, messageIds: z.array(idInput).max(TIMELINE_PAGE_LIMIT) }))
    .query(async ({ ctx, input }) => {
      const thread = await ctx.memory.thread(input.threadId)
      const positions = await ctx.services.memory.messagePositions({ threadId: thread.id, messageIds: input.messageIds })
      return Object.fromEntries(positions)
    }),

  /** Messages of the thread by id, in thread order, each with its position (the clone preview's selected messages). */
  byIds: authedProcedure
    .input(z.strictObject({ threadId: threadIdInput, messageIds: z.array(idInput).max(TIMELINE_PAGE_LIMIT) }))
    .query(async ({ ctx, input }) => {
      const thread = await ctx.memory.thread(input.threadId)
      const memory = ctx.services.memory
      const [messages, positions] = await Promise.all([
        input.messageIds.length === 0 ? [] : memory.listMessages({ threadId: thread.id, messageIds: input.messageIds }),
        memory.messagePositions({ threadId: thread.id, messageIds: input.messageIds }),
      ])
      return messages.map((message) => ({ message, position: positions.get(message.id) ?? null }))
    }),
})
