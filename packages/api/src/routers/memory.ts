import { InvalidInputError, type MemoryTarget } from '@threadline/engine'
import { z } from 'zod'
import { memoryScopeInput, resourceIdInput, threadIdInput } from '../inputs.ts'
import { requireResource, threadInScope } from '../scope.ts'
import { authedProcedure, router, writeProcedure, type Context } from '../trpc.ts'
import type { Caller } from '../auth/caller.ts'
import { auditCaller } from '../audit/record-audit.ts'

/**
 * Whose memory: a thread (thread scope: its own; resource scope: its
 * resource's) or, for resource scope, a resource named directly.
 */
const targetFields = {
  scope: memoryScopeInput,
  threadId: threadIdInput.optional(),
  resourceId: resourceIdInput.optional(),
}

function withTargetChecks<Schema extends z.ZodType<{ scope: 'thread' | 'resource'; threadId?: string | undefined; resourceId?: string | undefined }>>(
  schema: Schema,
) {
  return schema
    .refine((input) => (input.threadId === undefined) !== (input.resourceId === undefined), {
      error: 'give either threadId or resourceId',
      path: ['threadId'],
    })
    .refine((input) => input.scope === 'resource' || input.threadId !== undefined, {
      error: 'thread-scoped memory needs threadId',
      path: ['threadId'],
    })
}

const targetInput = withTargetChecks(z.strictObject(targetFields))
const updateWorkingMemoryInput = withTargetChecks(z.strictObject({ ...targetFields, workingMemory: z.string().max(200_000) }))

type Target = z.output<typeof targetInput>

/**
 * The target as Memory takes it, after the scope check (NOT_FOUND for a
 * thread, FORBIDDEN for a resource, out of scope). A thread's resource-scoped
 * memory is named by the thread's resource.
 */
async function memoryTarget(ctx: Context & { caller: Caller }, target: Target): Promise<MemoryTarget & { resourceId: string }> {
  if (target.threadId === undefined) {
    // the input's checks refuse neither as well as both
    if (target.resourceId === undefined) throw new InvalidInputError('threadId', 'give either threadId or resourceId')
    requireResource(ctx.caller, target.resourceId)
    return { resourceId: target.resourceId }
  }
  const thread = await threadInScope(ctx.services, ctx.caller, target.threadId)
  return target.scope === 'thread' ? { threadId: thread.id, resourceId: thread.resourceId } : { resourceId: thread.resourceId }
}

/** Working memory; served as `memory.working` (the spec's name) and `memory.workingMemory` (the first name, kept for existing callers). */
const workingMemoryRouter = router({
  /** The stored working memory text of the scope, or null. */
  get: authedProcedure.input(targetInput).query(async ({ ctx, input }) => {
    return ctx.services.memoryFor(input.scope).getWorkingMemoryEntry(await memoryTarget(ctx, input))
  }),
  /** Replaces the working memory text of the scope. */
  update: writeProcedure.input(updateWorkingMemoryInput).mutation(async ({ ctx, input }) => {
    const target = await memoryTarget(ctx, input)
    const result = await ctx.services.memoryFor(input.scope).updateWorkingMemory({ ...target, workingMemory: input.workingMemory })
    await auditCaller(ctx, {
      action: 'workingMemory.update',
      resourceId: target.resourceId,
      threadId: input.threadId,
      details: { scope: input.scope, characters: input.workingMemory.length },
    })
    return result
  }),
})

export const memoryRouter = router({
  working: workingMemoryRouter,
  workingMemory: workingMemoryRouter,

  observational: router({
    /** The current OM generation of the scope (null when none) and every generation, oldest first. */
    get: authedProcedure.input(targetInput).query(async ({ ctx, input }) => {
      const { key, generations } = await ctx.services.memoryFor(input.scope).getObservationalMemoryHistory(await memoryTarget(ctx, input))
      return { key, current: generations.at(-1) ?? null, generations }
    }),
  }),
})
