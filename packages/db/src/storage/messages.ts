// Messages: bulk writes and id-list reads are raw SQL (one statement per chunk
// of rows; Prisma's `in` caps at the driver's bind-parameter limit), ordered
// by (createdAt, id) everywhere.
import { MessageAlreadyExistsError, MessageNotFoundError, type StoredMessage } from '@threadline/engine'
import type { MessageCopyResult, MessageSelection, MessageStructure, UpsertMessagesOptions } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import { atomically, type Db, type StorageContext } from './context.ts'
import { guardUpsert, lockThreadsForWrite, rejectPlacementBeforeCuts } from './message-guards.ts'
import { messageIdMapSql, parseMessageIdMap } from './message-id-map.ts'
import { effectiveLevelsSql, withinLevelSql } from './effective-history.ts'
import { effectiveContentSql, effectiveContentValueSql, effectiveRoleSql, effectiveRoleValueSql, nearestOverrideJoinSql } from './branch-history-sql.ts'
import { afterPositionSql, readInPages, type EffectivePosition } from './interleaved-reads.ts'
import { toolInvocationsSql } from './message-structure-sql.ts'
import { toMessage, toMessageStructures, type MessageRow } from './rows.ts'
import { assertThreadsExist } from './threads.ts'

// Rows per INSERT: 10,000 messages are two statements.
const insertChunkSize = 5_000

const messageColumns = Prisma.sql`m.id, m.thread_id AS "threadId", m.resource_id AS "resourceId", m.role, m.content, m.created_at AS "createdAt"`
/** The same, as the reading thread sees them: an inherited message with its nearest copy-on-write override (needs the `ov` join). */
const effectiveMessageColumns = Prisma.sql`m.id, m.thread_id AS "threadId", m.resource_id AS "resourceId", ${effectiveRoleSql}, ${effectiveContentSql}, m.created_at AS "createdAt"`

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))
}

function duplicatesOf(ids: string[]): string[] {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id)
  return [...repeated]
}

/**
 * One INSERT ... SELECT FROM json_to_recordset per chunk: the chunk travels as a
 * single JSON parameter. Returns the ids that were NOT written because they exist.
 */
async function writeMessages(ctx: StorageContext, messages: StoredMessage[], onConflict: 'skip' | 'replace'): Promise<string[]> {
  const conflict =
    onConflict === 'skip'
      ? Prisma.sql`ON CONFLICT (id) DO NOTHING`
      : Prisma.sql`ON CONFLICT (id) DO UPDATE SET thread_id = EXCLUDED.thread_id, resource_id = EXCLUDED.resource_id,
          role = EXCLUDED.role, type = EXCLUDED.type, content = EXCLUDED.content, created_at = EXCLUDED.created_at`
  const skipped: string[] = []
  for (const chunk of chunks(messages, insertChunkSize)) {
    const rows = chunk.map((m) => ({ ...m, type: m.type ?? 'v2' }))
    const written = await ctx.db.$queryRaw<{ id: string }[]>`
      INSERT INTO messages (id, thread_id, resource_id, role, type, content, created_at)
      SELECT r.id, r."threadId", r."resourceId", r.role, r.type, r.content, r."createdAt"
      FROM json_to_recordset(${JSON.stringify(rows)}::json)
        AS r(id text, "threadId" text, "resourceId" text, role text, type text, content jsonb, "createdAt" timestamptz)
      ${conflict}
      RETURNING id`
    if (written.length < chunk.length) {
      const writtenIds = new Set(written.map((row) => row.id))
      skipped.push(...chunk.filter((m) => !writtenIds.has(m.id)).map((m) => m.id))
    }
  }
  return skipped
}

async function existingMessageIds(ctx: StorageContext, ids: string[]): Promise<string[]> {
  const rows = await ctx.db.$queryRaw<{ id: string }[]>`SELECT id FROM messages WHERE id = ANY(${ids}::text[])`
  return rows.map((row) => row.id)
}

export async function insertMessages(ctx: StorageContext, messages: StoredMessage[]): Promise<void> {
  if (messages.length === 0) return
  const ids = messages.map((m) => m.id)
  const repeated = duplicatesOf(ids)
  if (repeated.length > 0) throw new MessageAlreadyExistsError(repeated)
  await atomically(ctx, async (tx) => {
    // the lock is the existence check too (unknown thread -> ThreadNotFoundError)
    await lockThreadsForWrite(
      tx.db,
      messages.map((m) => m.threadId),
    )
    // Checked before writing so a caller that catches the error has nothing half-written.
    const existing = await existingMessageIds(tx, ids)
    if (existing.length > 0) throw new MessageAlreadyExistsError(existing)
    await rejectPlacementBeforeCuts(tx.db, messages)
    // A concurrent writer can still take an id in between: the transaction then rolls back.
    const raced = await writeMessages(tx, messages, 'skip')
    if (raced.length > 0) throw new MessageAlreadyExistsError(raced)
  })
}

