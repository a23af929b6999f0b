// clone.preview's wire shape: the page of message ids the clone would copy,
// with its truncation marker (docs/api.md, "Response caps"). The count, warnings and
// memory actions are the whole selection's; only the ids are paged.
import type { ClonePreview, CloneWarningCode } from '@threadline/engine'
import { idSchema } from '@threadline/engine'
import { z } from 'zod'
import { pageCursorInput, truncationOf, truncationSchema } from '../truncation.ts'
import { decodeMessageCursor, encodeMessageCursor } from './message-cursor.ts'

/** The most message ids one clone.preview answer holds, and how many it holds unless asked. */
export const CLONE_PREVIEW_MAX_IDS = 1000
export const CLONE_PREVIEW_DEFAULT_IDS = 500
/** The most warnings one answer holds (`warningCount` has them all). */
export const CLONE_PREVIEW_MAX_WARNINGS = 100

export const clonePreviewPageInput = {
  /** the previous answer's `truncated.nextCursor`: the next page of `messageIds` */
  cursor: pageCursorInput.optional(),
  /** message ids per page */
  limit: z.number().int().min(1).max(CLONE_PREVIEW_MAX_IDS).default(CLONE_PREVIEW_DEFAULT_IDS),
  /** what tRPC's infinite queries send along with `cursor`: pages only go forward */
  direction: z.literal('forward').optional(),
}

const warningCodes = [
  'split-tool-pair',
  'starts-with-assistant',
  'empty-selection',
  'boundary-expanded',
  'boundary-trimmed',
  'working-memory-kept',
  'observational-memory-kept',
] as const satisfies readonly CloneWarningCode[]

const memoryAction = z.enum(['copy', 'clone', 'share', 'none'])

export const clonePreviewOutput = z.object({
  sourceThreadId: idSchema,
  resourceId: idSchema,
  title: z.string(),
  /** the page of source ids the clone would copy, in (createdAt, id) order */
  messageIds: z.array(idSchema),
  /** every message the clone copies (all pages): a clone copies the whole selection, however it was previewed */
  count: z.number().int().min(0),
  /** null when `messageIds` is the whole selection */
  truncated: truncationSchema,
  lastMessageId: idSchema.nullable(),
  /** the first CLONE_PREVIEW_MAX_WARNINGS warnings */
  warnings: z.array(z.object({ code: z.enum(warningCodes), message: z.string(), messageId: idSchema.optional() })),
  warningCount: z.number().int().min(0),
  vectors: z.object({ copied: z.number().int().min(0), computed: z.number().int().min(0) }),
  workingMemory: memoryAction.exclude(['clone']),
  observationalMemory: memoryAction.exclude(['copy']),
})

/** The engine's page arguments of a request. */
export function clonePreviewPage(input: { cursor?: string | undefined; limit: number }): { limit: number; after?: { createdAt: Date; id: string } } {
  return { limit: input.limit, ...(input.cursor === undefined ? {} : { after: decodeMessageCursor(input.cursor) }) }
}

export function clonePreviewAnswer(preview: ClonePreview, cursorGiven: boolean): z.output<typeof clonePreviewOutput> {
  const { nextAfter, warnings, ...rest } = preview
  const nextCursor = nextAfter === null ? null : encodeMessageCursor(nextAfter)
  return {
    ...rest,
    truncated: truncationOf({ total: preview.count, returned: preview.messageIds.length, nextCursor, cursorGiven }),
    warnings: warnings.slice(0, CLONE_PREVIEW_MAX_WARNINGS),
    warningCount: warnings.length,
  }
}
