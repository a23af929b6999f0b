import { z } from 'zod'
import { idSchema, metadataSchema, titleSchema } from './input-schemas.ts'

/**
 * What a fork's thread-scoped working and observational memory start from:
 * the state current at the branch point's createdAt, today's, or nothing.
 * Resource-scoped memory is shared and never copied.
 */
export const derivedMemoryModeSchema = z.enum(['as-of-branch-point', 'current', 'empty'])
export type DerivedMemoryMode = z.infer<typeof derivedMemoryModeSchema>

export const branchThreadArgsSchema = z
  .strictObject({
    sourceThreadId: idSchema,
    /** inclusive cutoff, a message of the source's (effective) history; default: its last message at the time of the call */
    branchPointMessageId: idSchema.optional(),
    newThreadId: idSchema.optional(),
    /** must be the source's when given: a cross-tenant fork is a clone */
    resourceId: idSchema.optional(),
    /** default `Branch of ${source.title}`, '' when the source is untitled */
    title: titleSchema.optional(),
    /** merged over the source's metadata (`clone` and `branch` keys are lineage: not taken from either) */
    metadata: metadataSchema.optional(),
    derivedMemory: derivedMemoryModeSchema.default('as-of-branch-point'),
  })
  // branded: Memory's trusted path (`memory.parsed.branchThread`) takes only what this parsed
  .brand<'BranchThreadArgs'>()

export type BranchThreadArgs = z.input<typeof branchThreadArgsSchema>
export type ParsedBranchThreadArgs = z.output<typeof branchThreadArgsSchema>

/** Memory.deleteThread's options. */
export const deleteThreadOptionsSchema = z.strictObject({
  /** a thread with branches: 'materialize' makes them independent first, 'delete' deletes the whole subtree; absent: ThreadHasBranchesError */
  branches: z.enum(['materialize', 'delete']).optional(),
})
export type DeleteThreadCallOptions = z.input<typeof deleteThreadOptionsSchema>

export const deleteMessagesInputSchema = z.strictObject({
  messageIds: z.array(idSchema).min(1, 'must name at least one message').max(10_000, 'must hold at most 10000 ids'),
  /** when given, the messages must be this thread's own (an inherited one -> InheritedMessageError) */
  threadId: idSchema.optional(),
})
export type DeleteMessagesInput = z.input<typeof deleteMessagesInputSchema>