type PlainInsert = { plain: boolean; expected: number; inserted: number; movedIds: string[] }

/**
 * The common upsert in ONE statement (the threads already locked): when no
 * existing row would change (new ids, or the same rows again) and no new row
 * lands at or before a branch's cutoff, inserts the new rows. Otherwise writes
 * nothing and says so (`plain` false), with the ids that exist in another thread.
 */
async function insertIfPlain(db: Db, messages: StoredMessage[]): Promise<PlainInsert> {
  const rows = JSON.stringify(messages.map((m) => ({ ...m, type: m.type ?? 'v2' })))
  const [result] = await db.$queryRaw<PlainInsert[]>`
    WITH r AS MATERIALIZED (
      SELECT * FROM json_to_recordset(${rows}::json)
        AS r(id text, "threadId" text, "resourceId" text, role text, type text, content jsonb, "createdAt" timestamptz)
    ),
    e AS MATERIALIZED (
      SELECT e.id, e.thread_id <> r."threadId" AS moved,
        (e.thread_id, e.resource_id, e.role, e.type, e.content, e.created_at)
          IS DISTINCT FROM (r."threadId", r."resourceId", r.role, r.type, r.content, r."createdAt"::timestamptz(3)) AS changed
      FROM r JOIN messages e ON e.id = r.id
    ),
    plain AS MATERIALIZED (
      SELECT NOT EXISTS (SELECT 1 FROM e WHERE e.changed)
        AND NOT EXISTS (
          SELECT 1 FROM r JOIN threads b ON b.branch_point_thread_id = r."threadId"
            AND (r."createdAt", r.id) <= (b.branch_point_created_at, b.branch_point_message_id)
          WHERE r.id NOT IN (SELECT id FROM e)
        ) AS ok
    ),
    written AS (
      INSERT INTO messages (id, thread_id, resource_id, role, type, content, created_at)
      SELECT r.id, r."threadId", r."resourceId", r.role, r.type, r.content, r."createdAt" FROM r
      WHERE (SELECT ok FROM plain) AND r.id NOT IN (SELECT id FROM e)
      ON CONFLICT (id) DO NOTHING
      RETURNING id
    )
    SELECT (SELECT ok FROM plain) AS plain,
      (SELECT count(*)::int FROM r) - (SELECT count(*)::int FROM e) AS expected,
      (SELECT count(*)::int FROM written) AS inserted,
      COALESCE((SELECT array_agg(id ORDER BY id) FROM e WHERE moved), '{}') AS "movedIds"`
  if (!result) throw new Error('the plain insert returned no row')
  return result
}

export async function upsertMessages(ctx: StorageContext, messages: StoredMessage[], options: UpsertMessagesOptions = {}): Promise<void> {
  if (messages.length === 0) return
  const repeated = duplicatesOf(messages.map((m) => m.id))
  if (repeated.length > 0) throw new MessageAlreadyExistsError(repeated)
  await atomically(ctx, async (tx) => {
    // the lock is the existence check too; the next statement's snapshot sees every branch cut made before it
    const threads = await lockThreadsForWrite(
      tx.db,
      messages.map((m) => m.threadId),
    )
    options.checkThreads?.(threads)
    // a moved row changes something, so nothing was written when this throws
    const plain = await insertIfPlain(tx.db, messages)
    if (options.sameThreadOnly && plain.movedIds.length > 0) throw new MessageAlreadyExistsError(plain.movedIds, { inAnotherThread: true })
    if (plain.plain && plain.inserted === plain.expected) return
    // changed rows (or a concurrent writer took an id meanwhile): the guards, one by one
    const writes = await guardUpsert(tx.db, messages)
    await writeMessages(tx, writes, 'replace')
  })
}

/**
 * The SELECT of a selection over the thread's EFFECTIVE history (effective-history.ts):
 * filters AND together; each level is read by a LATERAL index range scan cut to
 * what the page can need, then the levels are merged in effective order.
 * `last` keeps the newest n, returned oldest first; `limit`/`offset` paginate
 * (both ignored when `last` is set). `columns` name the row `m` (with its
 * level's `depth`). `from`: only rows after that position (readInPages).
 */
