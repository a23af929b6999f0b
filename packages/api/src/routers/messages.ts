import { messageBatchSchema, updateMessageInputSchema } from '@threadline/engine'
import { messageTextSearchInputSchema } from '@threadline/engine/storage'
import { z } from 'zod'
import { idInput, pageCount, pageInput, pageSizeInput, resourceIdInput, threadIdInput } from '../inputs.ts'
import { limitsOf, MESSAGES_SAVE_LIMIT, tooManyMessages } from '../batch-limits.ts'
import { versionTag } from '../rest/header-inputs.ts'
import { authedProcedure, router, writeProcedure } from '../trpc.ts'
import { decodeMessageCursor, encodeMessageCursor } from './message-cursor.ts'

const saveInput = z.strictObject({
  // the engine's batch schema: its parsed (branded) output goes to Memory's trusted path as it is; more
  // than the limit is refused by the procedure as PAYLOAD_TOO_LARGE (batch-limits.ts), documented as maxItems
  messages: messageBatchSchema.min(1).meta({ maxItems: MESSAGES_SAVE_LIMIT }),
})

const listInput = z.strictObject({
  threadId: threadIdInput,
  /** the previous page's `nextCursor`; none for the first page */
  cursor: z.string().max(1000).optional(),
  limit: z.number().int().min(1).max(500).default(100),
  /** 'asc' (default): oldest first, each page after the cursor; 'desc': newest first (the first page is the newest `limit`), each page before the cursor */
  order: z.enum(['asc', 'desc']).default('asc'),
})

const messageInput = z.strictObject({ threadId: threadIdInput, messageId: idInput })

const deleteInput = z.strictObject({
  threadId: threadIdInput,
  messageIds: z.array(idInput).min(1, 'must name at least one message').max(MESSAGES_SAVE_LIMIT, `must hold at most ${MESSAGES_SAVE_LIMIT} ids per call`),
})

/** The REST ETag of a message version (messages.get / update answer it; If-Match sends it back). */
function setVersionTag(headers: Headers, version: number): void {
  headers.set('etag', versionTag(version))
}

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
    if (input.messages.length > MESSAGES_SAVE_LIMIT) throw tooManyMessages(limitsOf(ctx.services.config.maxBodyBytes), input.messages.length)
    // the batch is parsed (by the engine's schema): the trusted path; every thread must be in the caller's scope
    // (NOT_FOUND otherwise, as everywhere), checked on the threads the save reads in its transaction
    const saved = await ctx.memory.parsed.saveMessages(input, { sameThreadOnly: true })
    return { saved: saved.length, messageIds: saved.map((message) => message.id) }
  }),

  /**
   * A page of a thread's messages in (createdAt, id) order, or newest first
   * with `order: 'desc'`; `nextCursor` (the page's last message) is null on the last page.
   */
  list: authedProcedure.input(listInput).query(async ({ ctx, input }) => {
    const thread = await ctx.memory.thread(input.threadId)
    const from = input.cursor === undefined ? undefined : decodeMessageCursor(input.cursor)
    // one more than the page tells whether another page follows
    const rows =
      input.order === 'asc'
        ? await ctx.services.memory.listMessages({ threadId: thread.id, limit: input.limit + 1, ...(from ? { after: from } : {}) })
        : (await ctx.services.memory.listMessages({ threadId: thread.id, last: input.limit + 1, ...(from ? { before: from } : {}) })).reverse()
    const items = rows.slice(0, input.limit)
    const last = items.at(-1)
    return { items, nextCursor: rows.length > input.limit && last ? encodeMessageCursor(last) : null }
  }),

  /** One message of the thread's history with its version (REST: the ETag), the version messages.update expects. */
  get: authedProcedure.input(messageInput).query(async ({ ctx, input }) => {
    const versioned = await ctx.memory.getMessage(input)
    setVersionTag(ctx.resHeaders, versioned.version)
    return versioned
  }),

  /**
   * Replaces one message's content when `expectedVersion` (REST: If-Match) is
   * still its version: a stale one is a CONFLICT and nothing is written. The
   * branch guards of messages.delete apply. With vectors, the message is
   * re-embedded by an index job, as a save of new text is.
   */
  update: writeProcedure.input(updateMessageInputSchema).mutation(async ({ ctx, input }) => {
    const versioned = await ctx.memory.updateMessage(input)
    setVersionTag(ctx.resHeaders, versioned.version)
    return versioned
  }),

  /**
   * Deletes messages the thread owns, with their vectors, in one transaction;
   * all or nothing. A message the thread inherits (a branch's) or one a branch
   * inherits is refused (CONFLICT, the branch guards); unknown ids are NOT_FOUND.
   */
  delete: writeProcedure.input(deleteInput).mutation(async ({ ctx, input }) => {
    return { deleted: await ctx.memory.deleteMessages(input) }
  }),
})
