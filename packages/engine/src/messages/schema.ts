import { z } from 'zod'
import { dateInputSchema, idSchema, metadataSchema } from '../memory/input-schemas.ts'
import type { StoredMessage } from './types.ts'

// The stored message format (data-model.md) as a zod schema: the one check of
// messages that come from outside (Memory.saveMessages, agent input, the JSON a
// sandboxed rule returns). Extra properties of a part are
// kept (providers add their own), unknown part types are rejected.

const providerMetadataSchema = z.record(z.string(), z.record(z.string(), z.unknown()))

const toolInvocationSchema = z.looseObject({
  toolCallId: idSchema,
  toolName: z.string().min(1),
  args: z.unknown(),
  state: z.enum(['call', 'partial-call', 'result']),
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

export const saveMessagesInputSchema = z.strictObject({ messages: z.array(storedMessageSchema) })

/** The parsed message has the stored type (zod's output is structurally the same, with looser parts). */
export function asStoredMessage(message: z.output<typeof storedMessageSchema>): StoredMessage {
  return message
}

/** Stored messages; `createdAt` may be a Date, an ISO string or epoch ms and comes out a Date. */
export const storedMessagesSchema = z.array(storedMessageSchema)

export function parseStoredMessages(value: unknown): z.ZodSafeParseResult<StoredMessage[]> {
  return storedMessagesSchema.safeParse(value)
}
