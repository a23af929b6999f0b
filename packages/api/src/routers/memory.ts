import { exactlyOneOf, type MemoryTarget } from '@threadline/engine'
import { z } from 'zod'
import { memoryScopeInput, resourceIdInput, threadIdInput } from '../inputs.ts'
import { authedProcedure, router, writeProcedure } from '../trpc.ts'
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
  return exactlyOneOf(schema, 'threadId', 'resourceId').refine((input) => input.scope === 'resource' || input.threadId !== undefined, {
    error: 'thread-scoped memory needs threadId',
    path: ['threadId'],
  })
}

const targetInput = withTargetChecks(z.strictObject(targetFields))
const updateWorkingMemoryInput = withTargetChecks(z.strictObject({ ...targetFields, workingMemory: z.string().max(200_000) }))

/** The target as Memory takes it (the scoped Memory checks it: NOT_FOUND for a thread, FORBIDDEN for a resource, out of scope). */
function memoryTarget(target: z.output<typeof targetInput>): MemoryTarget {
  return target.threadId === undefined ? { resourceId: target.resourceId } : { threadId: target.threadId }
}

/** Working memory; served as `memory.working` (the spec's name) and `memory.workingMemory` (the first name, kept for existing callers). */
const workingMemoryRouter = router({
  /** The stored working memory text of the scope, or null. */
  get: authedProcedure.input(targetInput).query(async ({ ctx, input }) => {
    return ctx.memoryFor(input.scope).getWorkingMemoryEntry(memoryTarget(input))
  }),
  /** Replaces the working memory text of the scope. */
  update: writeProcedure.input(updateWorkingMemoryInput).mutation(async ({ ctx, input }) => {
    const result = await ctx.memoryFor(input.scope).updateWorkingMemory({ ...memoryTarget(input), workingMemory: input.workingMemory })
    await auditCaller(ctx, {
      action: 'workingMemory.update',
      resourceId: result.key.resourceId,
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
      const { key, generations } = await ctx.memoryFor(input.scope).getObservationalMemoryHistory(memoryTarget(input))
      return { key, current: generations.at(-1) ?? null, generations }
    }),
  }),
})
