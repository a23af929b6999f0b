// zod schemas for what callers hand the storage. Bad input becomes an
// InvalidInputError naming the field, before anything is written.
import { InvalidInputError } from '@threadline/engine'
import { z } from 'zod'

export function parseInput<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const path = [field, ...issue.path.map(String)].join('.')
  throw new InvalidInputError(path, issue.message)
}

export const idSchema = z.string().min(1, 'must not be empty')
export const idListSchema = z.array(idSchema)
const jsonObjectSchema = z.record(z.string(), z.unknown())
const countSchema = z.int().nonnegative()

export const createThreadSchema = z.object({
  id: idSchema,
  resourceId: idSchema,
  title: z.string().optional(),
  metadata: jsonObjectSchema.optional(),
  sourceThreadId: idSchema.nullish(),
  createdAt: z.date().optional(),
  updatedAt: z.date().optional(),
})

export const threadPatchSchema = z.object({ title: z.string().optional(), metadata: jsonObjectSchema.optional() })

export const listThreadsSchema = z.object({
  resourceId: idSchema.optional(),
  titleContains: z.string().optional(),
  limit: countSchema.optional(),
  offset: countSchema.optional(),
  orderBy: z.enum(['updatedAt', 'createdAt']).optional(),
})

export const threadListQuerySchema = listThreadsSchema.extend({
  isClone: z.boolean().optional(),
  hasObservationalMemory: z.boolean().optional(),
  hasWorkingMemory: z.boolean().optional(),
  lineageResourceIds: idListSchema.optional(),
})

export const listDescendantsSchema = z.object({
  threadId: idSchema,
  resourceIds: idListSchema.optional(),
  limit: countSchema.optional(),
})

// Parts are checked for shape only: their details belong to the engine, and
// imported histories carry provider-specific extras we keep as they are.
const messageContentSchema = z.looseObject({
  format: z.literal(2),
  parts: z.array(z.looseObject({ type: z.string() })),
})

export const storedMessageSchema = z.object({
  id: idSchema,
  threadId: idSchema,
  resourceId: idSchema,
  role: z.enum(['user', 'assistant', 'system']),
  createdAt: z.date(),
  type: z.literal('v2').optional(),
  content: messageContentSchema,
})

export const messageSelectionSchema = z.object({
  threadId: idSchema,
  startDate: z.date().optional(),
  endDate: z.date().optional(),
  messageIds: idListSchema.optional(),
  last: countSchema.optional(),
  limit: countSchema.optional(),
  offset: countSchema.optional(),
})

export const messagesAroundSchema = z.object({ messageIds: idListSchema, before: countSchema, after: countSchema })

export const copyThreadMessagesSchema = z.object({ sourceThreadId: idSchema, targetThreadId: idSchema, targetResourceId: idSchema })

export const copyMessagesSchema = copyThreadMessagesSchema.extend({ messageIds: idListSchema })

export const workingMemoryKeySchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('thread'), threadId: idSchema, resourceId: idSchema.optional() }),
  z.object({ scope: z.literal('resource'), resourceId: idSchema }),
])

export const observationalMemoryKeySchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('thread'), threadId: idSchema }),
  z.object({ scope: z.literal('resource'), resourceId: idSchema }),
])

const bufferedChunkSchema = z.object({
  id: idSchema,
  observations: z.string(),
  messageIds: idListSchema,
  tokenCount: countSchema,
  createdAt: z.date(),
})

// The fields a generation's content is made of (what updates may rewrite).
const observationalMemoryContentSchema = z.object({
  activeObservations: z.string(),
  observedMessageIds: idListSchema,
  bufferedObservationChunks: z.array(bufferedChunkSchema),
  lastObservedAt: z.date().nullable(),
  totalTokensObserved: countSchema,
  observationTokenCount: countSchema,
  pendingMessageTokens: countSchema,
  isObserving: z.boolean(),
  isReflecting: z.boolean(),
  isBufferingObservation: z.boolean(),
  isBufferingReflection: z.boolean(),
  config: jsonObjectSchema,
  metadata: jsonObjectSchema,
})

export const observationalMemoryPatchSchema = observationalMemoryContentSchema.partial().strict()

export const newObservationalMemorySchema = observationalMemoryContentSchema
  .extend({
    id: idSchema.optional(),
    scope: z.enum(['thread', 'resource']),
    resourceId: idSchema,
    threadId: idSchema.nullable(),
    originType: z.enum(['initial', 'reflection']),
    createdAt: z.date().optional(),
    updatedAt: z.date().optional(),
  })
  .refine((r) => (r.scope === 'thread') === (r.threadId !== null), {
    path: ['threadId'],
    message: 'thread scope needs a threadId; resource scope must have none',
  })

export const messageVectorSchema = z
  .object({
    messageId: idSchema,
    threadId: idSchema,
    resourceId: idSchema,
    embedding: z.array(z.number()).min(1),
    model: idSchema,
    dimensions: z.int().positive(),
  })
  .refine((v) => v.embedding.length === v.dimensions, { path: ['dimensions'], message: 'must equal the embedding length' })

export const vectorQuerySchema = z.object({
  embedding: z.array(z.number()).min(1),
  model: idSchema,
  topK: z.int().positive(),
  threadId: idSchema.optional(),
  resourceId: idSchema.optional(),
})

export const copyVectorsSchema = z.object({
  messageIdMap: z.record(idSchema, idSchema),
  model: idSchema,
  threadId: idSchema,
  resourceId: idSchema,
})

export const threadVectorsSchema = z.object({ threadId: idSchema, model: idSchema })
