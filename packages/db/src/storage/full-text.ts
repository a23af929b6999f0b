// The full-text arm of recall: PostgreSQL's own text search over the generated
// `messages.search_text` tsvector (GIN index, migration recall_full_text). Plain
// PostgreSQL, no extension: the same on PGlite and on a server without pgvector.
import type { TextMatch, TextQuery } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import { rankByBm25, type TextCandidates } from './bm25-scores.ts'
import { preparedPerConnection } from './connection-statements.ts'
import type { StorageContext } from './context.ts'
import { effectiveLevelsSql, withinLevelSql } from './effective-history.ts'
import { withoutSorts } from './without-sorts.ts'

/** The text search configuration of the generated column; queries must use the same one. */
export const textSearchConfig = Prisma.raw(`'english'::regconfig`)

/**
 * Matches BM25 scores at most: the newest of the loose query's matches. Bounds
 * the work on huge scopes where a common word matches nearly every message
 * (bench/recall.ts: 100k messages of a 100-word vocabulary); below it the ranking
 * is exact BM25 over every match.
 */
const CANDIDATES = 2000

/**
 * CTE `tsq(strict, loose)`: `websearch_to_tsquery` of the query (its words AND-ed,
 * "phrases", -exclusions), and the same with plain words OR-ed. Recall searches
 * with the loose one: a question rarely repeats every word of the message it is
 * about. A query with an exclusion keeps the strict form (OR-ing it would match
 * nearly everything). MATERIALIZED: parsed once per execution; inlined, a
 * prepared statement's generic plan (PGlite: session-statements.ts) parsed it
 * 2-3 times per message walked (issue 32).
 */
export function textQuerySql(query: string): Prisma.Sql {
  return Prisma.sql`tsq AS MATERIALIZED (
      SELECT strict, CASE WHEN strict::text LIKE '%!%' THEN strict ELSE replace(strict::text, ' & ', ' | ')::tsquery END AS loose
      FROM (SELECT websearch_to_tsquery(${textSearchConfig}, ${query}) AS strict) w
    )`
}

/**
 * The newest CANDIDATES matches of the scope, walking the messages' ordered
 * indexes backwards: (thread_id, created_at, id) per level of the thread's
 * effective history, or (resource_id, created_at) for a resource. When a query
 * word is common the walk stops after about CANDIDATES rows instead of
 * collecting every match; for rare words the planner takes the GIN index (it
 * estimates `@@` from the column's lexeme statistics). Each row carries what
 * BM25 needs of its vector, not the vector: its length and `hits`, its query
 * lexemes with their positions (marked with weight A by setweight, kept by
 * ts_filter), so sorts and the ranking move a few bytes per row, and each
 * vector is read once.
 */
function candidatesSql(query: TextQuery): Prisma.Sql {
  const columns = Prisma.sql`m.id, m.thread_id, m.created_at, length(m.search_text) AS dl,
    ts_filter(setweight(m.search_text, 'A', terms.lexemes), '{a}') AS hits`
  const newest = Prisma.sql`ORDER BY m.created_at DESC, m.id DESC LIMIT ${CANDIDATES}`
  // a query of stop words alone matches nothing: no walk (its empty tsquery would be tested, with a notice, on every row)
  const hasWords = Prisma.sql`numnode(tsq.loose) > 0`
  if (query.threadId === undefined) {
    return Prisma.sql`SELECT ${columns} FROM tsq, terms, messages m
      WHERE ${hasWords} AND m.resource_id = ${query.resourceId ?? null} AND m.search_text @@ tsq.loose ${newest}`
  }
  return Prisma.sql`SELECT s.* FROM levels l CROSS JOIN LATERAL (
      SELECT ${columns} FROM tsq, terms, messages m
      WHERE ${hasWords} AND m.thread_id = l.id AND ${withinLevelSql('m', 'l')} AND m.search_text @@ tsq.loose ${newest}
    ) s
    ORDER BY s.created_at DESC, s.id DESC LIMIT ${CANDIDATES}`
}

/**
 * N of BM25's IDF, the scope's message count, from the threads' kept counters
 * (messages.message_count, inherited_message_count: migration
 * thread_message_counts) rather than a count over the scope's rows.
 */
function scopeSizeSql(query: TextQuery): Prisma.Sql {
  return query.threadId === undefined
    ? Prisma.sql`SELECT coalesce(sum(t.message_count), 0)::float8 FROM threads t WHERE t.resource_id = ${query.resourceId ?? null}`
    : Prisma.sql`SELECT coalesce(sum(t.message_count + t.inherited_message_count), 0)::float8 FROM threads t WHERE t.id = ${query.threadId}`
}

/**
 * The candidates of recall's full-text arm as ONE row of parallel JSON arrays
 * (TextCandidates; JSON: one JSON.parse each, where PostgreSQL arrays of
 * 1,000 items cost ~2 ms more to parse per query), newest first, ranked by bm25-scores.ts: ts_rank_cd alone
 * has no inverse document frequency, so a common word weighs as much as a rare
 * one (bench/recall-quality measured it 11 points of recall@10 below plain BM25).
 */
export function textCandidatesSql(query: TextQuery): Prisma.Sql {
  const inThread = query.threadId !== undefined
  return Prisma.sql`
    WITH RECURSIVE ${inThread ? Prisma.sql`${effectiveLevelsSql(query.threadId ?? null)},` : Prisma.empty} ${textQuerySql(query.query)},
    terms AS MATERIALIZED (SELECT coalesce(array_agg(DISTINCT q.lexeme), '{}') AS lexemes FROM unnest(to_tsvector(${textSearchConfig}, ${query.query})) q)
    SELECT (${scopeSizeSql(query)}) AS "scopeSize", coalesce(json_agg(c.id), '[]') AS ids, coalesce(json_agg(c.thread_id), '[]') AS "threadIds",
      coalesce(json_agg(c.dl), '[]') AS lengths, coalesce(json_agg(c.hits::text), '[]') AS hits
    -- the aggregates read the candidates in their order (newest first): BM25's ties go to the newer message
    FROM (${candidatesSql(query)}) c`
}

export async function searchText(ctx: StorageContext, query: TextQuery): Promise<TextMatch[]> {
  const sql = textCandidatesSql(query)
  const { sessionStatements } = ctx
  const [candidates] =
    sessionStatements === undefined
      ? await ctx.db.$queryRaw<TextCandidates[]>(preparedPerConnection(sql))
      : ctx.inTransaction
        ? await sessionStatements.query<TextCandidates>(ctx.db, sql)
        : // without sorts PGlite walks the newest messages instead of sorting every match of the thread (1.7 s for a common word on 10k messages)
          await withoutSorts(ctx, (tx) => sessionStatements.query<TextCandidates>(tx, sql))
  return candidates === undefined ? [] : rankByBm25(candidates, query.topK)
}
