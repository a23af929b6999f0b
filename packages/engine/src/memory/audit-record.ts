// An audit entry that commits with its write (issue 33): the caller says who
// and from where (an AuditRecord), the write adds the thread it made, and the
// storage inserts the entry in the write's own transaction, so a kill right
// after the commit cannot leave the write without its entry.
import { z } from 'zod'
import type { AuditRecord, MemoryStorage, StoredThread } from '../storage/types.ts'

const nullableText = z.string().nullable()

export const auditRecordSchema = z.strictObject({
  actorKind: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  resourceId: nullableText,
  threadId: nullableText,
  targetId: nullableText,
  clientAddress: z.string(),
  forwardedFor: nullableText,
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
}) satisfies z.ZodType<AuditRecord>

/** `branchThread`'s second argument: `audit`, committed with the branch. */
export const branchCallOptionsSchema = z.strictObject({ audit: auditRecordSchema.optional() }).optional()

export type BranchCallOptions = z.input<typeof branchCallOptionsSchema>

/** Inserts `audit` (when given) through the transaction's storage, naming the thread the write made and adding `details`. */
export async function insertAuditOfThread(
  storage: MemoryStorage,
  audit: AuditRecord | null,
  thread: Pick<StoredThread, 'id' | 'resourceId'>,
  details: AuditRecord['details'],
): Promise<void> {
  if (audit === null) return
  await storage.insertAuditRecords([{ ...audit, threadId: thread.id, resourceId: thread.resourceId, details: { ...audit.details, ...details } }])
}
