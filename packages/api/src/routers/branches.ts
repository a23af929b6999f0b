import { branchThreadArgsSchema, ThreadAlreadyExistsError } from '@threadline/engine'
import { z } from 'zod'
import { auditCaller, callerAuditRecord } from '../audit/record-audit.ts'
import { threadIdUnavailable } from '../errors.ts'
import { threadIdInput } from '../inputs.ts'
import { redactLineageTree } from '../lineage-redaction.ts'
import { idempotencyKeyInput } from '../idempotency/idempotent-create.ts'
import { authedProcedure, createProcedure, router, writeProcedure } from '../trpc.ts'
import { branchSummary } from './branch-summary.ts'
import { lineageNode } from './fork-lineage.ts'
import { threadDiffAnswer, threadDiffPage, threadDiffPageInput } from './thread-diff-page.ts'

const MAX_LINEAGE_NODES = 1000

const byThread = z.object({ threadId: threadIdInput })

// Branches stay in their source's resource, so a caller who may see a thread
// may see its branches; every thread named is still checked by the scoped
// Memory (the same NOT_FOUND for another tenant's thread as for a missing
// one), and lineage and diff never follow a link out of the caller's resources.
export const branchesRouter = router({
  /** Memory.branchThread: one thread row whatever the size of the source, its history shared up to the branch point; the audit entry commits with it. */
  create: createProcedure
    .input(branchThreadArgsSchema)
    .input(idempotencyKeyInput)
    .mutation(async ({ ctx, input }) => {
      let branch
      try {
        branch = await ctx.memory.parsed.branchThread(input, { audit: callerAuditRecord(ctx, { action: 'thread.branch', targetId: input.sourceThreadId }) })
      } catch (error) {
        if (ThreadAlreadyExistsError.isInstance(error)) throw threadIdUnavailable(error)
        throw error
      }
      return { thread: branch.thread, inheritedMessageCount: branch.inheritedMessageCount }
    }),

  /** The direct branches of a thread, oldest first, each with where it was cut. */
  list: authedProcedure.input(byThread).query(async ({ ctx, input }) => {
    return (await ctx.memory.listBranches(input.threadId)).map(branchSummary)
  }),

  /** Ancestors (root first) and the tree of clones and branches below the thread, each node with its fork kind and point. */
  lineage: authedProcedure.input(byThread).query(async ({ ctx, input }) => {
    // threads of other tenants are left out: ancestors stop below the first, forks go with their subtree
    const lineage = await redactLineageTree(ctx.memory, await ctx.memory.getLineageTree(input.threadId, { maxNodes: MAX_LINEAGE_NODES }))
    return { ancestors: lineage.ancestors.map(lineageNode), thread: lineageNode(lineage.thread), truncated: lineage.truncated }
  }),

  /** The branch becomes an independent thread (same id) owning copies of the messages it inherited. */
  materialize: writeProcedure.input(byThread).mutation(async ({ ctx, input }) => {
    const result = await ctx.memory.materializeBranch(input.threadId)
    await auditCaller(ctx, { action: 'branch.materialize', resourceId: result.thread.resourceId, threadId: result.thread.id })
    return result
  }),

  /** The source continues along the branch; the source's own tail after the branch point becomes a new branch. */
  promote: writeProcedure.input(z.object({ branchThreadId: threadIdInput })).mutation(async ({ ctx, input }) => {
    const result = await ctx.memory.promoteBranch({ branchThreadId: input.branchThreadId })
    // the branch stays in its source's resource
    await auditCaller(ctx, { action: 'branch.promote', resourceId: result.thread.resourceId, threadId: result.promotedBranchThreadId })
    return result
  }),

  /** Two threads from their common point: what each has that the other has not, one capped page of each side (docs/api.md, "Response caps"). */
  diff: authedProcedure.input(z.object({ threadIdA: threadIdInput, threadIdB: threadIdInput, ...threadDiffPageInput })).query(async ({ ctx, input }) => {
    const page = threadDiffPage(input)
    return threadDiffAnswer(await ctx.memory.diffThreads(input.threadIdA, input.threadIdB, page), input)
  }),
})
