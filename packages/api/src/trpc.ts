import { initTRPC, TRPCError } from '@trpc/server'
import { assertSafeInput, type FieldIssue, InvalidInputError, type ScopedMemory, ThreadlineError, toInputError } from '@threadline/engine'
import { ZodError } from 'zod'
import { unusableTokenError } from './auth/authenticate.ts'
import { CSRF_HEADER, isCsrfSafe } from './auth/csrf.ts'
import { callerResources, canWrite, type Caller } from './auth/caller.ts'
import { engineErrorToTRPCError, writeForbidden } from './errors.ts'
import { idempotentCreate } from './idempotency/idempotent-create.ts'
import { hideInternalError } from './internal-errors.ts'
import { BatchTooLarge } from './batch-limits.ts'
import type { MemoryScope, Services } from './services.ts'
import { wireTransformer } from './wire-transformer.ts'

export type Context = {
  services: Services
  /** the request's headers (auth, CSRF header, client address) */
  headers: Headers
  /** headers of the response (sign-in sets its cookie here) */
  resHeaders: Headers
  /** the client's address (auth/client-address.ts): the socket peer, or the trusted proxies' client; sign-in limits are keyed by it */
  clientAddress: string
  /** X-Forwarded-For as the request claimed it (untrusted): recorded beside the address in the audit trail */
  forwardedFor: string | null
  /** who is calling: authenticated once per HTTP request (a batch shares it), on first need */
  getCaller: () => Promise<Caller>
}

/**
 * A procedure's context once the caller is known: the server's Memory scoped
 * to the caller's resources (its tenant scope, checked there and nowhere else).
 */
export type AuthedContext = Context & {
  caller: Caller
  /** the server's Memory as this caller may see it: `memory.scope` is the caller's resources */
  memory: ScopedMemory
  /** services.memoryFor(kind), scoped alike */
  memoryFor(kind: MemoryScope): ScopedMemory
}

/** One sentence for a refused input: its first issue as "field: what is wrong", and how many more `data.issues` lists. */
function inputErrorMessage(issues: readonly FieldIssue[]): string {
  const [first, ...rest] = issues
  if (first === undefined) return 'The input is invalid'
  const more = rest.length === 0 ? '' : ` (and ${rest.length} more ${rest.length === 1 ? 'problem' : 'problems'}, see data.issues)`
  return `${first.path || 'input'}: ${first.message}${more}`
}

const t = initTRPC.context<Context>().create({
  transformer: wireTransformer,
  /**
   * Every error says which input field is at fault where one is: `data.field`
   * (the first) and `data.issues` (all, for invalid input: the router's own
   * validation or the engine's, in the engine's one field-path format). The
   * message of invalid input is one sentence naming the field, never zod's JSON.
   */
  errorFormatter({ shape, error, path }) {
    const internal = hideInternalError(error, path)
    if (internal) {
      const { stack: _stack, ...data } = shape.data
      return { ...shape, message: internal.message, data: { ...data, errorId: internal.errorId } }
    }
    const cause = error.cause instanceof ZodError ? toInputError(error.cause) : error.cause
    const field = ThreadlineError.isInstance(cause) ? cause.field : undefined
    const issues = InvalidInputError.isInstance(cause) ? cause.issues : undefined
    const { stack: _stack, ...data } = shape.data
    // a batch over a limit: both limits and its size (batch-limits.ts)
    const sizes = error.cause instanceof BatchTooLarge ? { limit: error.cause.limit, size: error.cause.size } : {}
    return {
      ...shape,
      ...(issues ? { message: inputErrorMessage(issues) } : {}),
      data: { ...data, ...(field ? { field } : {}), ...(issues ? { issues } : {}), ...sizes },
    }
  },
})

/**
 * tRPC wraps anything a procedure throws as an INTERNAL_SERVER_ERROR; an engine
 * error (thread not found, bad clone options, ...) gets its proper code instead.
 */
const mapEngineErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR' && ThreadlineError.isInstance(result.error.cause))
    throw engineErrorToTRPCError(result.error.cause)
  return result
})

/**
 * Every procedure's raw input, before its schema: a NUL character or an
 * unpaired surrogate anywhere, or nesting too deep, is a BAD_REQUEST naming
 * the field (the database would refuse the text with a 500 otherwise).
 */
const refuseUnsafeInput = t.middleware(async ({ getRawInput, next }) => {
  assertSafeInput(await getRawInput())
  return next()
})

/**
 * Mutations not made with an API token (a cookie session, or signing in) must
 * carry the CSRF header: a cross-site form or fetch cannot set it without a
 * CORS preflight this server never approves.
 */
const requireCsrfHeaderOnMutations = t.middleware(({ ctx, type, next }) => {
  if (type === 'mutation' && !isCsrfSafe(ctx.headers)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `Mutations from a browser session must send the "${CSRF_HEADER}" header` })
  }
  return next()
})

/**
 * Authenticates, then spends one request of an API token's rate limit (per
 * procedure call, batched or not), from this instance's lease or a new one.
 * The lease statement re-checks the token: a token revoked or expired since it
 * was cached is refused, and forgotten.
 */
export async function rateLimitedCaller(ctx: Context): Promise<Caller> {
  const caller = await ctx.getCaller()
  if (caller.kind === 'token') {
    const limit = await ctx.services.tokenRateLimiter.take(caller.token.id)
    if ('tokenUnusable' in limit) {
      ctx.services.tokenCache.forget(caller.token.id)
      throw unusableTokenError()
    }
    if (!limit.allowed) {
      ctx.resHeaders.set('retry-after', String(Math.ceil(limit.retryAfterMs / 1000)))
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: `Rate limit exceeded for this API token; retry in ${limit.retryAfterMs} ms` })
    }
  }
  return caller
}

/** rateLimitedCaller, then the caller's scope on the context. */
const authenticated = t.middleware(async ({ ctx, next }) => {
  const caller = await rateLimitedCaller(ctx)
  const resources = callerResources(caller)
  const memory = ctx.services.memory.scopedTo(resources)
  return next({ ctx: { caller, memory, memoryFor: (kind: MemoryScope) => ctx.services.memoryFor(kind).scopedTo(resources) } })
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/** No caller needed (health, sign-in). */
export const publicProcedure = t.procedure.use(mapEngineErrors).use(refuseUnsafeInput).use(requireCsrfHeaderOnMutations)
/** An operator or an API token; `ctx.memory` is scoped to its resources. */
export const authedProcedure = publicProcedure.use(authenticated)
/** As authedProcedure, and the token must be read+write. */
export const writeProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!canWrite(ctx.caller)) throw writeForbidden()
  return next()
})
/**
 * A create (threads, clones, branches, turns): as writeProcedure, and it takes
 * an `idempotencyKey` (idempotency/idempotent-create.ts); its input adds `idempotencyKeyInput`.
 */
export const createProcedure = writeProcedure.use((options) => idempotentCreate(options))
/** Signed-in operators only (token management, saved playground rules). */
export const operatorProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.caller.kind !== 'operator') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only a signed-in operator may do this, not an API token' })
  }
  return next({ ctx: { caller: ctx.caller } })
})
