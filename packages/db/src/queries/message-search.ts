// The explorer's message search (ThreadQueries.searchMessages): the generated
// `messages.search_text` tsvector (GIN index, migration recall_full_text)
// matched with `websearch_to_tsquery`, ranked by ts_rank_cd, one page at a
// time with the total, each hit's snippet a `ts_headline` whose matched words
// are marked with SNIPPET_MARK's control characters (plain text, never HTML).
// A clone copies messages as they are (role, time, content) under new ids: the
// matches are grouped by that, so a message and its copies make one hit.
import {
  SNIPPET_MARK,
  snippetSegments,
  type MessageTextCopy,
  type SnippetSegment,
  type MessageTextPage,
  type MessageTextQuery,
} from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import type { Db } from '../storage/context.ts'
import { textSearchConfig } from '../storage/full-text.ts'

/**
 * The text the search_text column is made of, as one string: the text parts,
 * the tool calls' names and the string values of their arguments and results,
 * or `content.content` when there are no text parts (the migration's rule).
 * The marker characters are removed, so only ts_headline's marks remain.
 */
const documentTextSql = Prisma.sql`translate(coalesce((
    SELECT string_agg(v #>> '{}', ' ') FROM jsonb_path_query(
      jsonb_path_query_array(m.content, '$.parts[*] ? (@.type == "text").text')
      || jsonb_path_query_array(m.content, '$.parts[*].toolInvocation.toolName')
      || jsonb_path_query_array(m.content, '$.parts[*].toolInvocation.args')
      || jsonb_path_query_array(m.content, '$.parts[*].toolInvocation.result')
      || CASE WHEN jsonb_path_exists(m.content, '$.parts[*] ? (@.type == "text")') THEN '[]'::jsonb
              ELSE jsonb_path_query_array(m.content, '$.content') END,
      'strict $.** ? (@.type() == "string")') v
  ), ''), ${SNIPPET_MARK.start + SNIPPET_MARK.stop}, '')`

/**
 * The text's letters and digits only, without markup tags: ts_headline drops tags and may leave punctuation at a
 * fragment's ends, so the fragments are compared with the message by their words alone.
 */
const lettersAndDigits = (text: Prisma.Sql) => Prisma.sql`regexp_replace(regexp_replace(${text}, '<[^>]*>', '', 'g'), '[^[:alnum:]]+', '', 'g')`

const FRAGMENT_DELIMITER = ' … '

/** Up to two fragments of about 10 to 24 words around the matches; ShortWord=0: a fragment may end on a short word ("My", "on"). */
const headlineOptions = `StartSel=${SNIPPET_MARK.start}, StopSel=${SNIPPET_MARK.stop}, MaxFragments=2, MaxWords=24, MinWords=10, ShortWord=0, FragmentDelimiter="${FRAGMENT_DELIMITER}"`

type HitRow = {
  total: number
  messageId: string | null
  threadId: string
  threadTitle: string
  resourceId: string
  role: string
  createdAt: Date
  score: number
  headline: string
  cutBefore: boolean
  cutAfter: boolean
  /** the message text's first and last few characters, for the punctuation ts_headline leaves off an uncut end */
  textStart: string
  textEnd: string
  copies: MessageTextCopy[] | null
}

/** At most this many copies are listed under a hit. */
const MAX_LISTED_COPIES = 20