function selectionQuery(columns: Prisma.Sql, s: MessageSelection, from?: EffectivePosition): Prisma.Sql {
  const conditions = [
    from && afterPositionSql('m', 'l', from),
    withinLevelSql('m', 'l'),
    s.startDate && Prisma.sql`m.created_at >= ${s.startDate}`,
    s.endDate && Prisma.sql`m.created_at <= ${s.endDate}`,
    s.messageIds?.length ? Prisma.sql`m.id = ANY(${s.messageIds}::text[])` : undefined,
    s.after && Prisma.sql`(m.created_at, m.id) > (${s.after.createdAt}, ${s.after.id})`,
    s.before && Prisma.sql`(m.created_at, m.id) < (${s.before.createdAt}, ${s.before.id})`,
  ].filter((c): c is Prisma.Sql => c instanceof Prisma.Sql)
  const where = Prisma.join(conditions, ' AND ')
  if (s.last) {
    return Prisma.sql`
      WITH RECURSIVE ${effectiveLevelsSql(s.threadId)}
      SELECT ${columns} FROM (
        SELECT l.depth, newest.* FROM levels l CROSS JOIN LATERAL (
          SELECT m.* FROM messages m WHERE m.thread_id = l.id AND ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT ${s.last}
        ) newest
        ORDER BY l.depth, newest.created_at DESC, newest.id DESC LIMIT ${s.last}
      ) m ${nearestOverrideJoinSql('m', 'm.depth')}
      ORDER BY m.depth DESC, m.created_at, m.id`
  }
  const upTo = s.limit === undefined ? null : s.limit + (s.offset ?? 0)
  return Prisma.sql`
    WITH RECURSIVE ${effectiveLevelsSql(s.threadId)}
    SELECT ${columns} FROM (
      SELECT l.depth, oldest.* FROM levels l CROSS JOIN LATERAL (
        SELECT m.* FROM messages m WHERE m.thread_id = l.id AND ${where} ORDER BY m.created_at, m.id LIMIT ${upTo}
      ) oldest
    ) m ${nearestOverrideJoinSql('m', 'm.depth')}
    ORDER BY m.depth DESC, m.created_at, m.id LIMIT ${s.limit ?? null} OFFSET ${s.offset ?? 0}`
}

export async function listMessages(ctx: StorageContext, selection: MessageSelection): Promise<StoredMessage[]> {
  const rows = await ctx.db.$queryRaw<MessageRow[]>(selectionQuery(effectiveMessageColumns, selection))
  return rows.map(toMessage)
}

type MessagePlace = { id: string; createdAt: Date; role: StoredMessage['role'] }

/** In pages on a single-session database (readInPages). */
export async function listMessageIds(ctx: StorageContext, selection: MessageSelection): Promise<MessagePlace[]> {
  const columns = Prisma.sql`m.id, m.created_at AS "createdAt", ${effectiveRoleSql}, m.depth`
  return readInPages(ctx, selection, async (run, page, from) => {
    const rows = await run((db) => db.$queryRaw<(MessagePlace & { depth: number })[]>(selectionQuery(columns, page, from)))
    const last = rows.at(-1)
    return { rows: rows.map(({ id, createdAt, role }) => ({ id, createdAt, role })), last }
  })
}

/**
 * The selection as listMessages reads it, without content: its tool invocations are extracted in SQL, the rows
 * come as one JSON value (per page on a single-session database: readInPages).
 */
export async function listMessageStructure(ctx: StorageContext, selection: MessageSelection): Promise<MessageStructure[]> {
  const columns = Prisma.sql`json_build_array(m.id, m.created_at, ${effectiveRoleValueSql}, ${toolInvocationsSql(effectiveContentValueSql)}) AS s,
    m.depth, m.created_at, m.id`
  return readInPages(ctx, selection, async (run, page, from) => {
    // the aggregate restates selectionQuery's order (ancestors first, then (createdAt, id)); the last row is on the shallowest level
    const [row] = await run(
      (db) => db.$queryRaw<{ structure: string | null; depth: number | null }[]>`
        SELECT json_agg(q.s ORDER BY q.depth DESC, q.created_at, q.id)::text AS structure, min(q.depth) AS depth
        FROM (${selectionQuery(columns, page, from)}) q`,
    )
    const rows = await toMessageStructures(row?.structure ?? null)
    const last = rows.at(-1)
    return { rows, last: last && row?.depth != null ? { depth: row.depth, createdAt: last.createdAt, id: last.id } : undefined }
  })
}

