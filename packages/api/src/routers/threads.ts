import {
  createThreadInputSchema,
  deleteThreadOptionsSchema,
  getCloneMetadata,
  isBranch,
  isClone,
  type ScopedMemory,
  ThreadAlreadyExistsError,
  updateThreadInputSchema,
} from '@threadline/engine'
import type { ThreadListItem } from '@threadline/engine/storage'
import { z } from 'zod'
import { auditCaller } from '../audit/record-audit.ts'
import { threadIdUnavailable } from '../errors.ts'
import { idInput, pageCount, pageInput, pageSizeInput, resourceIdInput, threadIdInput } from '../inputs.ts'
import { redactUnreadableSource, redactUnreadableSources } from '../lineage-redaction.ts'
import { branchOf } from './branch-summary.ts'
import { idempotencyKeyInput } from '../idempotency/idempotent-create.ts'
import { authedProcedure, createProcedure, router, writeProcedure } from '../trpc.ts'
import { timelineRouter } from './timeline.ts'

const listInput = z.object({
  resourceId: resourceIdInput.optional(),
  /** case-insensitive substring of the title */
  search: z.string().trim().max(200).optional(),
  /** true: clones only; false: originals only */
  isClone: z.boolean().optional(),
  /** true: branches only; false: threads that are not branches */
  isBranch: z.boolean().optional(),
  /** observational memory in either scope (the thread's or its resource's) */
  hasObservationalMemory: z.boolean().optional(),
  /** working memory in either scope (the thread's or its resource's) */
  hasWorkingMemory: z.boolean().optional(),
  page: pageInput,
  pageSize: pageSizeInput,
})

const byIdInput = z.object({
  id: idInput,
  /** the thread page shows the first messages; `messages` pages through the rest */
  messageLimit: z.number().int().min(1).max(1000).default(500),
})

const deleteInput = deleteThreadOptionsSchema.extend({ threadId: threadIdInput })

const messagesInput = z.object({
  threadId: threadIdInput,
  page: pageInput,
  pageSize: z.number().int().min(1).max(500).default(50),
})

/** A row of the threads explorer. Last activity: the latest message or thread change. */
/** The titles of the threads the rows were branched or cloned from (in the caller's scope; others are left out), by id. */
async function lineageTitles(memory: ScopedMemory, threads: ThreadListItem[]): Promise<Map<string, string>> {
  const ids = threads.flatMap((thread) => [thread.branch?.parentThreadId, thread.sourceThreadId].filter((id): id is string => typeof id === 'string'))
  return new Map((await memory.getThreadsByIds(ids)).map((thread) => [thread.id, thread.title]))
}

function toThreadRow(thread: ThreadListItem, titles: ReadonlyMap<string, string>) {
  const lastActivityAt = thread.lastMessageAt && thread.lastMessageAt > thread.updatedAt ? thread.lastMessageAt : thread.updatedAt
  return {
    id: thread.id,
    resourceId: thread.resourceId,
    title: thread.title,
    messageCount: thread.messageCount,
    inheritedMessageCount: thread.inheritedMessageCount,
    isClone: isClone(thread),
    sourceThreadId: thread.sourceThreadId,
    isBranch: isBranch(thread),
    branchParentId: thread.branch?.parentThreadId ?? null,
    /** the source's and the parent's titles, so the lineage column names threads, not UUIDs (null: unknown or out of scope) */
    branchParentTitle: titles.get(thread.branch?.parentThreadId ?? '') ?? null,
    sourceTitle: titles.get(thread.sourceThreadId ?? '') ?? null,
    cloneDepth: thread.cloneDepth,
    providersSeen: thread.providersSeen,
    hasWorkingMemory: thread.hasWorkingMemory,
    hasObservationalMemory: thread.hasObservationalMemory,
    createdAt: thread.createdAt,
    lastActivityAt,
  }
}

