import { z } from 'zod'
import { idSchema } from '../memory/input-schemas.ts'

// The explorer's message search (issue 16): full-text over the messages'
// searchable text across threads, a page at a time, each hit with a highlighted
// snippet. The database marks the matched words with two control characters
// (never HTML), and `snippetSegments` turns that into plain text segments, so a
// message's own text can never be rendered as markup.

/** The snippet's match markers: control characters a message's text cannot bring in (the query strips them). */
export const SNIPPET_MARK = { start: '\u0002', stop: '\u0003' } as const

export const messageTextSearchInputSchema = z.strictObject({
  /** web search syntax: every plain word must occur (stemmed), "quoted phrases", -excluded words, `or` */
  query: z.string().trim().min(1, 'must not be empty').max(500),
  /** only these resources' messages (a caller's scope); absent: every resource */
  resourceIds: z.array(idSchema).optional(),
  limit: z.number().int().min(1).max(100),
  offset: z.number().int().min(0).max(1_000_000),
})

export type MessageTextQuery = z.input<typeof messageTextSearchInputSchema>

/** A run of a snippet's text; `match` when it is one of the query's words. */
export type SnippetSegment = { text: string; match: boolean }

export type MessageTextHit = {
  messageId: string
  threadId: string
  threadTitle: string
  resourceId: string
  role: string
  createdAt: Date
  /** ts_rank_cd (higher is better; comparable within one query only) */
  score: number
  snippet: SnippetSegment[]
  /**
   * The clone copies of this message that match too (same role, time and content: a clone copies them as
   * they are; at most 20), listed under it instead of as hits of their own; the hit is the copy in the oldest thread.
   */
  copies: MessageTextCopy[]
}

/** A clone's copy of a hit's message, by its thread. */
export type MessageTextCopy = { messageId: string; threadId: string; threadTitle: string }

/** Best first (rank, then newest); `total` counts every match of the scope, a message and its clone copies once. */
export type MessageTextPage = { hits: MessageTextHit[]; total: number }

/** A `ts_headline` made with SNIPPET_MARK as its selectors, as segments; adjacent runs of one kind are merged. */
export function snippetSegments(headline: string): SnippetSegment[] {
  const segments: SnippetSegment[] = []
  let match = false
  let text = ''
  const flush = () => {
    if (text === '') return
    const last = segments.at(-1)
    if (last?.match === match) last.text += text
    else segments.push({ text, match })
    text = ''
  }
  for (const char of headline) {
    if (char === SNIPPET_MARK.start || char === SNIPPET_MARK.stop) {
      flush()
      match = char === SNIPPET_MARK.start
    } else text += char
  }
  flush()
  return segments
}