/** Known messages in (createdAt, id) order; unknown ids are left out. */
export async function getMessagesByIds(ctx: StorageContext, wanted: string[]): Promise<StoredMessage[]> {
  if (wanted.length === 0) return []
  const rows = await ctx.db.$queryRaw<MessageRow[]>`
    SELECT ${messageColumns} FROM messages m WHERE m.id = ANY(${wanted}::text[]) ORDER BY m.created_at, m.id`
  return rows.map(toMessage)
}

/**
 * The given messages plus up to `before`/`after` neighbours of each, in one
 * query of LATERAL index scans, de-duplicated, in (createdAt, id) order. An
 * anchor in `threadId`'s effective history takes its neighbours there, level
 * by level (never past a cutoff, never from a sibling branch); any other
 * anchor in its own thread's rows. Each probe bounds (created_at, id) with ONE
 * row comparison per side (the anchor on its own level, the cutoff on the
 * others), so it is an index range scan that stops after `before` / `after`
 * rows: an OR between the two bounds made the anchor's own level a walk from
 * the level's end, O(thread) per anchor.
 */
export async function listMessagesAround(
  ctx: StorageContext,
  args: { messageIds: string[]; before: number; after: number; threadId?: string },
): Promise<StoredMessage[]> {
  const { messageIds, before, after } = args
  if (messageIds.length === 0) return []
  const rows = await ctx.db.$queryRaw<MessageRow[]>`
    WITH RECURSIVE ${effectiveLevelsSql(args.threadId ?? null)},
    anchor AS (SELECT id, thread_id, created_at FROM messages WHERE id = ANY(${messageIds}::text[])),
    placed AS (
      SELECT a.id, a.created_at, l.depth FROM anchor a JOIN levels l ON l.id = a.thread_id AND ${withinLevelSql('a', 'l')}
    ),
    loose AS (SELECT a.* FROM anchor a WHERE NOT EXISTS (SELECT 1 FROM placed p WHERE p.id = a.id)),
    picked AS (
      SELECT id FROM anchor
      UNION
      SELECT earlier.id FROM placed a CROSS JOIN LATERAL (
        SELECT e.id FROM levels l CROSS JOIN LATERAL (
          SELECT m.id, m.created_at FROM messages m
          WHERE m.thread_id = l.id AND m.id <> a.id
            AND (m.created_at, m.id) <= (CASE WHEN l.depth = a.depth THEN a.created_at ELSE l.hi_at END,
                                         CASE WHEN l.depth = a.depth THEN a.id ELSE l.hi_id END)
          ORDER BY m.created_at DESC, m.id DESC LIMIT ${before}
        ) e
        WHERE l.depth >= a.depth
        ORDER BY l.depth, e.created_at DESC, e.id DESC LIMIT ${before}
      ) earlier
      UNION
      SELECT later.id FROM placed a CROSS JOIN LATERAL (
        SELECT e.id FROM levels l CROSS JOIN LATERAL (
          SELECT m.id, m.created_at FROM messages m
          WHERE m.thread_id = l.id AND ${withinLevelSql('m', 'l')}
            AND (m.created_at, m.id) > (CASE WHEN l.depth = a.depth THEN a.created_at ELSE '-infinity'::timestamptz END,
                                        CASE WHEN l.depth = a.depth THEN a.id ELSE '' END)
          ORDER BY m.created_at, m.id LIMIT ${after}
        ) e
        WHERE l.depth <= a.depth
        ORDER BY l.depth DESC, e.created_at, e.id LIMIT ${after}
      ) later
      UNION
      SELECT earlier.id FROM loose a CROSS JOIN LATERAL (
        SELECT m.id FROM messages m
        WHERE m.thread_id = a.thread_id AND (m.created_at, m.id) < (a.created_at, a.id)
        ORDER BY m.created_at DESC, m.id DESC LIMIT ${before}
      ) earlier
      UNION
      SELECT later.id FROM loose a CROSS JOIN LATERAL (
        SELECT m.id FROM messages m
        WHERE m.thread_id = a.thread_id AND (m.created_at, m.id) > (a.created_at, a.id)
        ORDER BY m.created_at, m.id LIMIT ${after}
      ) later
    )
    SELECT ${effectiveMessageColumns} FROM messages m
    LEFT JOIN levels l ON l.id = m.thread_id AND ${withinLevelSql('m', 'l')}
    ${nearestOverrideJoinSql('m', 'COALESCE(l.depth, 0)')}
    WHERE m.id IN (SELECT id FROM picked) ORDER BY m.created_at, m.id`
  return rows.map(toMessage)
}

