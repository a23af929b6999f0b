// diffThreadHistories: the diff of two effective histories in ONE query, so
// two 100k-message histories are compared where they live. Same semantics as
// the engine's pure diffHistories (memory/branches/history-diff.ts): pair by
// id, then (when asked) pair the remaining copies by (createdAt, role,
// content) in order; the common point is the last paired message of `a`.
// Where the shared stretch begins (the first pair) and how many of each side's
// own messages lie before the common point (a partial clone's left-out messages
// are not "after" it) follow the pure function's definition too; the tests
// compare the two. Each side is paged in the same statement (its own LIMIT
// after its own position), its full count apart, so an answer never grows with
// the histories.
import { ThreadNotFoundError, type StoredMessage } from '@threadline/engine'
import type { DiffThreadHistoriesInput, StoredThreadDiff } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import { branchChainCte, effectiveHistoryCte, inheritedMessagesCte } from './branch-history-sql.ts'
import type { StorageContext } from './context.ts'
import { toMessage, type MessageRow } from './rows.ts'

type DiffRow = MessageRow & {
  kind: 'common' | 'a' | 'b'
  commonCount: number | null
  lastA: string | null
  lastB: string | null
  firstA: string | null
  firstB: string | null
  firstPosA: number | null
  firstPosB: number | null
  beforeA: number | null
  beforeB: number | null
  countA: number | null
  countB: number | null
  pos: number
}

/** One page of a side: at most `limit` rows (one more was read to tell whether more follow) and where the next page starts. */
function sidePage(rows: DiffRow[], limit: number | undefined): { messages: StoredMessage[]; nextAfter: number | null } {
  const page = limit === undefined ? rows : rows.slice(0, limit)
  const last = page.at(-1)
  return { messages: page.map(toMessage), nextAfter: last !== undefined && page.length < rows.length ? last.pos : null }
}

