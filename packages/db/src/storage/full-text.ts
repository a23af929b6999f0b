// The full-text arm of recall: PostgreSQL's own text search over the generated
// `messages.search_text` tsvector (GIN index, migration recall_full_text). Plain
// PostgreSQL, no extension: the same on PGlite and on a server without pgvector.
import type { TextMatch, TextQuery } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import type { StorageContext } from './context.ts'
import { effectiveLevelsSql, withinLevelSql } from './effective-history.ts'
import { withoutSorts } from './without-sorts.ts'

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

/** A float8 literal: numeric arithmetic per matched word cost PGlite ~3 ms per 1,000 rows more than float8 (WebAssembly). */
const float = (value: number): Prisma.Sql => Prisma.raw(`${value}::float8`)

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
    terms AS MATERIALIZED (SELECT coalesce(array_agg(DISTINCT q.lexeme), '{}') AS lexemes FROM unnest(to_tsvector(${textSearchConfig}, ${query.query})) q),
    candidates AS MATERIALIZED (${candidatesSql(query)}),
    total AS (SELECT greatest(n, (SELECT count(*) FROM candidates)) AS n FROM (${scopeSizeSql(query)}) counted),
    postings AS MATERIALIZED (
      SELECT c.id, c.thread_id, c.created_at, c.dl, v.lexeme, coalesce(array_length(v.positions, 1), 1) AS tf
      FROM candidates c CROSS JOIN LATERAL unnest(c.hits) v
    ),
    -- every message holding a query word is a match, so its document frequency is counted among the candidates
    idf AS (
      SELECT p.lexeme, ln(1 + (total.n - count(*)::float8 + 0.5) / (count(*)::float8 + 0.5)) AS w
      FROM postings p CROSS JOIN total GROUP BY p.lexeme, total.n
    ),
    average AS (SELECT greatest(avg(dl), 1)::float8 AS dl FROM candidates)
    SELECT p.id AS "messageId", p.thread_id AS "threadId",
      sum(i.w * (p.tf * ${float(k1 + 1)}) / (p.tf + ${float(k1)} * (${float(1 - b)} + ${float(b)} * p.dl / average.dl))) AS score
    FROM postings p CROSS JOIN average
    JOIN idf i ON i.lexeme = p.lexeme
    GROUP BY p.id, p.thread_id, p.created_at
    ORDER BY score DESC, p.created_at DESC, p.id DESC
    LIMIT ${query.topK}`
}

export async function searchText(ctx: StorageContext, query: TextQuery): Promise<TextMatch[]> {
  const sql = textSearchSql(query)
  const { sessionStatements } = ctx
  if (sessionStatements === undefined) return ctx.db.$queryRaw<TextMatch[]>(sql)
  if (ctx.inTransaction) return sessionStatements.query<TextMatch>(ctx.db, sql)
  // without sorts PGlite walks the newest messages instead of sorting every match of the thread (1.7 s for a common word on 10k messages)
  return withoutSorts(ctx, (tx) => sessionStatements.query<TextMatch>(tx, sql))
}
