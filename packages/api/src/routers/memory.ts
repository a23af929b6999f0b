import { z } from 'zod'
import { memoryScopeInput, resourceIdInput, threadIdInput } from '../inputs.ts'
import { requireResource, threadInScope } from '../scope.ts'
import { authedProcedure, router, writeProcedure, type Context } from '../trpc.ts'
import type { Caller } from '../auth/caller.ts'

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
    message: 'give either threadId or resourceId',
    path: ['threadId'],
  })
  .refine((input) => input.scope === 'resource' || input.threadId !== undefined, {
    message: 'thread-scoped memory needs threadId',
    path: ['threadId'],
  })
}

const targetInput = withTargetChecks(z.strictObject(targetFields))
const updateWorkingMemoryInput = withTargetChecks(z.strictObject({ ...targetFields, workingMemory: z.string().max(200_000) }))

type Target = z.output<typeof targetInput>
/** Fits both WorkingMemoryKey and ObservationalMemoryKey. */
type MemoryKey = { scope: 'thread'; threadId: string; resourceId: string } | { scope: 'resource'; resourceId: string }

/** The storage key of the target, after the scope check (NOT_FOUND for a thread, FORBIDDEN for a resource, out of scope). */
async function memoryKey(ctx: Context & { caller: Caller }, target: Target): Promise<MemoryKey> {
  if (target.threadId === undefined) {
    requireResource(ctx.caller, target.resourceId!)
    return { scope: 'resource', resourceId: target.resourceId! }
  }
  const thread = await threadInScope(ctx.services, ctx.caller, target.threadId)
  return target.scope === 'thread'
    ? { scope: 'thread', threadId: thread.id, resourceId: thread.resourceId }
    : { scope: 'resource', resourceId: thread.resourceId }
}

export const memoryRouter = router({
  workingMemory: router({
    /** The stored working memory text of the scope, or null. */
    get: authedProcedure.input(targetInput).query(async ({ ctx, input }) => {
      const key = await memoryKey(ctx, input)
      return { key, workingMemory: await ctx.services.db.storage.getWorkingMemory(key) }
    }),
    update: writeProcedure
      .input(updateWorkingMemoryInput)
      .mutation(async ({ ctx, input }) => {
        const key = await memoryKey(ctx, input)
        await ctx.services.db.storage.setWorkingMemory(key, input.workingMemory)
        return { key, workingMemory: input.workingMemory }
      }),
  }),

  observational: router({
    /** The current OM generation of the scope (null when none) and every generation, oldest first. */
    get: authedProcedure.input(targetInput).query(async ({ ctx, input }) => {
      const key = await memoryKey(ctx, input)
      const generations = await ctx.services.db.storage.listObservationalMemoryGenerations(key)
      return { key, current: generations.at(-1) ?? null, generations }
    }),
  }),
})
