import { z } from 'zod'
import { exactlyOneOf } from '../validation/exactly-one-of.ts'
import { recallModeSchema } from './memory-options.ts'

// zod schemas of the outside input Memory takes (everything but messages and
// clone arguments, which have files of their own).

/** The one ID rule (threads, resources, messages, records): trimmed, 1 to 200 characters. */
export const idSchema = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters')

/** A thread's title. */
export const titleSchema = z.string().max(500, 'must be at most 500 characters')

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

/** Whether an ISO 8601 date(-time) string names a real calendar day ("2026-02-30" does not: JavaScript would roll it to 2 March). */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE_TIME.exec(text)
  if (match === null) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth
}

/** The dates every store keeps as they are: years 1 to 9999 (ISO 8601's four digits; JavaScript and PostgreSQL disagree beyond). */
const EARLIEST_DATE = Date.parse('0001-01-01T00:00:00.000Z')
const LATEST_DATE = Date.parse('9999-12-31T23:59:59.999Z')

/** A Date, an ISO 8601 string of a real calendar day, or epoch milliseconds, that makes a valid Date of years 1 to 9999. */
export const dateInputSchema = z
  .union([z.date(), z.string().refine(isCalendarDate, 'must be an ISO 8601 date of a real calendar day, e.g. 2026-02-28T12:00:00Z'), z.number()], {
    error: 'must be a date',
  })
  .transform((value) => (value instanceof Date ? value : new Date(value)))
  .refine((date) => !Number.isNaN(date.getTime()), 'must be a valid date')
  .refine((date) => date.getTime() >= EARLIEST_DATE && date.getTime() <= LATEST_DATE, 'must be a date of the years 1 to 9999')

/** Metadata as JSON: at most this many characters (nesting and text are checked for every input by parseInput). */
export const MAX_METADATA_JSON_LENGTH = 64 * 1024

export const metadataSchema = z
  .record(z.string().max(200, 'keys must be at most 200 characters'), z.unknown())
  .refine((metadata) => JSON.stringify(metadata).length <= MAX_METADATA_JSON_LENGTH, {
    error: `must be at most ${MAX_METADATA_JSON_LENGTH} characters as JSON`,
  })

// The schemas whose parsed output Memory's trusted path (`memory.parsed`) takes are branded: only parsing makes their output.

export const createThreadInputSchema = z
  .strictObject({
    threadId: idSchema.optional(),
    resourceId: idSchema,
    title: titleSchema.optional(),
    metadata: metadataSchema.optional(),
  })
  .brand<'CreateThreadInput'>()
export type ParsedCreateThreadInput = z.output<typeof createThreadInputSchema>

export const threadIdInputSchema = z.strictObject({ threadId: idSchema })

/** A thread's title and/or metadata; the metadata replaces the caller's keys (clone/branch lineage is kept). */
export const updateThreadInputSchema = z
  .strictObject({
    threadId: idSchema,
    title: titleSchema.optional(),
    metadata: metadataSchema.optional(),
  })
  .brand<'UpdateThreadInput'>()
export type ParsedUpdateThreadInput = z.output<typeof updateThreadInputSchema>

/** A position in (createdAt, id) order: a page starts after it. */
export const messageCursorSchema = z.strictObject({ createdAt: dateInputSchema, id: idSchema })

export const listThreadsInputSchema = z.strictObject({
  resourceId: idSchema.optional(),
  titleContains: z.string().max(500).optional(),
  /** 0-based */
  page: z.number().int().nonnegative().default(0),
  perPage: z.number().int().positive().max(1000).default(20),
})

export const getMessageInputSchema = z.strictObject({ threadId: idSchema, messageId: idSchema })

export const listMessagesInputSchema = z.strictObject({
  threadId: idSchema,
  last: z.number().int().positive().optional(),
  /** pagination, (createdAt, id) order; ignored with `last` */
  limit: z.number().int().positive().optional(),
  offset: z.number().int().nonnegative().optional(),
  /** keyset pagination: only messages after this (createdAt, id); ignored with `last` */
  after: messageCursorSchema.optional(),
  /** keyset pagination backwards: only messages before this (createdAt, id); with `last`, the page just before it */
  before: messageCursorSchema.optional(),
  /** only these messages (those in the thread's effective history) */
  messageIds: z.array(idSchema).max(1000).optional(),
})

export const messagePositionsInputSchema = z.strictObject({ threadId: idSchema, messageIds: z.array(idSchema).max(1000) })

export const searchMessagesInputSchema = exactlyOneOf(
  z.strictObject({
    /** every thread of a resource ... */
    resourceId: idSchema.optional(),
    /** ... or one thread's effective history */
    threadId: idSchema.optional(),
    query: z.string().trim().min(1, 'must not be empty'),
    topK: z.number().int().positive().max(1000).optional(),
    mode: recallModeSchema.optional(),
    /** neighbours each side of a hit (default: the recall options' messageRange, else 1) */
    messageRange: z.number().int().nonnegative().max(20).optional(),
  }),
  'threadId',
  'resourceId',
)

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
  /** overrides the options' scope for this call */
  scope: z.enum(['thread', 'resource']).optional(),
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
