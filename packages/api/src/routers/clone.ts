import { cloneOptionsSchema, cloneThreadArgsSchema, getCloneMetadata, messageSnippet, ThreadAlreadyExistsError, type LineageTreeNode } from '@threadline/engine'
import { z } from 'zod'
import { callerAuditRecord } from '../audit/record-audit.ts'
import { threadIdUnavailable } from '../errors.ts'
import { threadIdInput } from '../inputs.ts'
import { redactLineageTree } from '../lineage-redaction.ts'
import { idempotencyKeyInput } from '../idempotency/idempotent-create.ts'
import { authedProcedure, createProcedure, router } from '../trpc.ts'
import { plainJson } from '../wire-transformer.ts'
import { clonePreviewAnswer, clonePreviewOutput, clonePreviewPage, clonePreviewPageInput } from './clone-preview.ts'

/** The engine's clone arguments; `returnMessages` moves up a level (create only, with `returnMessageIdMap`). */
const cloneInput = cloneThreadArgsSchema.omit({ options: true }).extend({
  options: cloneOptionsSchema.omit({ returnMessages: true }).optional(),
})

const previewInput = cloneInput.extend(clonePreviewPageInput)

const createInput = cloneInput.extend({
  /** false: do not return the cloned messages (faster for long threads); default true */
  returnMessages: z.boolean().optional(),
  /** false: `messageIdMap` is {} (a long thread's map is megabytes to build and send); `clonedMessageCount` counts the copies; default true */
  returnMessageIdMap: z.boolean().optional(),
})

/** Where a clone was cut from its source: the source message it was forked after (`snippet` null once that message is gone). */
type ForkPoint = { messageId: string; snippet: string | null }

export type LineageNode = {
  id: string
  resourceId: string
  title: string
  createdAt: Date
  clonedAt: Date | null
  /** the source's last message when the clone was made */
  lastMessageId: string | null
  /** the fork point, when the clone recorded it and its source is in this lineage */
  forkedAfter: ForkPoint | null
  children: LineageNode[]
}

const MAX_LINEAGE_NODES = 1000
const FORK_SNIPPET_LENGTH = 60

/** The wire shape of a node of Memory's lineage tree. */
function lineageNode({ thread, forkedAfter, children }: LineageTreeNode): LineageNode {
  const clone = getCloneMetadata(thread)
  return {
    id: thread.id,
    resourceId: thread.resourceId,
    title: thread.title,
    createdAt: thread.createdAt,
    clonedAt: clone ? new Date(clone.clonedAt) : null,
    lastMessageId: clone?.lastMessageId ?? null,
    forkedAfter: forkedAfter && {
      messageId: forkedAfter.messageId,
      snippet: forkedAfter.message ? messageSnippet(forkedAfter.message, FORK_SNIPPET_LENGTH) : null,
    },
    children: children.map(lineageNode),
  }
}

export const cloneRouter = router({
  /** Memory.cloneThread: one transaction, with its audit entry; the clone's messages get new ids (messageIdMap). */
  create: createProcedure
    .input(createInput)
    .input(idempotencyKeyInput)
    .mutation(async ({ ctx, input }) => {
      // the source's scope is checked by the clone itself (no read before it): outside it, NOT_FOUND as for a missing one
      const { returnMessages, returnMessageIdMap, ...args } = input
      let result
      try {
        result = await ctx.memory.cloneThread(args, {
          returnMessages: returnMessages ?? true,
          returnMessageIdMap: returnMessageIdMap ?? true,
          audit: callerAuditRecord(ctx, { action: 'thread.clone', targetId: input.sourceThreadId }),
        })
      } catch (error) {
        if (ThreadAlreadyExistsError.isInstance(error)) throw threadIdUnavailable(error)
        throw error
      }
      return { ...result, messageIdMap: plainJson(result.messageIdMap) }
    }),

  /**
   * What create would do with the same arguments (selection, warnings, memory actions); writes nothing.
   * The message ids come a page at a time (`limit`, `cursor`: docs/api.md, "Response caps").
   */
  preview: authedProcedure
    .input(previewInput)
    .output(clonePreviewOutput)
    .query(async ({ ctx, input }) => {
      const { cursor, limit, direction: _direction, ...args } = input
      try {
        return clonePreviewAnswer(await ctx.memory.previewClone(args, clonePreviewPage({ cursor, limit })), cursor !== undefined)
      } catch (error) {
        if (ThreadAlreadyExistsError.isInstance(error)) throw threadIdUnavailable(error)
        throw error
      }
    }),

  /**
   * Where a thread came from (ancestors, root first) and what was cloned from
   * it (a tree); each clone's edge carries its fork point when it recorded one.
   */
  lineage: authedProcedure.input(z.object({ threadId: threadIdInput })).query(async ({ ctx, input }) => {
    // threads of other tenants are left out: ancestors stop below the first, clones go with their subtree
    const lineage = await redactLineageTree(ctx.memory, await ctx.memory.getLineageTree(input.threadId, { maxNodes: MAX_LINEAGE_NODES }))
    return { ancestors: lineage.ancestors.map(lineageNode), thread: lineageNode(lineage.thread), truncated: lineage.truncated }
  }),
})
