import { InvalidInputError } from '@threadline/engine'
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
  })
  .refine((input) => (input.threadId === undefined) !== (input.resourceId === undefined), {
    error: 'give either threadId or resourceId',
    path: ['threadId'],
  })

function requireSemanticRecall(services: Services): void {
  if (!services.semanticRecall) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: 'Semantic recall is not available: this PostgreSQL server has no pgvector extension',
    })
  }
}

export const recallRouter = router({
  /** Semantic search: the best-matching messages with their similarity scores, best first. */
  search: authedProcedure.input(searchInput).query(async ({ ctx, input }) => {
    requireSemanticRecall(ctx.services)
    if (input.resourceId !== undefined) {
      requireResource(ctx.caller, input.resourceId)
      const results = await ctx.services.memory.searchMessages({ resourceId: input.resourceId, query: input.query, topK: input.topK })
      return { results, context: results.map((result) => result.message) }
    }
    // the input's check refuses neither as well as both
    if (input.threadId === undefined) throw new InvalidInputError('threadId', 'give either threadId or resourceId')
    const thread = await threadInScope(ctx.services, ctx.caller, input.threadId)
    const { messages, matches } = await ctx.services.memoryFor('thread').recall({
      threadId: thread.id,
      vectorSearchString: input.query,
      topK: input.topK,
      lastMessages: false,
    })
    const byId = new Map(messages.map((message) => [message.id, message]))
    return {
      results: matches.flatMap((match) => {
        const message = byId.get(match.messageId)
        return message ? [{ score: match.score, message }] : []
      }),
      /** the matches with their neighbouring messages, in conversation order */
      context: messages,
    }
  }),

  /**
   * The embeddings panel: how many of the thread's messages have a vector from
   * the server's embedder (one query). Without pgvector: `vectorsAvailable: false`.
   */
  status: authedProcedure.input(z.object({ threadId: threadIdInput })).query(async ({ ctx, input }) => {
    const thread = await threadInScope(ctx.services, ctx.caller, input.threadId)
    return { threadId: thread.id, ...(await ctx.services.memory.getEmbeddingStatus({ threadId: thread.id })) }
  }),

  /** Embeds the thread's messages that have no vector yet (e.g. imported or seeded ones). */
  indexThread: writeProcedure.input(z.object({ threadId: threadIdInput })).mutation(async ({ ctx, input }) => {
    requireSemanticRecall(ctx.services)
    const thread = await threadInScope(ctx.services, ctx.caller, input.threadId)
    const messages = await ctx.services.memory.listMessages({ threadId: thread.id })
    // saving a message again embeds it when it lacks a vector of this embedder; nothing else changes
    await ctx.services.memory.saveMessages({ messages })
    return { threadId: thread.id, messages: messages.length }
  }),
})
