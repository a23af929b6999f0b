import { messageBatchSchema } from '@threadline/engine'
import { messageTextSearchInputSchema } from '@threadline/engine/storage'
import { z } from 'zod'
import { pageCount, pageInput, pageSizeInput, resourceIdInput, threadIdInput } from '../inputs.ts'
import { authedProcedure, router, writeProcedure } from '../trpc.ts'
import { decodeMessageCursor, encodeMessageCursor } from './message-cursor.ts'

/** The most messages one messages.save call takes (docs/api.md, "Writing threads and messages"). */
export const MESSAGES_SAVE_LIMIT = 1000

const saveInput = z.strictObject({
  // the engine's batch schema: its parsed (branded) output goes to Memory's trusted path as it is
  messages: messageBatchSchema.min(1).max(MESSAGES_SAVE_LIMIT, `must have at most ${MESSAGES_SAVE_LIMIT} messages per call (split the batch)`),
})

const listInput = z.strictObject({
  threadId: threadIdInput,
  /** the previous page's `nextCursor`; none for the first page */
  cursor: z.string().max(1000).optional(),
  limit: z.number().int().min(1).max(500).default(100),
})

const searchInput = z.strictObject({
  query: messageTextSearchInputSchema.shape.query,
  /** one resource (in the caller's scope); absent: every resource the caller sees */
  resourceId: resourceIdInput.optional(),
  page: pageInput,
  pageSize: pageSizeInput,
})

export const messagesRouter = router({
  /**
   * Message search across threads (the explorer's): full-text, every word of
   * the query (web search syntax), best ranked first, a page at a time with the
   * total. Each hit has its thread's title and a snippet as plain-text segments,
   * the query's words marked (`match`).
   */
  search: authedProcedure.input(searchInput).query(async ({ ctx, input }) => {
    const resourceIds = ctx.memory.scope.listed(input.resourceId)
    const { hits, total } = await ctx.services.threadQueries.searchMessages({
      query: input.query,
      ...(resourceIds === null ? {} : { resourceIds }),
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    })
    return { items: hits, total, page: input.page, pageSize: input.pageSize, pageCount: pageCount(total, input.pageSize) }
  }),

  /**
   * Inserts messages (the engine's stored-message format) or replaces them by
   * id, all or nothing in one transaction: saving the same batch again changes
   * nothing (idempotent by message id). An id that belongs to another thread
   * is refused (CONFLICT). With an embedding model (and pgvector), the new and
   * changed messages are embedded by a background index job queued once they
   * are committed: the request does not wait for the embedder.
   */
  save: writeProcedure.input(saveInput).mutation(async ({ ctx, input }) => {
    // the batch is parsed (by the engine's schema): the trusted path; every thread must be in the caller's scope
    // (NOT_FOUND otherwise, as everywhere), checked on the threads the save reads in its transaction
    const saved = await ctx.memory.parsed.saveMessages(input, { sameThreadOnly: true })
    return { saved: saved.length, messageIds: saved.map((message) => message.id) }
  }),

  /** A page of a thread's messages in (createdAt, id) order; `nextCursor` is null on the last page. */
  list: authedProcedure.input(listInput).query(async ({ ctx, input }) => {
    const thread = await ctx.memory.thread(input.threadId)
    const after = input.cursor === undefined ? undefined : decodeMessageCursor(input.cursor)
    // one more than the page tells whether another page follows
    const rows = await ctx.services.memory.listMessages({ threadId: thread.id, limit: input.limit + 1, ...(after ? { after } : {}) })
    const items = rows.slice(0, input.limit)
    const last = items.at(-1)
    return { items, nextCursor: rows.length > input.limit && last ? encodeMessageCursor(last) : null }
  }),
})
