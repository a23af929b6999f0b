// "Which branches inherit messages of thread T": the branch-descendants of T
// (recursive down branch_parent_id), each walked back up to T with the cut
// rule of effective-history.ts; D inherits T's message m iff the cut at T's
// level is owned by T and (m.created_at, m.id) <= cut. ONE query.
import type { InheritingBranch } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import type { Db } from './context.ts'
import { branchColumnsSql, carriedCutSql, maxBranchDepth } from './effective-history.ts'

type InheritingRow = { branchThreadId: string; parentThreadId: string; depth: number; messageId: string; createdAt: Date }

/** CTEs `down` (branch-descendants of the thread) and `up` (each walked back to it, carrying the cut), to follow `WITH RECURSIVE`. */
function inheritanceCtes(threadId: string): Prisma.Sql {
  const cut = carriedCutSql('u')
  return Prisma.sql`
    down AS (
      SELECT b.id, b.branch_parent_id AS parent_id, b.created_at, 1 AS depth FROM threads b WHERE b.branch_parent_id = ${threadId}
      UNION ALL
      SELECT b.id, b.branch_parent_id, b.created_at, d.depth + 1
      FROM down d JOIN threads b ON b.branch_parent_id = d.id
      WHERE d.depth < ${maxBranchDepth}
    ),
    up AS (
      SELECT d.id AS start_id, t.id, ${branchColumnsSql('t')},
             NULL::text AS cut_owner, NULL::timestamptz AS cut_at, NULL::text AS cut_id, 0 AS steps
      FROM down d JOIN threads t ON t.id = d.id
      UNION ALL
      SELECT u.start_id, p.id, ${branchColumnsSql('p')}, ${cut.owner}, ${cut.at}, ${cut.id}, u.steps + 1
      FROM up u JOIN threads p ON p.id = u.parent_id
      WHERE u.id <> ${threadId} AND u.steps < ${maxBranchDepth}
    ),
    inheriting AS (
      SELECT d.id, d.parent_id, d.depth, d.created_at, u.cut_at, u.cut_id
      FROM up u JOIN down d ON d.id = u.start_id
      WHERE u.id = ${threadId} AND u.cut_owner = ${threadId}
    )`
}

export async function branchesInheriting(db: Db, args: { threadId: string; messageIds?: string[] }): Promise<InheritingBranch[]> {
  const { threadId, messageIds } = args
  const inheritsOne =
    messageIds === undefined
      ? Prisma.empty
      : Prisma.sql`WHERE EXISTS (
          SELECT 1 FROM messages m WHERE m.id = ANY(${messageIds}::text[]) AND m.thread_id = ${threadId}
            AND (m.created_at, m.id) <= (i.cut_at, i.cut_id))`
  const rows = await db.$queryRaw<InheritingRow[]>`
    WITH RECURSIVE ${inheritanceCtes(threadId)}
    SELECT i.id AS "branchThreadId", i.parent_id AS "parentThreadId", i.depth, i.cut_id AS "messageId", i.cut_at AS "createdAt"
    FROM inheriting i ${inheritsOne}
    ORDER BY i.depth, i.created_at, i.id`
  return rows.map((row) => ({
    branchThreadId: row.branchThreadId,
    parentThreadId: row.parentThreadId,
    depth: row.depth,
    cut: { messageId: row.messageId, createdAt: row.createdAt },
  }))
}

/** Which of `messageIds` (owned by the thread) branches inherit, and which branches: [] when none. ONE query. */
export async function messagesSharedByBranches(db: Db, threadId: string, messageIds: string[]): Promise<{ messageIds: string[]; branchThreadIds: string[] }> {
  const [row] = await db.$queryRaw<{ messageIds: string[] | null; branchThreadIds: string[] | null }[]>`
    WITH RECURSIVE ${inheritanceCtes(threadId)}
    SELECT array_agg(DISTINCT m.id) AS "messageIds", array_agg(DISTINCT i.id) AS "branchThreadIds"
    FROM inheriting i JOIN messages m ON m.id = ANY(${messageIds}::text[]) AND m.thread_id = ${threadId}
      AND (m.created_at, m.id) <= (i.cut_at, i.cut_id)`
  return { messageIds: row?.messageIds ?? [], branchThreadIds: row?.branchThreadIds ?? [] }
}
