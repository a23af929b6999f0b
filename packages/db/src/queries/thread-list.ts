// The threads explorer's listing (ThreadQueries.listThreads): ONE query for a
// page of threads with, per thread, message count, last message, memory flags,
// providers seen and clone depth. Filters (flags included) narrow the rows before paging and counting;
// the per-thread columns are computed for the page's rows only.
import type { ThreadListPage, ThreadListQuery } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import type { Db } from '../storage/context.ts'
import { threadRowColumns, toThread, type ThreadRow } from '../storage/rows.ts'
import { branchChainCte } from '../storage/branch-history-sql.ts'
import { threadFilterConditions, threadOrderSql, whereSql } from '../storage/thread-filter.ts'

/** Column references of one thread row: `threads t` in the filter, the page's camelCase columns above it. */
type ThreadColumns = { id: Prisma.Sql; resourceId: Prisma.Sql; sourceThreadId: Prisma.Sql; metadata: Prisma.Sql }

const threadTable: ThreadColumns = {
  id: Prisma.raw('t.id'),
  resourceId: Prisma.raw('t.resource_id'),
  sourceThreadId: Prisma.raw('t.source_thread_id'),
  metadata: Prisma.raw('t.metadata'),
}

const pageRow: ThreadColumns = {
  id: Prisma.raw('page.id'),
  resourceId: Prisma.raw('page."resourceId"'),
  sourceThreadId: Prisma.raw('page."sourceThreadId"'),
  metadata: Prisma.raw('page.metadata'),
}

/** The lineage column, or clone metadata of a thread imported without it. Never NULL, so NOT works. */
function isCloneSql(t: ThreadColumns): Prisma.Sql {
  return Prisma.sql`(${t.sourceThreadId} IS NOT NULL
    OR coalesce(jsonb_typeof(${t.metadata}->'clone'->'sourceThreadId') = 'string' AND ${t.metadata}->'clone'->>'sourceThreadId' <> '', false))`
}

