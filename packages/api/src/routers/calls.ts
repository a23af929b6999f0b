// Recorded LLM calls (issue 14): what each workbench call sent, how the
// processors changed it, why it retried. Tenant-scoped like threads: a token
// sees the calls of its resources only, and a call of another tenant is the
// same NOT_FOUND as a call that does not exist.
import { builtInCompatRules, listLLMCallsInputSchema, type LLMCallSummary } from '@threadline/engine'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { visibleResourceIds, type Caller } from '../auth/caller.ts'
import { idInput } from '../inputs.ts'
import { requireResource, threadInScope } from '../scope.ts'
import { authedProcedure, router } from '../trpc.ts'

function inScope(caller: Caller, call: Pick<LLMCallSummary, 'resourceId'>): boolean {
  const visible = visibleResourceIds(caller)
  return visible === null || (call.resourceId !== null && visible.includes(call.resourceId))
}

export const callsRouter = router({
  /** Calls newest first, by thread or resource (default: every resource the caller sees), with filters and a cursor. */
  list: authedProcedure.input(listLLMCallsInputSchema).query(async ({ ctx, input }) => {
    const { resourceId, ...query } = input
    if (input.threadId !== undefined) await threadInScope(ctx.services, ctx.caller, input.threadId)
    if (resourceId !== undefined) requireResource(ctx.caller, resourceId)
    const visible = visibleResourceIds(ctx.caller)
    const resourceIds = resourceId !== undefined ? [resourceId] : (visible ?? undefined)
    return ctx.services.calls.list({ ...query, resourceIds })
  }),

  /**
   * The rules the Calls page filters by: the built-in ones, and the custom
   * ones: names recorded in the caller's calls, plus the saved playground
   * rules for an operator (who alone sees them).
   */
  rules: authedProcedure.output(z.object({ builtIn: z.array(z.string()), custom: z.array(z.string()) })).query(async ({ ctx }) => {
    const builtIn = builtInCompatRules.map((rule) => rule.name)
    const [recorded, saved] = await Promise.all([
      ctx.services.calls.ruleNames({ resourceIds: visibleResourceIds(ctx.caller) ?? undefined }),
      ctx.caller.kind === 'operator' ? ctx.services.rules.list() : Promise.resolve([]),
    ])
    const custom = new Set([...saved.map((rule) => rule.name), ...recorded].filter((name) => !builtIn.includes(name)))
    return { builtIn, custom: [...custom].sort() }
  }),

  /** One call with its attempts and events (the full trace). */
  get: authedProcedure.input(z.object({ id: idInput })).query(async ({ ctx, input }) => {
    const call = await ctx.services.calls.get(input.id)
    if (call === null || !inScope(ctx.caller, call)) throw new TRPCError({ code: 'NOT_FOUND', message: `LLM call "${input.id}" not found` })
    return call
  }),
})
