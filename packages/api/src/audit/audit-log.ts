// The audit log's store: one row per action that succeeded, newest first when
// read, filtered by actor, action, resource, thread and time, paged by id.
// Entries recorded after their action at the same time are written together
// (group-commit.ts): under load one INSERT, not a round trip each. A clone's
// and a branch's entry commit with the write instead (record-audit.ts callerAuditRecord).
import type { PrismaClient } from '@threadline/db'
import type { AuditRecord, MemoryStorage } from '@threadline/engine/storage'
import type { AuditAction } from './audit-actions.ts'
import { groupCommit } from './group-commit.ts'

export type AuditActor = { kind: 'operator' | 'token'; id: string; name: string }

/** A few facts of the action: strings are cut to DETAIL_TEXT_LENGTH, at most MAX_DETAILS keys. */
export type AuditDetails = AuditRecord['details']

export type AuditEntry = {
  actor: AuditActor
  action: AuditAction
  /** the trusted address: the socket peer, or the trusted proxies' client (auth/client-address.ts) */
  clientAddress: string
  /** X-Forwarded-For as the request claimed it: untrusted, kept apart; null without one */
  forwardedFor: string | null
  resourceId?: string | undefined
  threadId?: string | undefined
  targetId?: string | undefined
  details?: AuditDetails
}

export type AuditEvent = Pick<AuditRecord, 'action' | 'resourceId' | 'threadId' | 'targetId' | 'clientAddress' | 'forwardedFor'> & {
  /** the row's id, as text: the paging cursor */
  id: string
  at: Date
  actor: AuditActor
  details: AuditDetails
}

export type AuditQuery = {
  actorId?: string | undefined
  action?: AuditAction | undefined
  resourceId?: string | undefined
  threadId?: string | undefined
  /** inclusive */
  from?: Date | undefined
  /** exclusive */
  to?: Date | undefined
  /** the `nextCursor` of the previous page: events older than it */
  cursor?: string | undefined
  limit: number
}

export type AuditPage = { events: AuditEvent[]; nextCursor: string | null }

/** An actor seen in the log, with the name of its latest entry (the filter's choices). */
export type AuditActorChoice = AuditActor & { lastAt: Date }

export type AuditLog = {
  record(entry: AuditEntry): Promise<void>
  list(query: AuditQuery): Promise<AuditPage>
  actors(limit: number): Promise<AuditActorChoice[]>
}

// bounds: every stored text is cut, so an entry's size has a ceiling whatever the input
const NAME_LENGTH = 200
const ID_LENGTH = 256
const ADDRESS_LENGTH = 100
/** a chain of proxies' entries: longer than one address */
const FORWARDED_FOR_LENGTH = 500
const DETAIL_TEXT_LENGTH = 200
const MAX_DETAILS = 12

/** At most `length` UTF-16 units, never ending in half a surrogate pair (the batch travels as JSON, which PostgreSQL refuses with a lone surrogate). */
function cut(text: string, length: number): string {
  if (text.length <= length) return text
  const end = /[\uD800-\uDBFF]/.test(text.charAt(length - 1)) ? length - 1 : length
  return text.slice(0, end)
}

function cutOptional(text: string | null | undefined, length: number): string | null {
  return text === undefined || text === null ? null : cut(text, length)
}

function boundedDetails(details: AuditDetails = {}): AuditDetails {
  return Object.fromEntries(
    Object.entries(details)
      .slice(0, MAX_DETAILS)
      .map(([key, value]) => [cut(key, 64), typeof value === 'string' ? cut(value, DETAIL_TEXT_LENGTH) : value]),
  )
}

/** A stored row: the record as inserted, with its id and time. */
type AuditRow = Omit<AuditRecord, 'details'> & { id: bigint; at: Date; details: unknown }

function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id.toString(),
    at: row.at,
    actor: { kind: row.actorKind === 'token' ? 'token' : 'operator', id: row.actorId, name: row.actorName },
    action: row.action,
    resourceId: row.resourceId,
    threadId: row.threadId,
    targetId: row.targetId,
    clientAddress: row.clientAddress,
    forwardedFor: row.forwardedFor,
    details: (row.details ?? {}) as AuditDetails,
  }
}

/** At most this many entries per INSERT. */
const MAX_ENTRIES_PER_WRITE = 100

/** The stored columns of an entry, bounded: what the storage inserts (alone, or in the transaction of the write it records). */
export function auditRecord(entry: AuditEntry): AuditRecord {
  return {
    actorKind: entry.actor.kind,
    actorId: cut(entry.actor.id, ID_LENGTH),
    actorName: cut(entry.actor.name, NAME_LENGTH),
    action: entry.action,
    resourceId: cutOptional(entry.resourceId, ID_LENGTH),
    threadId: cutOptional(entry.threadId, ID_LENGTH),
    targetId: cutOptional(entry.targetId, ID_LENGTH),
    clientAddress: cut(entry.clientAddress, ADDRESS_LENGTH),
    forwardedFor: cutOptional(entry.forwardedFor, FORWARDED_FOR_LENGTH),
    details: boundedDetails(entry.details),
  }
}

export function auditLog(prisma: PrismaClient, storage: MemoryStorage): AuditLog {
  return {
    record: groupCommit((entries) => storage.insertAuditRecords(entries.map(auditRecord)), MAX_ENTRIES_PER_WRITE),

    async list(query) {
      const rows = await prisma.auditEvent.findMany({
        where: {
          ...(query.actorId === undefined ? {} : { actorId: query.actorId }),
          ...(query.action === undefined ? {} : { action: query.action }),
          ...(query.resourceId === undefined ? {} : { resourceId: query.resourceId }),
          ...(query.threadId === undefined ? {} : { threadId: query.threadId }),
          ...(query.from === undefined && query.to === undefined
            ? {}
            : { at: { ...(query.from === undefined ? {} : { gte: query.from }), ...(query.to === undefined ? {} : { lt: query.to }) } }),
          ...(query.cursor === undefined ? {} : { id: { lt: BigInt(query.cursor) } }),
        },
        orderBy: { id: 'desc' },
        take: query.limit + 1,
      })
      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      return { events: page.map(toAuditEvent), nextCursor: rows.length > query.limit && last ? last.id.toString() : null }
    },

    async actors(limit) {
      const groups = await prisma.auditEvent.groupBy({
        by: ['actorKind', 'actorId'],
        _max: { id: true, at: true },
        orderBy: { _max: { id: 'desc' } },
        take: limit,
      })
      const latest = await prisma.auditEvent.findMany({
        where: { id: { in: groups.flatMap((group) => (group._max.id === null ? [] : [group._max.id])) } },
        select: { id: true, actorKind: true, actorId: true, actorName: true, at: true },
        orderBy: { id: 'desc' },
      })
      return latest.map((row) => ({ kind: row.actorKind === 'token' ? 'token' : 'operator', id: row.actorId, name: row.actorName, lastAt: row.at }))
    },
  }
}
