import { exactlyOneOf, recallModeSchema } from '@threadline/engine'
import { z } from 'zod'
import { resourceIdInput, threadIdInput } from '../inputs.ts'
import { authedProcedure, router } from '../trpc.ts'

const searchInput = exactlyOneOf(
  z.strictObject({
    /** search one thread ... */
    threadId: threadIdInput.optional(),
    /** ... or every thread of a resource */
    resourceId: resourceIdInput.optional(),
    query: z.string().trim().min(1, 'must not be empty').max(2000),
    topK: z.number().int().min(1).max(100).default(10),
    /** default: hybrid when the server has an embedding model (and pgvector), else full-text ('text') */
    mode: recallModeSchema.optional(),
  }),
  'threadId',
  'resourceId',
)

export const recallRouter = router({
  /**
   * Recall search in a thread (its effective history) or across a resource: the
   * hits, best first, each with its thread's title, its real neighbours and the
   * clones' copies collapsed into it, and the mode that found them.
   */
  search: authedProcedure.input(searchInput).query(async ({ ctx, input }) => {
    const { query, topK } = input
    const mode = input.mode === undefined ? {} : { mode: input.mode }
    if (input.threadId === undefined) return ctx.memory.searchMessages({ resourceId: input.resourceId, query, topK, ...mode })
    return ctx.memoryFor('thread').searchMessages({ threadId: input.threadId, query, topK, ...mode })
  }),

  /**
   * The embeddings panel: the recall mode and,
   * with vectors, how many of the thread's messages have one from the server's
   * embedder (one query). Full-text recall needs no indexing: `unindexed` is 0.
   * Without pgvector: `vectorsAvailable: false`.
   */
  status: authedProcedure.input(z.object({ threadId: threadIdInput })).query(async ({ ctx, input }) => {
    const thread = await ctx.memory.thread(input.threadId)
    const { memory, semanticRecall } = ctx.services
    const mode = memory.options.semanticRecall?.mode ?? 'text'
    if (memory.embedder === null) {
      const messages = await memory.countMessages({ threadId: thread.id })
      return { threadId: thread.id, mode, model: null, vectorsAvailable: semanticRecall, messages, withVector: 0, unindexed: 0 }
    }
    const status = await memory.getEmbeddingStatus({ threadId: thread.id })
    return { threadId: thread.id, mode, ...status, unindexed: status.messages - status.withVector }
  }),
})