export async function searchMessageText(db: Db, query: MessageTextQuery): Promise<MessageTextPage> {
  const scope = query.resourceIds === undefined ? Prisma.empty : Prisma.sql`AND m.resource_id = ANY(${query.resourceIds}::text[])`
  // ONE query: the total over every match, and the page's rows (left-joined, so a page past the end still has the total)
  const rows = await db.$queryRaw<HitRow[]>`
    WITH q AS (SELECT websearch_to_tsquery(${textSearchConfig}, ${query.query}) AS tsq),
    hits AS MATERIALIZED (
      SELECT m.id, m.created_at, m.thread_id, t.created_at AS thread_created_at, ts_rank_cd(m.search_text, q.tsq)::float8 AS score,
        md5(m.role || ' ' || m.created_at::text || ' ' || m.content::text) AS copy_key
      FROM messages m JOIN threads t ON t.id = m.thread_id, q WHERE m.search_text @@ q.tsq ${scope}
    ),
    -- one hit per message and its copies: the copy in the oldest thread (the original, unless it was deleted)
    originals AS MATERIALIZED (
      SELECT DISTINCT ON (copy_key) id, created_at, score, copy_key FROM hits ORDER BY copy_key, thread_created_at, id
    ),
    total AS (SELECT count(*)::int AS n FROM originals),
    page AS (SELECT * FROM originals ORDER BY score DESC, created_at DESC, id DESC LIMIT ${query.limit} OFFSET ${query.offset})
    SELECT total.n AS total, p.id AS "messageId", p.thread_id AS "threadId", p.title AS "threadTitle", p.resource_id AS "resourceId",
      p.role, p.created_at AS "createdAt", p.score, p.headline, p."cutBefore", p."cutAfter", p."textStart", p."textEnd", p.copies
    FROM total LEFT JOIN (
      SELECT page.id, page.score, m.created_at, m.thread_id, m.resource_id, m.role, t.title,
        hl.headline, NOT starts_with(words.text, words.first) AS "cutBefore", right(words.text, length(words.last)) <> words.last AS "cutAfter",
        left(ltrim(doc.text), 4) AS "textStart", right(rtrim(doc.text), 4) AS "textEnd",
        (SELECT json_agg(json_build_object('messageId', c.id, 'threadId', c.thread_id, 'threadTitle', c.title) ORDER BY c.thread_created_at, c.id)
          FROM (SELECT h.id, h.thread_id, h.thread_created_at, ct.title FROM hits h JOIN threads ct ON ct.id = h.thread_id
                WHERE h.copy_key = page.copy_key AND h.id <> page.id ORDER BY h.thread_created_at, h.id LIMIT ${MAX_LISTED_COPIES}) c) AS copies
      FROM page JOIN messages m ON m.id = page.id JOIN threads t ON t.id = m.thread_id, q,
        LATERAL (SELECT ${documentTextSql} AS text) doc,
        LATERAL (SELECT ts_headline(${textSearchConfig}, doc.text, q.tsq, ${headlineOptions}) AS headline) hl,
        -- the headline's first and last fragments: the message cut before the first unless it starts with it, after the last unless it ends with it
        LATERAL (SELECT split_part(plain, ${FRAGMENT_DELIMITER}, 1) AS first, regexp_replace(plain, ${`^.*${FRAGMENT_DELIMITER}`}, '') AS last
                 FROM translate(hl.headline, ${SNIPPET_MARK.start + SNIPPET_MARK.stop}, '') AS plain) frag,
        LATERAL (SELECT ${lettersAndDigits(Prisma.sql`doc.text`)} AS text, ${lettersAndDigits(Prisma.sql`frag.first`)} AS first,
                        ${lettersAndDigits(Prisma.sql`frag.last`)} AS last) words
    ) p ON true
    ORDER BY p.score DESC, p.created_at DESC, p.id DESC`
  return {
    total: rows[0]?.total ?? 0,
    hits: rows.flatMap(({ total: _total, messageId, headline, cutBefore, cutAfter, textStart, textEnd, copies, ...hit }) =>
      messageId === null
        ? []
        : [{ messageId, ...hit, snippet: markEnds(snippetSegments(headline), { cutBefore, cutAfter, textStart, textEnd }), copies: copies ?? [] }],
    ),
  }
}

const LEADING_PUNCTUATION = /^[([{"'“‘«¿¡]+/u
const TRAILING_PUNCTUATION = /[.,;:!?…)\]}"'”’»]+$/u

/**
 * Each end of the snippet: an ellipsis where it cuts the message's text, so a cut never reads as its start or
 * end; where it does not, the message's own opening or closing punctuation, which ts_headline leaves off
 * ("What is going on?", not "What is going on").
 */
function markEnds(segments: SnippetSegment[], ends: { cutBefore: boolean; cutAfter: boolean; textStart: string; textEnd: string }): SnippetSegment[] {
  const first = segments[0]
  const last = segments.at(-1)
  if (first === undefined || last === undefined) return segments
  const opening = LEADING_PUNCTUATION.exec(ends.textStart)?.[0] ?? ''
  const closing = TRAILING_PUNCTUATION.exec(ends.textEnd)?.[0] ?? ''
  const before = ends.cutBefore ? '… ' : first.text.startsWith(opening) ? '' : opening
  const after = ends.cutAfter ? ' …' : last.text.endsWith(closing) ? '' : closing
  return [...(before === '' ? [] : [{ text: before, match: false }]), ...segments, ...(after === '' ? [] : [{ text: after, match: false }])]
}
