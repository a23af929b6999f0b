// The calls listing's input, owned by the engine like every shape the API takes.
import { z } from 'zod'
import { idSchema } from '../memory/input-schemas.ts'

export const llmCallOutcomeSchema = z.enum(['success', 'failed', 'aborted'])

export const listLLMCallsInputSchema = z.object({
  threadId: idSchema.optional(),
  resourceId: idSchema.optional(),
  /** 'provider/modelId' or the bare model id */
  model: z.string().trim().min(1).max(200).optional(),
  outcome: llmCallOutcomeSchema.optional(),
  hadRetries: z.boolean().optional(),
  repaired: z.boolean().optional(),
  rule: z.string().trim().min(1).max(200).optional(),
  /** the previous page's nextCursor, opaque (the API decodes it like every page cursor) */
  cursor: z.string().max(1000).optional(),
  limit: z.number().int().min(1).max(200).default(50),
})

export type ListLLMCallsInput = z.infer<typeof listLLMCallsInputSchema>
