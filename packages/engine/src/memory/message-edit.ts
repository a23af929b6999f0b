// Memory.updateMessage's input: a content edit of one message the thread owns,
// made against the version the caller read (optimistic concurrency: a stale
// version is MessageVersionConflictError, never a silent overwrite).
import { z } from 'zod'
import { storedMessageSchema } from '../messages/schema.ts'
import type { StoredMessage } from '../messages/types.ts'
import { idSchema } from './input-schemas.ts'

export const updateMessageInputSchema = z.strictObject({
  threadId: idSchema,
  messageId: idSchema,
  /** the new content (the stored v2 content object); role, place and id stay */
  content: storedMessageSchema.shape.content,
  /** the version the edit was made against (messages start at 1; every change adds 1) */
  expectedVersion: z.number({ error: 'required: the version the edit was made against (REST: the If-Match header)' }).int().positive(),
})
export type UpdateMessageInput = z.input<typeof updateMessageInputSchema>

/** A message with its current version (the ETag of REST). */
export type VersionedMessage = { message: StoredMessage; version: number }