/** The current (latest) working-memory text of a lookup key, or NULL. */
function currentWorkingMemorySql(lookupKey: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT w.text FROM working_memory_versions w WHERE w.lookup_key = ${lookupKey} ORDER BY w.created_at DESC, w.id DESC LIMIT 1)`
}

/** Working memory in either scope whose current version holds more than whitespace. */
function hasWorkingMemorySql(t: ThreadColumns): Prisma.Sql {
  return Prisma.sql`(coalesce(${currentWorkingMemorySql(Prisma.sql`'thread:' || ${t.id}`)} ~ '[^[:space:]]', false)
    OR coalesce(${currentWorkingMemorySql(Prisma.sql`'resource:' || ${t.resourceId}`)} ~ '[^[:space:]]', false))`
}

/** A generation under the thread's or its resource's lookup key (the unique index's leading column). */
function hasObservationalMemorySql(t: ThreadColumns): Prisma.Sql {
  return Prisma.sql`(EXISTS (SELECT 1 FROM observational_memory om WHERE om.lookup_key = 'thread:' || ${t.id})
    OR EXISTS (SELECT 1 FROM observational_memory om WHERE om.lookup_key = 'resource:' || ${t.resourceId}))`
}

function flagCondition(sql: Prisma.Sql, wanted: boolean | undefined): Prisma.Sql | null {
  if (wanted === undefined) return null
  return wanted ? sql : Prisma.sql`NOT ${sql}`
}

/** An object's keys, or none when the value is not an object. */
function keysOf(value: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`jsonb_object_keys(CASE WHEN jsonb_typeof(${value}) = 'object' THEN ${value} ELSE '{}'::jsonb END)`
}

/**
 * Providers are read from each listed thread's latest messages only (an index
 * range scan), so a page holding a 100k-message thread costs what a short one
 * does: "providers seen" means seen recently.
 */
const PROVIDER_SCAN_MESSAGES = 200

/** A page row; an empty page gives one row of nulls carrying `total` (EmptyPageRow). */
type ListRow = ThreadRow & {
  total: number
  messageCount: number
  inheritedMessageCount: number
  lastMessageAt: Date | null
  hasWorkingMemory: boolean
  hasObservationalMemory: boolean
  providersSeen: string[]
  cloneDepth: number
}
type EmptyPageRow = { total: number; id: null }

export async function listThreadPage(db: Db, query: ThreadListQuery): Promise<ThreadListPage> {
  const parsed = query
  const { isClone, isBranch, hasObservationalMemory, hasWorkingMemory, lineageResourceIds, limit, offset = 0 } = parsed
  const conditions = [
    ...threadFilterConditions(parsed),
    flagCondition(isCloneSql(threadTable), isClone),
    flagCondition(Prisma.sql`(t.branch_parent_id IS NOT NULL)`, isBranch),
    flagCondition(hasObservationalMemorySql(threadTable), hasObservationalMemory),
    flagCondition(hasWorkingMemorySql(threadTable), hasWorkingMemory),
  ].filter((c): c is Prisma.Sql => c !== null)
  const where = whereSql(conditions)
  const order = threadOrderSql(parsed.orderBy)
  const content = Prisma.raw('m.content')
  const walkable = lineageResourceIds === undefined ? Prisma.empty : Prisma.sql`AND source.resource_id = ANY(${lineageResourceIds}::text[])`
  // `lineage` walks each page thread's sources: one row per link followed; the
  // link that steps back onto a visited thread (a cycle), onto a missing source
  // or onto one outside `lineageResourceIds` is counted, not followed.
  // The count row is always there (LEFT JOIN), so `total` survives an empty page.
  const rows = await db.$queryRaw<(ListRow | EmptyPageRow)[]>`
    WITH RECURSIVE matching AS (
      SELECT ${Prisma.raw(threadRowColumns('t'))}
      FROM threads t ${where}
    ),
    page AS (SELECT * FROM matching ORDER BY ${order} LIMIT ${limit ?? null} OFFSET ${offset}),
    lineage AS (
      SELECT page.id AS start_id, page."sourceThreadId" AS next_id, 0 AS depth, ARRAY[page.id] AS visited, false AS closes_cycle
      FROM page
      UNION ALL
      SELECT l.start_id, source.source_thread_id, l.depth + 1, l.visited || l.next_id, l.next_id = ANY(l.visited)
      FROM lineage l LEFT JOIN threads source ON source.id = l.next_id ${walkable}
      WHERE l.next_id IS NOT NULL AND NOT l.closes_cycle
    ),
    ${branchChainCte(Prisma.sql`ARRAY(SELECT page.id FROM page)`)}
    SELECT counted.total, listed.*
    FROM (SELECT count(*)::int AS total FROM matching) counted
    LEFT JOIN LATERAL (
      SELECT page.*, stats."messageCount" + inherited.count AS "messageCount", inherited.count AS "inheritedMessageCount", stats."lastMessageAt",
             ${hasWorkingMemorySql(pageRow)} AS "hasWorkingMemory",
             ${hasObservationalMemorySql(pageRow)} AS "hasObservationalMemory",
             providers.seen AS "providersSeen",
             (SELECT max(l.depth) FROM lineage l WHERE l.start_id = page.id)::int AS "cloneDepth"
      FROM page
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS "messageCount", max(m.created_at) AS "lastMessageAt" FROM messages m WHERE m.thread_id = page.id
      ) stats
      CROSS JOIN LATERAL (
        -- a branch's inherited messages: at each level above it, an index range up to the cut
        SELECT count(m.id)::int AS count FROM chain ch
        JOIN messages m ON m.thread_id = ch.level_id AND ch.cut_owner = ch.level_id AND (m.created_at, m.id) <= (ch.cut_at, ch.cut_id)
        WHERE ch.root_id = page.id AND ch.depth > 0
      ) inherited
      CROSS JOIN LATERAL (
        SELECT coalesce(array_agg(DISTINCT split_part(found.provider, '.', 1) ORDER BY split_part(found.provider, '.', 1)), ARRAY[]::text[]) AS seen
        FROM (
          SELECT recent.content FROM messages recent WHERE recent.thread_id = page.id
          ORDER BY recent.created_at DESC, recent.id DESC LIMIT ${PROVIDER_SCAN_MESSAGES}
        ) m
        CROSS JOIN LATERAL (
          SELECT ${content}->'metadata'->>'provider' WHERE jsonb_typeof(${content}->'metadata'->'provider') = 'string'
          UNION ALL
          SELECT ${keysOf(Prisma.sql`${content}->'providerMetadata'`)}
          UNION ALL
          SELECT ${keysOf(Prisma.raw("part->'providerMetadata'"))}
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${content}->'parts') = 'array' THEN ${content}->'parts' ELSE '[]'::jsonb END) part
        ) found(provider)
        WHERE split_part(found.provider, '.', 1) <> ''
      ) providers
    ) listed ON true
    ORDER BY ${order}`
  return {
    total: rows[0]?.total ?? 0,
    threads: rows
      .filter((row): row is ListRow => row.id !== null)
      .map((row) => ({
        ...toThread(row),
        messageCount: row.messageCount,
        inheritedMessageCount: row.inheritedMessageCount,
        lastMessageAt: row.lastMessageAt,
        hasWorkingMemory: row.hasWorkingMemory,
        hasObservationalMemory: row.hasObservationalMemory,
        providersSeen: row.providersSeen,
        cloneDepth: row.cloneDepth,
      })),
  }
}
