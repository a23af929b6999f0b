// Whether a caller's credential still holds, read from the database (where a
// revocation or sign-out on any instance lands): a long request, a streamed
// turn, asks again as it goes instead of trusting what authenticate() saw.
import type { PrismaClient } from '@threadline/db'
import { TRPCError } from '@trpc/server'
import type { Caller } from './caller.ts'

/** The API token is neither revoked nor expired; the operator's session still exists (a sign-out deletes it) and has not expired. */
export async function credentialHolds(prisma: PrismaClient, caller: Caller, now = new Date()): Promise<boolean> {
  if (caller.kind === 'token') {
    const usable = { id: caller.token.id, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }
    return (await prisma.apiToken.count({ where: usable })) > 0
  }
  return (await prisma.operatorSession.count({ where: { id: caller.sessionId, expiresAt: { gt: now } } })) > 0
}

export function credentialEndedError(): TRPCError {
  return new TRPCError({
    code: 'UNAUTHORIZED',
    message: 'The API token or session of this request was revoked, signed out or expired while it ran: it stopped, and nothing more of it is saved',
  })
}
