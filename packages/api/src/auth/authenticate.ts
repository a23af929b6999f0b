import { TRPCError } from '@trpc/server'
import { verifyApiToken } from './api-tokens.ts'
import type { Caller } from './caller.ts'
import { bearerTokenOf } from './csrf.ts'
import type { OperatorAuth } from './operator-auth.ts'
import type { PrismaClient } from '@threadline/db'

/**
 * The caller of a request: a bearer API token, or an operator's session
 * cookie. Neither -> UNAUTHORIZED. A bad token is refused even when a session
 * cookie is present too.
 */
export async function authenticate(deps: { prisma: PrismaClient; auth: OperatorAuth }, headers: Headers): Promise<Caller> {
  const presented = bearerTokenOf(headers)
  if (presented !== null) {
    const token = await verifyApiToken(deps.prisma, presented)
    if (token === null) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'The API token is unknown, revoked or expired' })
    return { kind: 'token', token }
  }
  const session = await deps.auth.api.getSession({ headers })
  if (session === null) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in, or send an API token as "Authorization: Bearer <token>"' })
  const { id, email, name } = session.user
  return { kind: 'operator', operator: { id, email, name }, sessionId: session.session.id }
}