/**
 * The length of the thread's effective history, from its counters: its own
 * rows (threads.message_count, kept by triggers on messages) plus what it reads
 * through its ancestors (inherited_message_count, fixed with the cutoff). 0 for an unknown thread.
 */
export async function countMessages(ctx: StorageContext, threadId: string): Promise<number> {
  const [row] = await ctx.db.$queryRaw<{ count: number }[]>`
    SELECT (message_count + inherited_message_count)::int AS count FROM threads WHERE id = ${threadId}`
  return row?.count ?? 0
}

type CopyTarget = { sourceThreadId: string; targetThreadId: string; targetResourceId: string }

/**
 * CTEs `chain`, `levels`, `batch` and `source` (to follow `WITH RECURSIVE`):
 * the source thread's EFFECTIVE history (a branch's inherited messages too;
 * all, or those `onlyIds` names), each row with its new id. New ids are one
 * random prefix per copy plus the row's position, so messages that share a
 * createdAt keep their relative order in the copy (ties sort by id).
 */
export function copySourceSql(sourceThreadId: string, onlyIds?: string[]): Prisma.Sql {
  const selected = onlyIds ? Prisma.sql`AND m.id = ANY(${onlyIds}::text[])` : Prisma.empty
  return Prisma.sql`${effectiveLevelsSql(sourceThreadId)},
    batch AS MATERIALIZED (SELECT gen_random_uuid()::text AS prefix),
    source AS MATERIALIZED (
      SELECT m.id, ${effectiveRoleSql}, m.type, ${effectiveContentSql}, m.created_at,
             batch.prefix || '-' || lpad((row_number() OVER (ORDER BY l.depth DESC, m.created_at, m.id))::text, 10, '0') AS new_id
      FROM levels l JOIN messages m ON m.thread_id = l.id AND ${withinLevelSql('m', 'l')} CROSS JOIN batch
      ${nearestOverrideJoinSql('m', 'l.depth')}
      WHERE true ${selected}
    )`
}

/** ONE INSERT ... SELECT copies the source's messages (copySourceSql); the materialised CTE pairs each new id with its source id for the map. */
async function copyInSql(ctx: StorageContext, target: CopyTarget, onlyIds?: string[]): Promise<MessageCopyResult> {
  const { sourceThreadId, targetThreadId, targetResourceId } = target
  const [copy] = await ctx.db.$queryRaw<{ messageIdMap: string | null; count: number }[]>`
    WITH RECURSIVE ${copySourceSql(sourceThreadId, onlyIds)},
    copied AS (
      INSERT INTO messages (id, thread_id, resource_id, role, type, content, created_at)
      SELECT new_id, ${targetThreadId}, ${targetResourceId}, role, type, content, created_at FROM source
    )
    SELECT ${messageIdMapSql()} AS "messageIdMap", (SELECT count(*) FROM source)::int AS count`
  return { messageIdMap: parseMessageIdMap(copy?.messageIdMap ?? null), count: copy?.count ?? 0 }
}

/** Copies the given messages of the source's effective history; ids not in it -> MessageNotFoundError. */
export async function copyMessages(ctx: StorageContext, args: CopyTarget & { messageIds: string[] }): Promise<MessageCopyResult> {
  const { messageIds, ...target } = args
  return atomically(ctx, async (tx) => {
    await assertThreadsExist(tx, [target.sourceThreadId, target.targetThreadId])
    const missing = await tx.db.$queryRaw<{ id: string }[]>`
      WITH RECURSIVE ${effectiveLevelsSql(target.sourceThreadId)}
      SELECT wanted.id FROM unnest(${messageIds}::text[]) AS wanted(id)
      WHERE NOT EXISTS (SELECT 1 FROM levels l JOIN messages m ON m.thread_id = l.id AND ${withinLevelSql('m', 'l')} WHERE m.id = wanted.id)
      LIMIT 100`
    if (missing.length > 0) throw new MessageNotFoundError(missing.map((row) => row.id))
    return copyInSql(tx, target, messageIds)
  })
}

/** Copies every message of the source thread, selected in SQL (no id list travels). */
export async function copyThreadMessages(ctx: StorageContext, target: CopyTarget): Promise<MessageCopyResult> {
  return atomically(ctx, async (tx) => {
    await assertThreadsExist(tx, [target.sourceThreadId, target.targetThreadId])
    return copyInSql(tx, target)
  })
}
