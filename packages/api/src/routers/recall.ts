import { InvalidInputError, recallModeSchema } from '@threadline/engine'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { resourceIdInput, threadIdInput } from '../inputs.ts'
import { requireResource, threadInScope } from '../scope.ts'
import type { Services } from '../services.ts'
import { authedProcedure, router, writeProcedure } from '../trpc.ts'

const searchInput = z
  .strictObject({
    /** search one thread ... */
    threadId: threadIdInput.optional(),
    /** ... or every thread of a resource */
    resourceId: resourceIdInput.optional(),
    query: z.string().trim().min(1, 'must not be empty').max(2000),
    topK: z.number().int().min(1).max(100).default(10),
    /** default: hybrid when the server has an embedding model (and pgvector), else full-text ('text') */
    mode: recallModeSchema.optional(),
  })
  .refine((input) => (input.threadId === undefined) !== (input.resourceId === undefined), {
    error: 'give either threadId or resourceId',
    path: ['threadId'],
  })

/** Embedding the thread needs vectors: an embedding model and pgvector. */
function requireVectorIndexing(services: Services): void {
  if (!services.semanticRecall) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: 'Vectors are not available: this PostgreSQL server has no pgvector extension (full-text recall needs no indexing)',
    })
  }
  if (services.embedder === null) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: 'No embedding model is configured: recall is full-text, which the database keeps indexed by itself',
    })
  }
}

export const recallRouter = router({
  /**
   * Recall search in a thread (its effective history) or across a resource: the
   * hits, best first, each with its thread's title, its real neighbours and the
   * clones' copies collapsed into it, and the mode that found them.
   */
  search: authedProcedure.input(searchInput).query(async ({ ctx, input }) => {
    const { query, topK } = input
    const mode = input.mode === undefined ? {} : { mode: input.mode }
    if (input.resourceId !== undefined) {
      requireResource(ctx.caller, input.resourceId)
      return ctx.services.memory.searchMessages({ resourceId: input.resourceId, query, topK, ...mode })
    }
    // the input's check refuses neither as well as both
    if (input.threadId === undefined) throw new InvalidInputError('threadId', 'give either threadId or resourceId')
    const thread = await threadInScope(ctx.services, ctx.caller, input.threadId)
    return ctx.services.memoryFor('thread').searchMessages({ threadId: thread.id, query, topK, ...mode })
  }),

  /**
   * The embeddings panel and the recall page's "index" hint: the recall mode and,
   * with vectors, how many of the thread's messages have one from the server's
   * embedder (one query). Full-text recall needs no indexing: `unindexed` is 0.
   * Without pgvector: `vectorsAvailable: false`.
   */
  status: authedProcedure.input(z.object({ threadId: threadIdInput })).query(async ({ ctx, input }) => {
    const thread = await threadInScope(ctx.services, ctx.caller, input.threadId)
    const { memory, semanticRecall } = ctx.services
    const mode = memory.options.semanticRecall?.mode ?? 'text'
    if (memory.embedder === null) {
      const messages = await memory.countMessages({ threadId: thread.id })
      return { threadId: thread.id, mode, model: null, vectorsAvailable: semanticRecall, messages, withVector: 0, unindexed: 0 }
    }
    const status = await memory.getEmbeddingStatus({ threadId: thread.id })
    return { threadId: thread.id, mode, ...status, unindexed: status.messages - status.withVector }
  }),

  /** Embeds the thread's messages that have no vector yet (e.g. imported or seeded ones). */
  indexThread: writeProcedure.input(z.object({ threadId: threadIdInput })).mutation(async ({ ctx, input }) => {
    // the thread first: a foreign thread is NOT_FOUND whatever the server can do
    const thread = await threadInScope(ctx.services, ctx.caller, input.threadId)
    requireVectorIndexing(ctx.services)
    const messages = await ctx.services.memory.listMessages({ threadId: thread.id })
    // saving a message again embeds it when it lacks a vector of this embedder; nothing else changes
    await ctx.services.memory.saveMessages({ messages })
    return { threadId: thread.id, messages: messages.length }
  }),
})
