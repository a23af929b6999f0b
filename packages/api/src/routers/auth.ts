import { TRPCError } from '@trpc/server'
import { APIError } from 'better-auth/api'
import { z } from 'zod'
import { recordAudit } from '../audit/record-audit.ts'
import { GateFullError } from '../auth/concurrency-gate.ts'
import { authedProcedure, publicProcedure, router } from '../trpc.ts'

const signInInput = z.strictObject({
  email: z.email().max(320),
  password: z.string().min(1).max(200),
})

/** Copies the cookies better-auth set onto the tRPC response. */
function forwardCookies(from: Headers, to: Headers): void {
  for (const cookie of from.getSetCookie()) to.append('set-cookie', cookie)
}

export const authRouter = router({
  /** Operator sign-in: sets the httpOnly session cookie. */
  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const attempt = { email: input.email.toLowerCase(), address: ctx.clientAddress }
    const tooMany = (retryAfterMs: number) => {
      ctx.resHeaders.set('retry-after', String(Math.ceil(retryAfterMs / 1000)))
      return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Too many sign-in attempts; wait a moment and try again' })
    }
    // refused during a delay before any password is hashed: waiting attempts cost no CPU
    const decision = await ctx.services.signInThrottle.check(attempt)
    if (!decision.allowed) throw tooMany(decision.retryAfterMs)
    try {
      const signInEmail = () =>
        ctx.services.auth.api.signInEmail({
          body: { email: attempt.email, password: input.password, rememberMe: true },
          headers: ctx.headers,
          returnHeaders: true,
        })
      // the account's own known address: its password check is not refused behind a flood from elsewhere
      const { headers, response } = decision.known ? await ctx.services.passwordChecks.prioritized(signInEmail) : await signInEmail()
      await ctx.services.signInThrottle.recordSuccess(attempt)
      forwardCookies(headers, ctx.resHeaders)
      const { id, name } = response.user
      await recordAudit(ctx, { action: 'operator.signIn', actor: { kind: 'operator', id, name }, details: { email: response.user.email } })
      return { operator: { id, email: response.user.email, name } }
    } catch (error) {
      if (error instanceof APIError && error.statusCode === 401) {
        await ctx.services.signInThrottle.recordFailure(attempt)
        throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email or password' })
      }
      // the process's password checks are all busy and its queue is full: not the caller's failure
      if (error instanceof GateFullError) throw tooMany(1000)
      throw error
    }
  }),

  /** Ends the operator's session and clears its cookie. */
  signOut: authedProcedure.mutation(async ({ ctx }) => {
    if (ctx.caller.kind !== 'operator') return { signedOut: false }
    const { headers } = await ctx.services.auth.api.signOut({ headers: ctx.headers, returnHeaders: true })
    forwardCookies(headers, ctx.resHeaders)
    return { signedOut: true }
  }),

  /** The signed-in operator, or null without a session (public pages ask this: no 401 in the browser). */
  session: publicProcedure.query(async ({ ctx }) => {
    const caller = await ctx.getCaller().catch((error: unknown) => {
      if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return null
      throw error
    })
    return caller?.kind === 'operator' ? { operator: caller.operator } : null
  }),

  /** Who the caller is: the signed-in operator, or the API token with its scope. */
  me: authedProcedure.query(({ ctx }) =>
    ctx.caller.kind === 'operator' ? { kind: 'operator' as const, operator: ctx.caller.operator } : { kind: 'token' as const, token: ctx.caller.token },
  ),
})
