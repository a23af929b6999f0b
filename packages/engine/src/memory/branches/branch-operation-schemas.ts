import { z } from 'zod'
import { storedMessageSchema } from '../../messages/schema.ts'
import { idSchema } from '../input-schemas.ts'

// zod schemas of the branch operations' input (Memory validates once, here).

export const promoteBranchArgsSchema = z.strictObject({ branchThreadId: idSchema })

/** 1-based position in one side's effective history: that side's page starts after it */
const diffPosition = z.number().int().min(0)

/**
 * diffThreads' optional page: at most `limit` messages per side (omitted: every
 * one), each side after its own position (`nextAfterA` / `nextAfterB` of the
 * previous answer). The common point and the counts are the whole diff's.
 */
export const diffThreadsOptionsSchema = z.strictObject({
  limit: z.number().int().min(1).optional(),
  afterA: diffPosition.optional(),
  afterB: diffPosition.optional(),
})

export type DiffThreadsOptions = z.input<typeof diffThreadsOptionsSchema>

export const diffThreadsInputSchema = z.strictObject({ threadIdA: idSchema, threadIdB: idSchema, options: diffThreadsOptionsSchema.optional() })

export const saveRepairedMessagesInputSchema = z.strictObject({
  threadId: idSchema,
  messages: z.array(storedMessageSchema),
  /** a message the thread neither owns nor inherits: refuse the repair (default) or leave it out */
  outside: z.enum(['reject', 'skip']).optional(),
})
