import { z } from 'zod'
import { dateInputSchema, idSchema, metadataSchema } from '../memory/input-schemas.ts'
import type { StoredMessage } from './types.ts'

// The stored message format (docs/spec/data-model.md) as a zod schema: the one check of
// messages that come from outside (Memory.saveMessages, agent input, the JSON a
// sandboxed rule returns). Extra properties of a part are
// kept (providers add their own), unknown part types are rejected.

const providerMetadataSchema = z.record(z.string(), z.record(z.string(), z.unknown()))

/** Where a stored tool invocation stands (a call without its result yet, or with it). */
export const toolInvocationStateSchema = z.enum(['call', 'partial-call', 'result'])

const toolInvocationSchema = z.looseObject({
  toolCallId: idSchema,
  toolName: z.string().min(1),
  args: z.unknown(),
  state: toolInvocationStateSchema,
  result: z.unknown().optional(),
})

export const messagePartSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string(), providerMetadata: providerMetadataSchema.optional() }),
  z.looseObject({
    type: z.literal('reasoning'),
    reasoning: z.string(),
    details: z.array(
      z.union([
        z.looseObject({ type: z.literal('text'), text: z.string(), signature: z.string().optional() }),
        z.looseObject({ type: z.literal('redacted'), data: z.string() }),
      ]),
    ),
    providerMetadata: providerMetadataSchema.optional(),
  }),
  z.looseObject({
    type: z.literal('tool-invocation'),
    toolInvocation: toolInvocationSchema,
    providerMetadata: providerMetadataSchema.optional(),
  }),
  z.looseObject({
    type: z.literal('file'),
    mimeType: z.string().min(1),
    data: z.string(),
    providerMetadata: providerMetadataSchema.optional(),
  }),
  z.looseObject({ type: z.literal('step-start') }),
])

export const storedMessageSchema = z.strictObject({
  id: idSchema,
  threadId: idSchema,
  resourceId: idSchema,
  role: z.enum(['user', 'assistant', 'system']),
  createdAt: dateInputSchema,
  type: z.literal('v2').optional(),
  content: z.looseObject({
    format: z.literal(2),
    parts: z.array(messagePartSchema),
    content: z.string().optional(),
    metadata: metadataSchema.optional(),
    providerMetadata: providerMetadataSchema.optional(),
    toolInvocations: z.array(toolInvocationSchema).optional(),
  }),
})

/** The parsed message has the stored type (zod's output is structurally the same, with looser parts). */
export function asStoredMessage(message: z.output<typeof storedMessageSchema>): StoredMessage {
  return message
}

/** Stored messages; `createdAt` may be a Date, an ISO string or epoch ms and comes out a Date. */
export const storedMessagesSchema = z.array(storedMessageSchema)

/**
 * A batch of messages to save: storedMessagesSchema, its output branded
 * ParsedStoredMessages. Only parsing makes one, so `memory.parsed.saveMessages`
 * (the trusted path of a caller that parsed at its edge) takes it without
 * parsing again. `.min` / `.max` keep the brand.
 */
export const messageBatchSchema = storedMessagesSchema.brand<'ParsedStoredMessages'>()

/** A batch messageBatchSchema parsed (every message a valid StoredMessage). */
export type ParsedStoredMessages = z.output<typeof messageBatchSchema>

export const saveMessagesInputSchema = z.strictObject({ messages: messageBatchSchema })

/** saveMessages' input as its schema parsed it. */
export type ParsedSaveMessagesInput = z.output<typeof saveMessagesInputSchema>

export function parseStoredMessages(value: unknown): z.ZodSafeParseResult<StoredMessage[]> {
  return storedMessagesSchema.safeParse(value)
}
