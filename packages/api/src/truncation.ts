// The truncation marker of the answers that can grow with a thread's size
// (clone.preview's message ids, the playground's thread window): how many
// items the whole answer has, how many this page returns, and the cursor of
// the next page. The work is bounded before the answer is built (SQL LIMIT,
// counts apart), never cut from a full answer afterwards. docs/api.md, "Response caps".
import { z } from 'zod'

export const truncationSchema = z
  .object({
    /** items in the whole answer */
    total: z.number().int().min(0),
    /** items in this page */
    returned: z.number().int().min(0),
    /** give it back as `cursor` for the next page; null on the last page */
    nextCursor: z.string().nullable(),
  })
  .nullable()

export type Truncation = z.output<typeof truncationSchema>

/** The marker of a page: null when this one page is the whole answer (first page, nothing after it). */
export function truncationOf(page: { total: number; returned: number; nextCursor: string | null; cursorGiven: boolean }): Truncation {
  if (!page.cursorGiven && page.nextCursor === null) return null
  return { total: page.total, returned: page.returned, nextCursor: page.nextCursor }
}

/** A page's `cursor` input: the previous page's `truncated.nextCursor`. */
export const pageCursorInput = z.string().min(1).max(1000)
