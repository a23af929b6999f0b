// Recorded LLM calls (issue 14): what each workbench call sent, how the
// processors changed it, why it retried. Tenant-scoped like threads: a token
// sees the calls of its resources only, and a call of another tenant is the
// same NOT_FOUND as a call that does not exist.
import { builtInCompatRules, estimateCallCost, listLLMCallsInputSchema, type LLMCallSummary, type ResourceScope } from '@threadline/engine'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { idInput } from '../inputs.ts'
import { authedProcedure, router } from '../trpc.ts'
import { decodeMessageCursor, encodeMessageCursor } from './message-cursor.ts'

/** A call without a resource (a failed call before its thread existed) is an operator's (scope 'all') alone. */
function inScope(scope: ResourceScope, call: Pick<LLMCallSummary, 'resourceId'>): boolean {
  return scope.resourceIds === null || (call.resourceId !== null && scope.includes(call.resourceId))
}

export const callsRouter = router({
  /** Calls newest first, by thread or resource (default: every resource the caller sees), with filters and a cursor. */
  list: authedProcedure.input(listLLMCallsInputSchema).query(async ({ ctx, input }) => {
    const { resourceId, cursor, ...query } = input
    const after = cursor === undefined ? undefined : decodeMessageCursor(cursor)
    if (input.threadId !== undefined) await ctx.memory.thread(input.threadId)
    const resourceIds = ctx.memory.scope.listed(resourceId)
    const page = await ctx.services.calls.list({
      ...query,
      resourceIds: resourceIds ?? undefined,
      ...(after === undefined ? {} : { after: { startedAt: after.createdAt, id: after.id } }),
    })
    const last = page.calls.at(-1)
    return { calls: page.calls, nextCursor: page.hasMore && last ? encodeMessageCursor({ createdAt: last.startedAt, id: last.id }) : null }
  }),

  /**
   * The rules the Calls page filters by: the built-in ones, and the custom
   * ones: names recorded in the caller's calls, plus the saved playground
   * rules for an operator (who alone sees them).
   */
  rules: authedProcedure.output(z.object({ builtIn: z.array(z.string()), custom: z.array(z.string()) })).query(async ({ ctx }) => {
    const builtIn = builtInCompatRules.map((rule) => rule.name)
    const [recorded, saved] = await Promise.all([
      ctx.services.calls.ruleNames({ resourceIds: ctx.memory.scope.resourceIds ?? undefined }),
      ctx.caller.kind === 'operator' ? ctx.services.rules.list() : Promise.resolve([]),
    ])
    const custom = new Set([...saved.map((rule) => rule.name), ...recorded].filter((name) => !builtIn.includes(name)))
    return { builtIn, custom: [...custom].sort() }
  }),

  /** One call with its attempts, events and body (the full trace), and its cost estimate from the price table (docs/pricing.md). */
  get: authedProcedure.input(z.object({ id: idInput })).query(async ({ ctx, input }) => {
    const call = await ctx.services.calls.get(input.id)
    if (call === null || !inScope(ctx.memory.scope, call)) throw new TRPCError({ code: 'NOT_FOUND', message: `LLM call "${input.id}" not found` })
    return { ...call, costEstimate: estimateCallCost(call) }
  }),
})
