import { TRPCError } from '@trpc/server'
import { hashApiToken, verifyApiToken } from './api-tokens.ts'
import type { Caller } from './caller.ts'
import { bearerTokenOf } from './csrf.ts'
import type { OperatorAuth } from './operator-auth.ts'
import type { TokenCache } from './token-cache.ts'
import type { PrismaClient } from '@threadline/db'

export function unusableTokenError(): TRPCError {
  return new TRPCError({ code: 'UNAUTHORIZED', message: 'The API token is unknown, revoked or expired' })
}

/**
 * The caller of a request: a bearer API token, or an operator's session
 * cookie. Neither -> UNAUTHORIZED. A bad token is refused even when a session
 * cookie is present too. A token verified recently comes from `tokens`
 * without a database read; its revocation is checked by the rate limit's lease
 * statement (at most 1 s apart, rate-limiter.ts), and sessions are read from
 * the database each time.
 */
export async function authenticate(deps: { prisma: PrismaClient; auth: OperatorAuth; tokens: TokenCache }, headers: Headers): Promise<Caller> {
  const presented = bearerTokenOf(headers)
  if (presented !== null) {
    const tokenHash = hashApiToken(presented)
    const cached = deps.tokens.get(tokenHash)
    if (cached !== undefined) return { kind: 'token', token: cached }
    const token = await verifyApiToken(deps.prisma, presented)
    if (token === null) throw unusableTokenError()
    deps.tokens.set(tokenHash, token)
    return { kind: 'token', token }
  }
  const session = await deps.auth.api.getSession({ headers })
  if (session === null) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in, or send an API token as "Authorization: Bearer <token>"' })
  const { id, email, name } = session.user
  return { kind: 'operator', operator: { id, email, name }, sessionId: session.session.id }
}
