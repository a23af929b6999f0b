// The effective history of a thread in SQL (docs/spec/branch-thread.md). A root or
// a clone reads its own rows; a branch reads its ancestors' rows up to its
// cutoff, then its own. ONE recursive CTE walks up branch_parent_id carrying
// the "cut" (owner thread, created_at, id):
//   level 0 is the thread itself, no cut (all its own messages);
//   stepping from child c to parent p: cut(p) = c's own branch point when
//   cut(c) is null or owned by c, else cut(c) unchanged;
//   p's own messages are visible iff cut(p) is owned by p, up to (created_at, id) <= cut.
// `levels(id, depth, hi_at, hi_id)` lists the visible levels with their upper
// bound ((infinity, '') at level 0), so each level is an index range scan on
// messages (thread_id, created_at, id). Effective order: depth DESC (root
// level first), then (created_at, id).
import { Prisma } from '../generated/prisma/client.ts'

/** Deeper than any real chain: stops a walk round a cycle (which the foreign keys make impossible anyway). */
export const maxBranchDepth = 1000

/** The cut carried from child `c` to its parent: the child's own branch point, or the cut it inherited. */
export function carriedCutSql(c: string): { owner: Prisma.Sql; at: Prisma.Sql; id: Prisma.Sql } {
  const own = Prisma.raw(`${c}.cut_owner IS NULL OR ${c}.cut_owner = ${c}.id`)
  return {
    owner: Prisma.sql`CASE WHEN ${own} THEN ${Prisma.raw(c)}.bp_thread ELSE ${Prisma.raw(c)}.cut_owner END`,
    at: Prisma.sql`CASE WHEN ${own} THEN ${Prisma.raw(c)}.bp_at ELSE ${Prisma.raw(c)}.cut_at END`,
    id: Prisma.sql`CASE WHEN ${own} THEN ${Prisma.raw(c)}.bp_id ELSE ${Prisma.raw(c)}.cut_id END`,
  }
}

/** The branch columns of `threads` row `t`, named as the chain CTEs carry them. */
export const branchColumnsSql = (t: string): Prisma.Sql =>
  Prisma.raw(`${t}.branch_parent_id AS parent_id, ${t}.branch_point_thread_id AS bp_thread,
    ${t}.branch_point_created_at AS bp_at, ${t}.branch_point_message_id AS bp_id`)

/**
 * CTEs `chain` and `levels` of `threadId`'s effective history, to follow
 * `WITH RECURSIVE`. An unknown thread (or null) has no levels.
 */
export function effectiveLevelsSql(threadId: string | null): Prisma.Sql {
  const cut = carriedCutSql('c')
  return Prisma.sql`
    chain AS (
      SELECT t.id, ${branchColumnsSql('t')},
             NULL::text AS cut_owner, NULL::timestamptz AS cut_at, NULL::text AS cut_id, 0 AS depth
      FROM threads t WHERE t.id = ${threadId}
      UNION ALL
      SELECT p.id, ${branchColumnsSql('p')}, ${cut.owner}, ${cut.at}, ${cut.id}, c.depth + 1
      FROM chain c JOIN threads p ON p.id = c.parent_id
      WHERE c.depth < ${maxBranchDepth}
    ),
    levels AS (
      SELECT id, depth,
             CASE WHEN depth = 0 THEN 'infinity'::timestamptz ELSE cut_at END AS hi_at,
             CASE WHEN depth = 0 THEN '' ELSE cut_id END AS hi_id
      FROM chain WHERE depth = 0 OR cut_owner = id
    )`
}

/** `m` (a messages row) lies within level `l`'s visible range. */
export const withinLevelSql = (m: string, l: string): Prisma.Sql => Prisma.raw(`(${m}.created_at, ${m}.id) <= (${l}.hi_at, ${l}.hi_id)`)
