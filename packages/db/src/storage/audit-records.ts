// MemoryStorage.insertAuditRecords and the clone statement's audit entry
// (issue 33): audit rows written in the write's own transaction or statement.
// Records travel as ONE JSON value, read back by jsonb_to_recordset (a function
// scan keeps their order, so ids do too; `at` is the statement's time).
import type { AuditRecord } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import type { StorageContext } from './context.ts'

/**
 * INSERT INTO audit_events of `records`. `made`: the write's own thread, a
 * relation of the same statement with `id` and "resourceId" (one row), and SQL
 * of a jsonb merged into each record's details: the statement's facts.
 */
export function insertAuditRecordsSql(records: AuditRecord[], made?: { thread: Prisma.Sql; details: Prisma.Sql }): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO audit_events (actor_kind, actor_id, actor_name, action, resource_id, thread_id, target_id, client_address, forwarded_for, details)
    SELECT e."actorKind", e."actorId", e."actorName", e.action,
           ${made ? Prisma.sql`m."resourceId", m.id` : Prisma.sql`e."resourceId", e."threadId"`},
           e."targetId", e."clientAddress", e."forwardedFor",
           ${made ? Prisma.sql`e.details || ${made.details}` : Prisma.sql`e.details`}
    FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS e(
      "actorKind" text, "actorId" text, "actorName" text, action text, "resourceId" text, "threadId" text,
      "targetId" text, "clientAddress" text, "forwardedFor" text, details jsonb)
    ${made ? Prisma.sql`CROSS JOIN ${made.thread} m` : Prisma.empty}`
}

/** The records in ONE statement, in the caller's transaction when it runs in one. */
export async function insertAuditRecords(ctx: StorageContext, records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return
  await ctx.db.$executeRaw(insertAuditRecordsSql(records))
}
