// Where messages sit in a thread's EFFECTIVE history (effective-history.ts):
// the timeline numbers messages #1..#N and opens a thread at any of them.
import { Prisma } from '../generated/prisma/client.ts'
import type { StorageContext } from './context.ts'
import { effectiveLevelsSql, withinLevelSql } from './effective-history.ts'

/**
 * The 1-based place of each given message; ids outside the history are left out.
 * Effective order is depth DESC, then (created_at, id): a message's place is
 * every row of the deeper (ancestor) levels plus its own level's rows up to it,
 * counted on the (thread_id, created_at, id) index, so the content is never read.
 */
export async function messagePositions(ctx: StorageContext, args: { threadId: string; messageIds: string[] }): Promise<Map<string, number>> {
  if (args.messageIds.length === 0) return new Map()
  const rows = await ctx.db.$queryRaw<{ id: string; position: number }[]>(Prisma.sql`
    WITH RECURSIVE ${effectiveLevelsSql(args.threadId)},
    targets AS (
      SELECT t.depth, m.created_at, m.id FROM levels t
      JOIN messages m ON m.thread_id = t.id AND ${withinLevelSql('m', 't')}
      WHERE m.id = ANY(${args.messageIds}::text[])
    )
    SELECT g.id, (
      (SELECT count(*) FROM levels l JOIN messages m ON m.thread_id = l.id AND ${withinLevelSql('m', 'l')} WHERE l.depth > g.depth)
      + (SELECT count(*) FROM levels l JOIN messages m ON m.thread_id = l.id AND ${withinLevelSql('m', 'l')}
         WHERE l.depth = g.depth AND (m.created_at, m.id) <= (g.created_at, g.id))
    )::int AS position
    FROM targets g`)
  return new Map(rows.map((row) => [row.id, row.position]))
}
