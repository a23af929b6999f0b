import { z } from 'zod'
import { storedMessageSchema } from '../../messages/schema.ts'
import { idSchema } from '../input-schemas.ts'

// zod schemas of the branch operations' input (Memory validates once, here).

export const promoteBranchArgsSchema = z.strictObject({ branchThreadId: idSchema })

export const diffThreadsInputSchema = z.strictObject({ threadIdA: idSchema, threadIdB: idSchema })

export const saveRepairedMessagesInputSchema = z.strictObject({
  threadId: idSchema,
  messages: z.array(storedMessageSchema),
  /** a message the thread neither owns nor inherits: refuse the repair (default) or leave it out */
  outside: z.enum(['reject', 'skip']).optional(),
})
