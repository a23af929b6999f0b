// branches.diff's wire shape: each side's own messages one page at a time,
// with a truncation marker per side (docs/api.md, "Response caps"). The common
// point and the counts are the whole diff's on every page; only the messages
// are paged, each side on its own (no cursor: that side's first page).
import { idSchema, InvalidInputError, type DiffThreadsOptions, type ThreadDiff } from '@threadline/engine'
import { z } from 'zod'
import { pageCursorInput, truncationOf, type Truncation } from '../truncation.ts'
import { encodeOpaqueCursor, readOpaqueCursor } from './opaque-cursor.ts'
import { THREAD_DIFF_DEFAULT_MESSAGES, THREAD_DIFF_MAX_MESSAGES } from './thread-diff-limits.ts'

export const threadDiffPageInput = {
  /** messages per side and page */
  limit: z.number().int().min(1).max(THREAD_DIFF_MAX_MESSAGES).default(THREAD_DIFF_DEFAULT_MESSAGES),
  /** the previous answer's `truncated.onlyInA.nextCursor`: the next page of `onlyInA` */
  cursorA: pageCursorInput.optional(),
  /** the same for `onlyInB` */
  cursorB: pageCursorInput.optional(),
}

// A side's cursor: the thread it pages and the position in that thread's
// effective history its next page starts after, base64url JSON. The thread id
// makes a cursor of the other side (or of another diff) a BAD_REQUEST, not a wrong page.
const diffCursorSchema = z.strictObject({ threadId: idSchema, after: z.number().int().min(1) })

function decodeDiffCursor(cursor: string, field: 'cursorA' | 'cursorB', threadId: string): number {
  const parsed = diffCursorSchema.safeParse(readOpaqueCursor(cursor))
  if (!parsed.success || parsed.data.threadId !== threadId) {
    throw new InvalidInputError(
      field,
      `is not a cursor this API returned for this side of the diff (a previous answer’s truncated.${field === 'cursorA' ? 'onlyInA' : 'onlyInB'}.nextCursor)`,
    )
  }
  return parsed.data.after
}

type PageInput = { threadIdA: string; threadIdB: string; limit: number; cursorA?: string | undefined; cursorB?: string | undefined }

/** The engine's page arguments of a request (the thread ids are the checked ones). */
export function threadDiffPage(input: PageInput): DiffThreadsOptions {
  return {
    limit: input.limit,
    ...(input.cursorA === undefined ? {} : { afterA: decodeDiffCursor(input.cursorA, 'cursorA', input.threadIdA) }),
    ...(input.cursorB === undefined ? {} : { afterB: decodeDiffCursor(input.cursorB, 'cursorB', input.threadIdB) }),
  }
}

function sideTruncation(threadId: string, page: { returned: number; total: number; nextAfter: number | null; cursorGiven: boolean }): Truncation {
  const nextCursor = page.nextAfter === null ? null : encodeOpaqueCursor({ threadId, after: page.nextAfter })
  return truncationOf({ total: page.total, returned: page.returned, nextCursor, cursorGiven: page.cursorGiven })
}

export function threadDiffAnswer(diff: ThreadDiff, input: Pick<PageInput, 'cursorA' | 'cursorB'>) {
  const { nextAfterA, nextAfterB, ...rest } = diff
  return {
    ...rest,
    /** per side: null when that side's messages are all in this answer */
    truncated: {
      onlyInA: sideTruncation(diff.threadIdA, {
        returned: diff.onlyInA.length,
        total: diff.onlyInACount,
        nextAfter: nextAfterA,
        cursorGiven: input.cursorA !== undefined,
      }),
      onlyInB: sideTruncation(diff.threadIdB, {
        returned: diff.onlyInB.length,
        total: diff.onlyInBCount,
        nextAfter: nextAfterB,
        cursorGiven: input.cursorB !== undefined,
      }),
    },
  }
}
