// MemoryStorage.cloneWholeThread: the common clone in ONE statement. The
// source is read (within the caller's resources), checked for memory a clone
// would carry, the thread is created (its primary key decides between
// concurrent clones) and the source's effective history copied; the answer is
// one row per copied message (or one row when none), carrying the outcome.
// A single statement sees one snapshot and commits or fails as a whole. The
// copies take their source's full-text vector (migration clone_copies_search_text).
import type { WholeThreadCloneArgs, WholeThreadCloneResult } from '@threadline/engine'
import { Prisma } from '../generated/prisma/client.ts'
import type { StorageContext } from './context.ts'
import { copySourceSql } from './messages.ts'
import { threadRowColumns, toMessage, toThread, type ThreadRow } from './rows.ts'

type Outcome = WholeThreadCloneResult['status']
type CloneRow = { status: Outcome } & (ThreadRow | { id: null }) & {
    oldId: string | null
    newId: string | null
    messageRole: string
    messageContent: unknown
    messageCreatedAt: Date
  }

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
    )
    SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM src) THEN 'source-not-found'
                WHEN NOT EXISTS (SELECT 1 FROM plain) THEN 'needs-plan'
                WHEN NOT EXISTS (SELECT 1 FROM created) THEN 'taken'
                ELSE 'cloned' END AS status,
           th.*, s.id AS "oldId", m.id AS "newId", m.role AS "messageRole",
           CASE WHEN ${args.returnMessages} THEN m.content END AS "messageContent", m.created_at AS "messageCreatedAt"
    FROM (SELECT 1) one
    LEFT JOIN created th ON true
    LEFT JOIN (copied m JOIN source s ON s.new_id = m.id) ON true
    ORDER BY m.created_at, m.id`
  // the outcome row is always there (FROM one row); 'cloned' rows carry the created thread
  const first = rows[0]
  if (first?.status !== 'cloned') return { status: first?.status ?? 'source-not-found' }
  const thread = toThread(first as ThreadRow)
  const copies = rows.filter((row): row is CloneRow & { oldId: string; newId: string } => row.newId !== null)
  return {
    status: 'cloned',
    thread,
    messageIdMap: Object.fromEntries(copies.map((row) => [row.oldId, row.newId])),
    clonedMessages: args.returnMessages
      ? copies.map((row) =>
          toMessage({
            id: row.newId,
            threadId: thread.id,
            resourceId: thread.resourceId,
            role: row.messageRole,
            content: row.messageContent,
            createdAt: row.messageCreatedAt,
          }),
        )
      : [],
  }
}
