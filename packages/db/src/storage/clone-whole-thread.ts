// MemoryStorage.cloneWholeThread: the common clone in ONE statement. The
// source is read (within the caller's resources), checked for memory a clone
// would carry, the thread is created (its primary key decides between
// concurrent clones) and the source's effective history copied; the answer is
// ONE row: the outcome, the created thread, how many messages were copied, the
// message-id map as one JSON value (returnMessageIdMap) and the copies as one
// JSON array (returnMessages). A row per copied
// message made a 50,000-message clone cost the server thread a second after
// the statement (issue 17, B4).
// A single statement sees one snapshot and commits or fails as a whole, with
// the caller's audit entry when it gives one (WholeThreadCloneArgs.audit). The
// copies take their source's full-text vector (migration clone_copies_search_text).
import type { WholeThreadCloneArgs, WholeThreadCloneResult } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import { insertAuditRecordsSql } from './audit-records.ts'
import type { StorageContext } from './context.ts'
import { messageIdMapSql, parseMessageIdMap } from './message-id-map.ts'
import { copySourceSql } from './messages.ts'
import { threadRowColumns, toMessage, toThread, type ThreadRow } from './rows.ts'

type Outcome = WholeThreadCloneResult['status']
type CloneRow = { status: Outcome } & (ThreadRow | { id: null }) & { messageIdMap: string | null; messageCount: number; messages: string | null }

/** A copy as the statement's json_build_object writes it (the timestamp as ISO text); role and content are checked by toMessage. */
type CopiedMessage = { id: string; role: string; content: unknown; createdAt: string }

/** Whether source thread `t` has memory of `scope` in `table` that a clone into `target` would carry. */
function carriesSql(table: 'working_memory_versions' | 'observational_memory', scope: 'thread' | 'resource' | null): Prisma.Sql {
  const rows = Prisma.raw(table)
  if (scope === null) return Prisma.sql`false`
  if (scope === 'thread') return Prisma.sql`EXISTS (SELECT 1 FROM ${rows} x WHERE x.lookup_key = 'thread:' || t.id)`
  return Prisma.sql`(target <> t.resource_id AND EXISTS (SELECT 1 FROM ${rows} x WHERE x.lookup_key = 'resource:' || t.resource_id))`
}

export async function cloneWholeThread(ctx: StorageContext, args: WholeThreadCloneArgs): Promise<WholeThreadCloneResult> {
  const { sourceThreadId, sourceResourceIds, newThreadId, carriedMemory } = args
  const rows = await ctx.db.$queryRaw<CloneRow[]>`
    WITH RECURSIVE ${copySourceSql(sourceThreadId)},
    src AS (
      SELECT t.*, target FROM threads t CROSS JOIN LATERAL (SELECT COALESCE(${args.resourceId}::text, t.resource_id) AS target) r
      WHERE t.id = ${sourceThreadId} AND (${sourceResourceIds}::text[] IS NULL OR t.resource_id = ANY(${sourceResourceIds}::text[]))
    ),
    plain AS (
      SELECT * FROM src t
      WHERE NOT ${carriesSql('working_memory_versions', carriedMemory.workingMemory)}
        AND NOT ${carriesSql('observational_memory', carriedMemory.observationalMemory)}
    ),
    created AS (
      INSERT INTO threads (id, resource_id, title, metadata, source_thread_id)
      SELECT ${newThreadId}, p.target,
             COALESCE(${args.title}::text, CASE WHEN p.title = '' THEN '' ELSE ${args.titlePrefix}::text || p.title END),
             ((p.metadata || ${JSON.stringify(args.metadata)}::jsonb) - 'branch') || jsonb_build_object('clone', jsonb_strip_nulls(jsonb_build_object(
               'sourceThreadId', p.id, 'clonedAt', ${args.clonedAt.toISOString()}::text, 'lastMessageId', last.id, 'lastClonedMessageId', last.id))),
             p.id
      FROM plain p LEFT JOIN LATERAL (SELECT id FROM source ORDER BY new_id DESC LIMIT 1) last ON true
      ON CONFLICT (id) DO NOTHING
      RETURNING ${Prisma.raw(threadRowColumns('threads'))}
    ),
    copied AS (
      -- the source row's full-text vector goes along when the copy has its content (not a branch's override):
      -- computing it again cost more than the rest of the clone (NULL: the trigger computes it)
      INSERT INTO messages (id, thread_id, resource_id, role, type, content, created_at, search_text)
      SELECT s.new_id, c.id, c."resourceId", s.role, s.type, s.content, s.created_at,
             (SELECT o.search_text FROM messages o WHERE o.id = s.id AND o.content = s.content)
      FROM source s CROSS JOIN created c
      RETURNING id, role, content, created_at
    )${
      args.audit === null
        ? Prisma.empty
        : Prisma.sql`,
    -- the caller's audit entry commits with the clone (issue 33): unreferenced, it still runs with the statement
    audited AS (${insertAuditRecordsSql([args.audit], { thread: Prisma.sql`created`, details: Prisma.sql`jsonb_build_object('messages', (SELECT count(*) FROM copied))` })})`
    }
    SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM src) THEN 'source-not-found'
                WHEN NOT EXISTS (SELECT 1 FROM plain) THEN 'needs-plan'
                WHEN NOT EXISTS (SELECT 1 FROM created) THEN 'taken'
                ELSE 'cloned' END AS status,
           th.*, ${messageIdMapSql(Prisma.sql`${args.returnMessageIdMap} AND EXISTS (SELECT 1 FROM created)`)} AS "messageIdMap",
           (SELECT count(*) FROM source WHERE EXISTS (SELECT 1 FROM created))::int AS "messageCount",
           CASE WHEN ${args.returnMessages} THEN (
             SELECT json_agg(json_build_object('id', m.id, 'role', m.role, 'content', m.content, 'createdAt', m.created_at) ORDER BY m.created_at, m.id)
             FROM copied m)::text END AS "messages"
    FROM (SELECT 1) one
    LEFT JOIN created th ON true`
  // the outcome row is always there (FROM one row); 'cloned' carries the created thread
  const [row] = rows
  if (row?.status !== 'cloned') return { status: row?.status ?? 'source-not-found' }
  const thread = toThread(row as ThreadRow)
  const copies = row.messages === null ? [] : (JSON.parse(row.messages) as CopiedMessage[])
  return {
    status: 'cloned',
    thread,
    messageIdMap: parseMessageIdMap(row.messageIdMap),
    messageCount: row.messageCount,
    clonedMessages: copies.map((copy) => toMessage({ ...copy, threadId: thread.id, resourceId: thread.resourceId, createdAt: new Date(copy.createdAt) })),
  }
}