export const threadsRouter = router({
  /** the thread page's timeline (timeline.ts): nested here so a turn's invalidation of `threads` reloads it */
  timeline: timelineRouter,

  /**
   * Threads, most recently updated first, with message counts, clone flag and
   * depth, providers seen, memory flags and last activity; filterable by flags.
   */
  list: authedProcedure.input(listInput).query(async ({ ctx, input }) => {
    const { scope } = ctx.memory
    const { threads, total } = await ctx.services.threadQueries.listThreads({
      // the one asked for (when in scope), else the scope's (a token scoped to several resources names one)
      resourceId: scope.single(input.resourceId),
      // clone depth never walks into another tenant's threads
      ...(scope.resourceIds === null ? {} : { lineageResourceIds: scope.resourceIds }),
      titleContains: input.search || undefined,
      isClone: input.isClone,
      isBranch: input.isBranch,
      hasObservationalMemory: input.hasObservationalMemory,
      hasWorkingMemory: input.hasWorkingMemory,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
      orderBy: 'updatedAt',
    })
    const items = await redactUnreadableSources(ctx.memory, threads)
    const titles = await lineageTitles(ctx.memory, items)
    return {
      items: items.map((item) => toThreadRow(item, titles)),
      total,
      page: input.page,
      pageSize: input.pageSize,
      pageCount: pageCount(total, input.pageSize),
    }
  }),

  /** One thread with its message count and clone metadata; the id of a promoted branch gives the thread now holding its history, with `redirectedFrom`. */
  get: authedProcedure.input(z.object({ threadId: threadIdInput })).query(async ({ ctx, input }) => {
    const resolved = await ctx.memory.resolveThread(input.threadId)
    const thread = await redactUnreadableSource(ctx.memory, resolved.thread)
    const [messageCount, branch] = await Promise.all([ctx.services.memory.countMessages({ threadId: thread.id }), branchOf(ctx.memory, thread)])
    return {
      thread,
      redirectedFrom: resolved.redirectedFrom,
      messageCount,
      isClone: isClone(thread),
      clone: getCloneMetadata(thread),
      isBranch: branch !== null,
      branch,
    }
  }),

  /** The thread page: the thread and its first messages. */
  byId: authedProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const found = await ctx.memory.thread(input.id)
    // the thread is in scope: its messages are read without checking it again
    const [messages, messageCount, thread] = await Promise.all([
      ctx.services.memory.listMessages({ threadId: found.id, limit: input.messageLimit }),
      ctx.services.memory.countMessages({ threadId: found.id }),
      redactUnreadableSource(ctx.memory, found),
    ])
    return { thread, messages, messageCount }
  }),

  /** A page of a thread's messages in (createdAt, id) order. */
  messages: authedProcedure.input(messagesInput).query(async ({ ctx, input }) => {
    const thread = await ctx.memory.thread(input.threadId)
    const [items, total] = await Promise.all([
      ctx.services.memory.listMessages({ threadId: thread.id, limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
      ctx.services.memory.countMessages({ threadId: thread.id }),
    ])
    return { items, total, page: input.page, pageSize: input.pageSize, pageCount: pageCount(total, input.pageSize) }
  }),

  /** A new thread in a resource of the caller's; a given `threadId` that exists -> CONFLICT. */
  create: createProcedure
    .input(createThreadInputSchema)
    .input(idempotencyKeyInput)
    .mutation(async ({ ctx, input }) => {
      try {
        return await ctx.memory.parsed.createThread(input)
      } catch (error) {
        if (ThreadAlreadyExistsError.isInstance(error)) throw threadIdUnavailable(error, 'threadId')
        throw error
      }
    }),

  /** Changes the title and/or metadata (clone and branch lineage in the metadata are kept). */
  update: writeProcedure.input(updateThreadInputSchema).mutation(async ({ ctx, input }) => {
    return redactUnreadableSource(ctx.memory, await ctx.memory.parsed.updateThread(input))
  }),

  /**
   * Deletes the thread with its messages, vectors and thread-scoped memory; its
   * clones keep their lineage. A thread with branches needs `branches`:
   * 'materialize' (they become independent first) or 'delete' (the whole subtree goes).
   */
  delete: writeProcedure.input(deleteInput).mutation(async ({ ctx, input }) => {
    const thread = await ctx.memory.deleteThread(input.threadId, input.branches === undefined ? {} : { branches: input.branches })
    await auditCaller(ctx, {
      action: 'thread.delete',
      resourceId: thread.resourceId,
      threadId: thread.id,
      details: { title: thread.title, ...(input.branches === undefined ? {} : { branches: input.branches }) },
    })
    return { deleted: thread.id }
  }),
})
