// The full-text arm of recall: PostgreSQL's own text search over the generated
// `messages.search_text` tsvector (GIN index, migration recall_full_text). Plain
// PostgreSQL, no extension: the same on PGlite and on a server without pgvector.
import type { TextMatch, TextQuery } from '@threadline/engine'
import { Prisma } from '../generated/prisma/client.ts'
import type { StorageContext } from './context.ts'
import { effectiveLevelsSql, withinLevelSql } from './effective-history.ts'

/** The text search configuration of the generated column; queries must use the same one. */
export const textSearchConfig = Prisma.raw(`'english'::regconfig`)

/**
 * ts_rank_cd normalisation: 1 divides by 1 + log(document length), so a long
 * message that mentions a word once does not outrank a short one about it.
 */
const rankNormalization = 1

/**
 * CTE `tsq(strict, loose)`: `websearch_to_tsquery` of the query (its words AND-ed,
 * "phrases", -exclusions), and the same with plain words OR-ed. Recall ranks by
 * the loose one: a question rarely repeats every word of the message it is about.
 * A query with an exclusion keeps the strict form (OR-ing it would match nearly everything).
 */
export function textQuerySql(query: string): Prisma.Sql {
  return Prisma.sql`tsq AS (
      SELECT strict, CASE WHEN strict::text LIKE '%!%' THEN strict ELSE replace(strict::text, ' & ', ' | ')::tsquery END AS loose
      FROM (SELECT websearch_to_tsquery(${textSearchConfig}, ${query}) AS strict) w
    )`
}

/** Best matches first; ties (equal rank) by the newer message. */
export function textSearchSql(query: TextQuery): Prisma.Sql {
  const rank = Prisma.sql`ts_rank_cd(m.search_text, tsq.loose, ${rankNormalization})`
  const inThread = query.threadId !== undefined
  const scope = [
    query.resourceId === undefined ? null : Prisma.sql`m.resource_id = ${query.resourceId}`,
    inThread ? withinLevelSql('m', 'l') : null,
  ].filter((c): c is Prisma.Sql => c !== null)
  return Prisma.sql`
    WITH RECURSIVE ${inThread ? Prisma.sql`${effectiveLevelsSql(query.threadId ?? null)},` : Prisma.empty} ${textQuerySql(query.query)}
    SELECT m.id AS "messageId", m.thread_id AS "threadId", ${rank}::float8 AS score
    FROM tsq CROSS JOIN ${inThread ? Prisma.sql`levels l JOIN messages m ON m.thread_id = l.id` : Prisma.sql`messages m`}
    WHERE m.search_text @@ tsq.loose ${scope.length === 0 ? Prisma.empty : Prisma.sql`AND ${Prisma.join(scope, ' AND ')}`}
    ORDER BY score DESC, m.created_at DESC, m.id DESC
    LIMIT ${query.topK}`
}

export async function searchText(ctx: StorageContext, query: TextQuery): Promise<TextMatch[]> {
  return ctx.db.$queryRaw<TextMatch[]>(textSearchSql(query))
}