export async function diffThreadHistories(ctx: StorageContext, input: DiffThreadHistoriesInput): Promise<StoredThreadDiff> {
  const { threadIdA, threadIdB, matchCopies, limit } = input
  const found = await ctx.db.$queryRaw<{ id: string }[]>`SELECT id FROM threads WHERE id IN (${threadIdA}, ${threadIdB})`
  for (const id of [threadIdA, threadIdB]) if (!found.some((row) => row.id === id)) throw new ThreadNotFoundError(id)
  const copyKey = matchCopies ? Prisma.sql`md5(h.created_at::text || '|' || h.role || '|' || h.content::text)` : Prisma.sql`NULL::text`
  // one row past the page tells whether another page follows, without counting what is after it
  const take = limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${limit + 1}`
  const rows = await ctx.db.$queryRaw<DiffRow[]>`
    WITH RECURSIVE ${branchChainCte(Prisma.sql`ARRAY[${threadIdA}, ${threadIdB}]::text[]`)},
    ${inheritedMessagesCte},
    ${effectiveHistoryCte},
    a AS MATERIALIZED (SELECT h.*, ${copyKey} AS copy_key FROM history h WHERE h.root_id = ${threadIdA}),
    b AS MATERIALIZED (SELECT h.*, ${copyKey} AS copy_key FROM history h WHERE h.root_id = ${threadIdB}),
    by_id AS MATERIALIZED (SELECT a.pos AS a_pos, b.pos AS b_pos FROM a JOIN b ON b.id = a.id),
    rest_a AS (
      SELECT a.pos, a.copy_key, row_number() OVER (PARTITION BY a.copy_key ORDER BY a.pos) AS k FROM a
      WHERE a.copy_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM by_id WHERE by_id.a_pos = a.pos)
    ),
    rest_b AS (
      SELECT b.pos, b.copy_key, row_number() OVER (PARTITION BY b.copy_key ORDER BY b.pos) AS k FROM b
      WHERE b.copy_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM by_id WHERE by_id.b_pos = b.pos)
    ),
    pairs AS MATERIALIZED (
      SELECT a_pos, b_pos FROM by_id
      UNION ALL
      SELECT ra.pos, rb.pos FROM rest_a ra JOIN rest_b rb ON rb.copy_key = ra.copy_key AND rb.k = ra.k
    ),
    last_pair AS (SELECT a_pos, b_pos FROM pairs ORDER BY a_pos DESC LIMIT 1),
    first_pair AS (SELECT a_pos, b_pos FROM pairs ORDER BY a_pos LIMIT 1),
    only_a AS MATERIALIZED (SELECT a.* FROM a WHERE NOT EXISTS (SELECT 1 FROM pairs WHERE pairs.a_pos = a.pos)),
    only_b AS MATERIALIZED (SELECT b.* FROM b WHERE NOT EXISTS (SELECT 1 FROM pairs WHERE pairs.b_pos = b.pos))
    SELECT 'common' AS kind, (SELECT count(*)::int FROM pairs) AS "commonCount",
           (SELECT a.id FROM a JOIN last_pair lp ON lp.a_pos = a.pos) AS "lastA",
           (SELECT b.id FROM b JOIN last_pair lp ON lp.b_pos = b.pos) AS "lastB",
           (SELECT a.id FROM a JOIN first_pair fp ON fp.a_pos = a.pos) AS "firstA",
           (SELECT b.id FROM b JOIN first_pair fp ON fp.b_pos = b.pos) AS "firstB",
           (SELECT a_pos::int FROM first_pair) AS "firstPosA", (SELECT b_pos::int FROM first_pair) AS "firstPosB",
           (SELECT count(*)::int FROM only_a WHERE only_a.pos < (SELECT a_pos FROM last_pair)) AS "beforeA",
           (SELECT count(*)::int FROM only_b WHERE only_b.pos < (SELECT b_pos FROM last_pair)) AS "beforeB",
           (SELECT count(*)::int FROM only_a) AS "countA", (SELECT count(*)::int FROM only_b) AS "countB",
           NULL AS id, NULL AS "threadId", NULL AS "resourceId", NULL AS role, NULL::jsonb AS content, NULL::timestamptz AS "createdAt", 0 AS pos
    UNION ALL
    (SELECT 'a', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, o.id, o.thread_id, o.resource_id, o.role, o.content, o.created_at, o.pos::int FROM only_a o
     WHERE o.pos > ${input.afterA ?? 0} ORDER BY o.pos ${take})
    UNION ALL
    (SELECT 'b', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, o.id, o.thread_id, o.resource_id, o.role, o.content, o.created_at, o.pos::int FROM only_b o
     WHERE o.pos > ${input.afterB ?? 0} ORDER BY o.pos ${take})
    ORDER BY kind, pos`
  const summary = rows.find((row) => row.kind === 'common')
  const a = sidePage(
    rows.filter((row) => row.kind === 'a'),
    limit,
  )
  const b = sidePage(
    rows.filter((row) => row.kind === 'b'),
    limit,
  )
  return {
    commonCount: summary?.commonCount ?? 0,
    lastCommon: summary?.lastA && summary.lastB ? { messageIdA: summary.lastA, messageIdB: summary.lastB } : null,
    firstCommon:
      summary?.firstA && summary.firstB && summary.firstPosA !== null && summary.firstPosB !== null
        ? { messageIdA: summary.firstA, messageIdB: summary.firstB, positionA: summary.firstPosA, positionB: summary.firstPosB }
        : null,
    onlyInABeforeCommonCount: summary?.beforeA ?? 0,
    onlyInBBeforeCommonCount: summary?.beforeB ?? 0,
    onlyInA: a.messages,
    onlyInB: b.messages,
    onlyInACount: summary?.countA ?? 0,
    onlyInBCount: summary?.countB ?? 0,
    nextAfterA: a.nextAfter,
    nextAfterB: b.nextAfter,
  }
}
