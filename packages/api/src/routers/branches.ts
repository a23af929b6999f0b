import { branchThreadArgsSchema, ThreadAlreadyExistsError } from '@threadline/engine'
import { z } from 'zod'
import { canAccessResource, visibleResourceIds } from '../auth/caller.ts'
import { auditCaller } from '../audit/record-audit.ts'
import { threadIdUnavailable } from '../errors.ts'
import { threadIdInput } from '../inputs.ts'
import { requireResource, threadInScope } from '../scope.ts'
import { authedProcedure, router, writeProcedure } from '../trpc.ts'
import { branchSummary } from './branch-summary.ts'
import { lineageNode } from './fork-lineage.ts'
import { threadDiffAnswer, threadDiffPage, threadDiffPageInput } from './thread-diff-page.ts'

const MAX_LINEAGE_NODES = 1000

const byThread = z.object({ threadId: threadIdInput })

// Branches stay in their source's resource, so a caller who may see a thread
// may see its branches; every thread named is still checked (the same NOT_FOUND
// for another tenant's thread as for a missing one), and lineage and diff
// never follow a link out of the caller's resources.
export const branchesRouter = router({
  /** Memory.branchThread: one thread row whatever the size of the source; its history is shared up to the branch point. */
  create: writeProcedure.input(branchThreadArgsSchema).mutation(async ({ ctx, input }) => {
    const source = await threadInScope(ctx.services, ctx.caller, input.sourceThreadId)
    // the engine refuses a resource other than the source's (a cross-tenant fork is a clone); one outside the scope is refused first
    if (input.resourceId !== undefined) requireResource(ctx.caller, input.resourceId)
    let branch
    try {
      branch = await ctx.services.memory.branchThread({ ...input, sourceThreadId: source.id })
    } catch (error) {
      if (ThreadAlreadyExistsError.isInstance(error)) throw threadIdUnavailable(error)
      throw error
    }
    const { thread, inheritedMessageCount } = branch
    await auditCaller(ctx, {
      action: 'thread.branch',
      resourceId: thread.resourceId,
      threadId: thread.id,
      targetId: source.id,
      details: { inheritedMessages: inheritedMessageCount },
    })
    return { thread, inheritedMessageCount }
  }),

  /** The direct branches of a thread, oldest first, each with where it was cut. */
  list: authedProcedure.input(byThread).query(async ({ ctx, input }) => {
    const thread = await threadInScope(ctx.services, ctx.caller, input.threadId)
    const branches = await ctx.services.memory.listBranches(thread.id)
    return branches.filter((branch) => canAccessResource(ctx.caller, branch.resourceId)).map(branchSummary)
  }),

  /** Ancestors (root first) and the tree of clones and branches below the thread, each node with its fork kind and point. */
  lineage: authedProcedure.input(byThread).query(async ({ ctx, input }) => {
    const thread = await threadInScope(ctx.services, ctx.caller, input.threadId)
    const visible = visibleResourceIds(ctx.caller)
    const lineage = await ctx.services.memory.getLineageTree(thread.id, {
      // threads of other tenants are left out: ancestors stop below the first, forks go with their subtree
      ...(visible === null ? {} : { resourceIds: visible }),
      maxNodes: MAX_LINEAGE_NODES,
    })
    return { ancestors: lineage.ancestors.map(lineageNode), thread: lineageNode(lineage.thread), truncated: lineage.truncated }
  }),

  /** The branch becomes an independent thread (same id) owning copies of the messages it inherited. */
  materialize: writeProcedure.input(byThread).mutation(async ({ ctx, input }) => {
    const thread = await threadInScope(ctx.services, ctx.caller, input.threadId)
    const result = await ctx.services.memory.materializeBranch(thread.id)
    await auditCaller(ctx, { action: 'branch.materialize', resourceId: thread.resourceId, threadId: thread.id })
    return result
  }),

  /** The source continues along the branch; the source's own tail after the branch point becomes a new branch. */
  promote: writeProcedure.input(z.object({ branchThreadId: threadIdInput })).mutation(async ({ ctx, input }) => {
    const branch = await threadInScope(ctx.services, ctx.caller, input.branchThreadId)
    const result = await ctx.services.memory.promoteBranch({ branchThreadId: branch.id })
    await auditCaller(ctx, { action: 'branch.promote', resourceId: branch.resourceId, threadId: branch.id })
    return result
  }),

  /** Two threads from their common point: what each has that the other has not, one capped page of each side (docs/api.md, "Response caps"). */
  diff: authedProcedure.input(z.object({ threadIdA: threadIdInput, threadIdB: threadIdInput, ...threadDiffPageInput })).query(async ({ ctx, input }) => {
    const [a, b] = await Promise.all([threadInScope(ctx.services, ctx.caller, input.threadIdA), threadInScope(ctx.services, ctx.caller, input.threadIdB)])
    const page = threadDiffPage({ ...input, threadIdA: a.id, threadIdB: b.id })
    return threadDiffAnswer(await ctx.services.memory.diffThreads(a.id, b.id, page), input)
  }),
})
