import { ThreadNotFoundError, type ThreadListItem } from '@threadline/engine'
import { z } from 'zod'
import { publicProcedure, router } from '../trpc.ts'

const resourceId = z.string().trim().min(1).max(200)

const listInput = z.object({
  resourceId: resourceId.optional(),
  /** case-insensitive substring of the title */
  search: z.string().trim().max(200).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
})

const byIdInput = z.object({
  id: z.string().trim().min(1).max(200),
  /** the thread page shows the first messages; the rest come with the full UI */
  messageLimit: z.number().int().min(1).max(1000).default(500),
})

/** A row of the threads explorer. Last activity: the latest message or thread change. */
export function toThreadRow(thread: ThreadListItem) {
  const lastActivityAt =
    thread.lastMessageAt && thread.lastMessageAt > thread.updatedAt ? thread.lastMessageAt : thread.updatedAt
  return {
    id: thread.id,
    resourceId: thread.resourceId,
    title: thread.title,
    messageCount: thread.messageCount,
    isClone: thread.sourceThreadId !== null,
    sourceThreadId: thread.sourceThreadId,
    createdAt: thread.createdAt,
    lastActivityAt,
  }
}

export const threadsRouter = router({
  list: publicProcedure.input(listInput).query(async ({ ctx, input }) => {
    const { threads, total } = await ctx.db.storage.listThreads({
      resourceId: input.resourceId,
      titleContains: input.search || undefined,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
      orderBy: 'updatedAt',
    })
    return {
      items: threads.map(toThreadRow),
      total,
      page: input.page,
      pageSize: input.pageSize,
      pageCount: Math.max(1, Math.ceil(total / input.pageSize)),
    }
  }),

  byId: publicProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const thread = await ctx.db.storage.getThreadById(input.id)
    if (!thread) throw new ThreadNotFoundError(input.id)
    const [messages, messageCount] = await Promise.all([
      ctx.db.storage.listMessages({ threadId: thread.id, limit: input.messageLimit }),
      ctx.db.storage.countMessages(thread.id),
    ])
    return { thread, messages, messageCount }
  }),
})
