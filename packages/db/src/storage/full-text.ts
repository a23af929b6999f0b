// The full-text arm of recall: PostgreSQL's own text search over the generated
// `messages.search_text` tsvector (GIN index, migration recall_full_text). Plain
// PostgreSQL, no extension: the same on PGlite and on a server without pgvector.
import type { TextMatch, TextQuery } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import type { StorageContext } from './context.ts'
import { effectiveLevelsSql, withinLevelSql } from './effective-history.ts'

/** The text search configuration of the generated column; queries must use the same one. */
export const textSearchConfig = Prisma.raw(`'english'::regconfig`)

/**
 * Okapi BM25's k1 (Lucene's 1.2) and a weaker length normalisation b = 0.3
 * (Lucene's is 0.75): chat messages are short, and with 0.75 a one-word reply
 * ("Pizza?") outranks the message that talks about the thing. Chosen on
 * REALTALK's tuning half (b 0.75 / 0.3 / 0.1, k1 1.2 / 2): recall@10 there
 * 51.1 -> 52.9, held-out 48.3 -> 48.6, generated held-out 79.5 -> 84.8
 * (docs/recall.md). b 0.1 tuned as well (53.0) but lost on the held-out half.
 */
const BM25 = { k1: 1.2, b: 0.3 }

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
 * nearly everything).
 */
export function textQuerySql(query: string): Prisma.Sql {
  return Prisma.sql`tsq AS (
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
 * estimates `@@` from the column's lexeme statistics).
 */
function candidatesSql(query: TextQuery): Prisma.Sql {
  const columns = Prisma.sql`m.id, m.thread_id, m.created_at, m.search_text`
  const newest = Prisma.sql`ORDER BY m.created_at DESC, m.id DESC LIMIT ${CANDIDATES}`
  if (query.threadId === undefined) {
    return Prisma.sql`SELECT ${columns} FROM messages m, tsq
      WHERE m.resource_id = ${query.resourceId ?? null} AND m.search_text @@ tsq.loose ${newest}`
  }
  return Prisma.sql`SELECT s.* FROM levels l CROSS JOIN LATERAL (
      SELECT ${columns} FROM messages m, tsq
      WHERE m.thread_id = l.id AND ${withinLevelSql('m', 'l')} AND m.search_text @@ tsq.loose ${newest}
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
    ? Prisma.sql`SELECT coalesce(sum(t.message_count), 0)::float8 AS n FROM threads t WHERE t.resource_id = ${query.resourceId ?? null}`
    : Prisma.sql`SELECT coalesce(sum(t.message_count + t.inherited_message_count), 0)::float8 AS n FROM threads t WHERE t.id = ${query.threadId}`
}

/**
 * Ranked by Okapi BM25 over the lexemes of the generated column: ts_rank_cd alone
 * has no inverse document frequency, so a common word weighs as much as a rare
 * one (bench/recall-quality measured it 11 points of recall@10 below plain BM25).
 * N is the scope's message count; document frequencies and the average length
 * are the candidates' (exact while the matches fit CANDIDATES). Ties: the newer message first.
 */
export function textSearchSql(query: TextQuery): Prisma.Sql {
  const inThread = query.threadId !== undefined
  const { k1, b } = BM25
  return Prisma.sql`
    WITH RECURSIVE ${inThread ? Prisma.sql`${effectiveLevelsSql(query.threadId ?? null)},` : Prisma.empty} ${textQuerySql(query.query)},
    candidates AS MATERIALIZED (
      SELECT c.id, c.thread_id, c.created_at, c.search_text, length(c.search_text) AS dl FROM (${candidatesSql(query)}) c
    ),
    total AS (SELECT greatest(n, (SELECT count(*) FROM candidates)) AS n FROM (${scopeSizeSql(query)}) counted),
    terms AS (SELECT DISTINCT q.lexeme FROM unnest(to_tsvector(${textSearchConfig}, ${query.query})) q),
    -- every message holding a query word is a match, so its document frequency is counted among the candidates
    idf AS (
      SELECT t.lexeme, ln(1 + (total.n - d.n + 0.5) / (d.n + 0.5)) AS w
      FROM terms t CROSS JOIN total
      CROSS JOIN LATERAL (SELECT count(*)::float8 AS n FROM candidates c WHERE c.search_text @@ t.lexeme::tsquery) d
    ),
    average AS (SELECT greatest(avg(dl), 1)::float8 AS dl FROM candidates)
    SELECT c.id AS "messageId", c.thread_id AS "threadId",
      sum(i.w * (u.tf * ${Prisma.raw(String(k1 + 1))}) / (u.tf + ${Prisma.raw(String(k1))} * (1 - ${Prisma.raw(String(b))} + ${Prisma.raw(String(b))} * c.dl / average.dl)))::float8 AS score
    FROM candidates c CROSS JOIN average
    -- only the query's lexemes of each candidate: marked with weight A, kept by ts_filter, then unnested (not all of its lexemes)
    CROSS JOIN LATERAL (
      SELECT v.lexeme, coalesce(array_length(v.positions, 1), 1) AS tf
      FROM unnest(ts_filter(setweight(c.search_text, 'A', (SELECT array_agg(lexeme) FROM terms)), '{a}')) v
    ) u
    JOIN idf i ON i.lexeme = u.lexeme
    GROUP BY c.id, c.thread_id, c.created_at
    ORDER BY score DESC, c.created_at DESC, c.id DESC
    LIMIT ${query.topK}`
}

export async function searchText(ctx: StorageContext, query: TextQuery): Promise<TextMatch[]> {
  return ctx.db.$queryRaw<TextMatch[]>(textSearchSql(query))
}
