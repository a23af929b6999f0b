import { z } from 'zod'
import { recallModeSchema } from './memory-options.ts'

// zod schemas of the outside input Memory takes (everything but messages and
// clone arguments, which have files of their own).

/** The one ID rule (threads, resources, messages, records): trimmed, 1 to 200 characters. */
export const idSchema = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters')

/** A thread's title. */
export const titleSchema = z.string().max(500, 'must be at most 500 characters')

/** A Date, or an ISO string / epoch milliseconds that makes a valid Date. */
export const dateInputSchema = z
  .union([z.date(), z.string(), z.number()], { error: 'must be a date' })
  .transform((value) => (value instanceof Date ? value : new Date(value)))
  .refine((date) => !Number.isNaN(date.getTime()), 'must be a valid date')

export const metadataSchema = z.record(z.string(), z.unknown())

export const createThreadInputSchema = z.strictObject({
  threadId: idSchema.optional(),
  resourceId: idSchema,
  title: titleSchema.optional(),
  metadata: metadataSchema.optional(),
})

export const threadIdInputSchema = z.strictObject({ threadId: idSchema })

export const listThreadsInputSchema = z.strictObject({
  resourceId: idSchema.optional(),
  titleContains: z.string().optional(),
  /** 0-based */
  page: z.number().int().nonnegative().default(0),
  perPage: z.number().int().positive().max(1000).default(20),
})

export const listMessagesInputSchema = z.strictObject({
  threadId: idSchema,
  last: z.number().int().positive().optional(),
  /** pagination, (createdAt, id) order; ignored with `last` */
  limit: z.number().int().positive().optional(),
  offset: z.number().int().nonnegative().optional(),
})

export const searchMessagesInputSchema = z
  .strictObject({
    /** every thread of a resource ... */
    resourceId: idSchema.optional(),
    /** ... or one thread's effective history */
    threadId: idSchema.optional(),
    query: z.string().trim().min(1, 'must not be empty'),
    topK: z.number().int().positive().max(1000).optional(),
    mode: recallModeSchema.optional(),
    /** neighbours each side of a hit (default: the recall options' messageRange, else 1) */
    messageRange: z.number().int().nonnegative().max(20).optional(),
  })
  .refine((input) => (input.resourceId === undefined) !== (input.threadId === undefined), {
    error: 'give either resourceId or threadId',
    path: ['resourceId'],
  })

export const lineageTreeOptionsSchema = z.strictObject({
  resourceIds: z.array(idSchema).optional(),
  maxNodes: z.number().int().positive().optional(),
})

export const recallInputSchema = z.strictObject({
  threadId: idSchema,
  resourceId: idSchema.optional(),
  vectorSearchString: z.string().optional(),
  topK: z.number().int().positive().max(1000).optional(),
  lastMessages: z.union([z.number().int().nonnegative(), z.literal(false)]).optional(),
  mode: recallModeSchema.optional(),
})

/** Whose working / observational memory: the thread's own, or its resource's (shared by the resource's threads). */
export const memoryScopeSchema = z.enum(['thread', 'resource'])

/** Which thread (and, for resource scope, which resource) a WM/OM call is about; resource scope may name only the resource. */
export const memoryScopeInputSchema = z.strictObject({
  threadId: idSchema.optional(),
  resourceId: idSchema.optional(),
})

export const updateWorkingMemoryInputSchema = memoryScopeInputSchema.extend({ workingMemory: z.string() })

const bufferedChunkSchema = z.strictObject({
  id: idSchema,
  observations: z.string(),
  messageIds: z.array(idSchema),
  tokenCount: z.number().int().nonnegative(),
  createdAt: dateInputSchema,
})

const tokenCountSchema = z.number().int().nonnegative()

/** The rewritable content of an OM record. */
export const observationalMemoryFieldsSchema = z.strictObject({
  activeObservations: z.string().optional(),
  observedMessageIds: z.array(idSchema).optional(),
  bufferedObservationChunks: z.array(bufferedChunkSchema).optional(),
  lastObservedAt: dateInputSchema.nullable().optional(),
  totalTokensObserved: tokenCountSchema.optional(),
  observationTokenCount: tokenCountSchema.optional(),
  pendingMessageTokens: tokenCountSchema.optional(),
  isObserving: z.boolean().optional(),
  isReflecting: z.boolean().optional(),
  isBufferingObservation: z.boolean().optional(),
  isBufferingReflection: z.boolean().optional(),
  config: metadataSchema.optional(),
  metadata: metadataSchema.optional(),
})

export const saveObservationalMemoryInputSchema = memoryScopeInputSchema.extend({
  observationalMemory: observationalMemoryFieldsSchema,
})
