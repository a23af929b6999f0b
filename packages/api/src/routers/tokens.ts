import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { idInput, resourceIdInput } from '../inputs.ts'
import { auditCaller } from '../audit/record-audit.ts'
import { operatorProcedure, router } from '../trpc.ts'

const issueInput = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    /** the resources the token may touch; ignored with allResources */
    resourceIds: z.array(resourceIdInput).max(1000).default([]),
    allResources: z.boolean().default(false),
    /** read-only unless true */
    canWrite: z.boolean().default(false),
    /** the `playground` scope: may run custom rule code (inline or saved) in the sandbox */
    canRunRules: z.boolean().default(false),
    /** the token stops working after this many days; none = until revoked */
    expiresInDays: z.number().int().min(1).max(3650).optional(),
  })
  .refine((input) => input.allResources || input.resourceIds.length > 0, {
    error: 'name at least one resource, or set allResources',
    path: ['resourceIds'],
  })

export const tokensRouter = router({
  /** Issues a token. The secret is in this answer only: it is stored hashed and cannot be shown again. */
  issue: operatorProcedure.input(issueInput).mutation(async ({ ctx, input }) => {
    const expiresAt = input.expiresInDays === undefined ? null : new Date(Date.now() + input.expiresInDays * 86_400_000)
    const issued = await ctx.services.apiTokens.issue({ ...input, createdById: ctx.caller.operator.id, expiresAt })
    const { summary } = issued
    await auditCaller(ctx, {
      action: 'token.issue',
      targetId: summary.id,
      details: {
        name: summary.name,
        resources: summary.allResources ? 'all' : summary.resourceIds.length,
        canWrite: summary.canWrite,
        canRunRules: summary.canRunRules,
      },
    })
    return issued
  }),

  /** Every token (active and revoked), newest first, without secrets. */
  list: operatorProcedure.query(({ ctx }) => ctx.services.apiTokens.list()),

  /** Revokes a token at once: its next request is UNAUTHORIZED. */
  revoke: operatorProcedure.input(z.object({ id: idInput })).mutation(async ({ ctx, input }) => {
    const token = await ctx.services.apiTokens.revoke(input.id)
    if (token === null) throw new TRPCError({ code: 'NOT_FOUND', message: `API token "${input.id}" was not found` })
    await auditCaller(ctx, { action: 'token.revoke', targetId: token.id, details: { name: token.name } })
    return token
  }),
})
