// The effective history of MANY threads at once, as SQL fragments for the
// branch operations (materialize, promote, diff): one recursive walk up each
// thread's branch chain carrying the cutoff (the shared brief's rule), then
// the messages each level contributes, the nearest override applied.
//
//   level 0 = the thread itself, no cut: all its own messages.
//   child c -> parent p: cut(p) = (cut(c) IS NULL OR cut(c).owner = c) ? c.branch_point_* : cut(c)
//   level p shows its messages <= cut(p) when cut(p).owner = p (none when the cut is owned higher up).
//
// An inherited message takes the content of the nearest override between the
// thread (inclusive) and the level that owns it (exclusive).
import { Prisma } from '../generated/prisma/client.ts'

/** Guard against a cycle in branch_parent_id (creation order makes one impossible; a hand-edited row could). */
export const maxBranchDepth = 1000

/**
 * `chain(root_id, level_id, depth, cut_owner, cut_at, cut_id)`: every level of
 * every root's branch chain. `roots` is a text[] expression. Put it in a
 * `WITH RECURSIVE` list.
 */
export function branchChainCte(roots: Prisma.Sql): Prisma.Sql {
  const carried = Prisma.sql`ch.cut_owner IS NULL OR ch.cut_owner = ch.level_id`
  return Prisma.sql`chain AS (
    SELECT r.id AS root_id, r.id AS level_id, 0 AS depth,
           NULL::text AS cut_owner, NULL::timestamptz(3) AS cut_at, NULL::text AS cut_id
    FROM threads r WHERE r.id = ANY(${roots})
    UNION ALL
    SELECT ch.root_id, c.branch_parent_id, ch.depth + 1,
           CASE WHEN ${carried} THEN c.branch_point_thread_id ELSE ch.cut_owner END,
           CASE WHEN ${carried} THEN c.branch_point_created_at ELSE ch.cut_at END,
           CASE WHEN ${carried} THEN c.branch_point_message_id ELSE ch.cut_id END
    FROM chain ch JOIN threads c ON c.id = ch.level_id
    WHERE c.branch_parent_id IS NOT NULL AND ch.depth < ${maxBranchDepth}
  )`
}

/**
 * `inherited(root_id, depth, id, thread_id, resource_id, type, created_at, role, content, overridden)`:
 * the messages each root inherits (levels above it), nearest override applied.
 * Needs `chain`.
 */
export const inheritedMessagesCte = Prisma.sql`inherited AS (
    SELECT ch.root_id, ch.depth, m.id, m.thread_id, m.resource_id, m.type, m.created_at,
           COALESCE(o.role, m.role) AS role, COALESCE(o.content, m.content) AS content, o.role IS NOT NULL AS overridden
    FROM chain ch
    JOIN messages m ON m.thread_id = ch.level_id AND ch.cut_owner = ch.level_id AND (m.created_at, m.id) <= (ch.cut_at, ch.cut_id)
    LEFT JOIN LATERAL (
      SELECT ov.role, ov.content FROM message_overrides ov
      JOIN chain below ON below.root_id = ch.root_id AND below.level_id = ov.thread_id AND below.depth < ch.depth
      WHERE ov.message_id = m.id
      ORDER BY below.depth LIMIT 1
    ) o ON true
    WHERE ch.depth > 0
  )`

/**
 * `history(root_id, pos, id, thread_id, resource_id, type, created_at, role, content)`:
 * each root's whole effective history (inherited then own), `pos` its 1-based
 * position. Needs `chain` and `inherited`.
 */
export const effectiveHistoryCte = Prisma.sql`history AS (
    SELECT e.*, row_number() OVER (PARTITION BY e.root_id ORDER BY e.depth DESC, e.created_at, e.id) AS pos
    FROM (
      SELECT i.root_id, i.depth, i.id, i.thread_id, i.resource_id, i.type, i.created_at, i.role, i.content
      FROM inherited i
      UNION ALL
      SELECT ch.root_id, 0, m.id, m.thread_id, m.resource_id, m.type, m.created_at, m.role, m.content
      FROM chain ch JOIN messages m ON m.thread_id = ch.level_id
      WHERE ch.depth = 0
    ) e
  )`

/**
 * For the core's effective-history reads (effective-history.ts: CTE `chain`
 * with `id`, `depth`): `LEFT JOIN LATERAL ... ov` bringing the nearest
 * override of message `m` seen from the level at depth `depth` (an override of
 * a thread between the reader, depth 0, and that level). No probe at depth 0
 * (a thread's own messages have no override). Select
 * `effectiveRoleSql` / `effectiveContentSql` instead of `m.role` / `m.content`.
 */
export function nearestOverrideJoinSql(m: string, depth: string): Prisma.Sql {
  return Prisma.sql`LEFT JOIN LATERAL (
      SELECT o.role, o.content FROM message_overrides o JOIN chain below ON below.id = o.thread_id
      WHERE ${Prisma.raw(depth)} > 0 AND o.message_id = ${Prisma.raw(m)}.id AND below.depth < ${Prisma.raw(depth)}
      ORDER BY below.depth LIMIT 1
    ) ov ON true`
}

/** The role of `m` as the reader sees it, as a value (the column below names it). */
export const effectiveRoleValueSql = Prisma.sql`COALESCE(ov.role, m.role)`
export const effectiveRoleSql = Prisma.sql`${effectiveRoleValueSql} AS role`
/** The content of `m` as the reader sees it, as a value (the column below names it). */
export const effectiveContentValueSql = Prisma.sql`COALESCE(ov.content, m.content)`
export const effectiveContentSql = Prisma.sql`${effectiveContentValueSql} AS content`
