// Writes an audit entry for an action that has just succeeded: the actor is
// the caller (or, for sign-in, the operator who signed in) and the address is
// the request's client address (the socket peer, or the trusted proxies'
// client) and, apart from it, the X-Forwarded-For the request claimed. A
// clone or branch instead hands its entry to Memory (callerAuditRecord), which
// commits it with the write.
import type { AuditRecord } from '@threadline/engine/storage'
import type { Caller } from '../auth/caller.ts'
import { logger } from '../logger.ts'
import type { Context } from '../trpc.ts'
import { type AuditActor, type AuditEntry, auditRecord } from './audit-log.ts'

export function actorOf(caller: Caller): AuditActor {
  return caller.kind === 'operator'
    ? { kind: 'operator', id: caller.operator.id, name: caller.operator.name }
    : { kind: 'token', id: caller.token.id, name: caller.token.name }
}

/**
 * Called right after the action committed (never before: a failed action
 * leaves no entry). A failing audit write does not turn the committed action
 * into an error the client would retry; it is logged with the entry instead.
 */
export async function recordAudit(
  ctx: Pick<Context, 'services' | 'clientAddress' | 'forwardedFor'>,
  entry: Omit<AuditEntry, 'clientAddress' | 'forwardedFor'>,
): Promise<void> {
  const full = { ...entry, clientAddress: ctx.clientAddress, forwardedFor: ctx.forwardedFor }
  try {
    await ctx.services.audit.record(full)
  } catch (error) {
    logger.error({ err: error, audit: full }, 'the audit entry of a completed action could not be written')
  }
}

/** recordAudit with the calling operator or token as the actor. */
export function auditCaller(
  ctx: Pick<Context, 'services' | 'clientAddress' | 'forwardedFor'> & { caller: Caller },
  entry: Omit<AuditEntry, 'clientAddress' | 'forwardedFor' | 'actor'>,
): Promise<void> {
  return recordAudit(ctx, { ...entry, actor: actorOf(ctx.caller) })
}

/**
 * The caller's entry of a write that commits it in its own transaction (Memory's
 * `audit` call option, issue 33): a kill right after the commit cannot lose it.
 * The write adds the thread it made and its count to `details`.
 */
export function callerAuditRecord(
  ctx: Pick<Context, 'clientAddress' | 'forwardedFor'> & { caller: Caller },
  entry: Pick<AuditEntry, 'action' | 'targetId'>,
): AuditRecord {
  return auditRecord({ ...entry, actor: actorOf(ctx.caller), clientAddress: ctx.clientAddress, forwardedFor: ctx.forwardedFor })
}
