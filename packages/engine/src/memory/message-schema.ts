import { z } from 'zod'
import type { StoredMessage } from '../messages/types.ts'
import { dateInputSchema, idSchema, metadataSchema } from './input-schemas.ts'

// The stored message format (data-model.md) as a zod schema, for messages
// handed to Memory.saveMessages from outside. Extra properties of a part are
// kept (providers add their own), unknown part types are rejected.

const providerMetadataSchema = z.record(z.string(), z.record(z.string(), z.unknown()))

const toolInvocationSchema = z.looseObject({
  toolCallId: idSchema,
  toolName: z.string().min(1),
  args: z.unknown(),
  state: z.enum(['call', 'partial-call', 'result']),
  result: z.unknown().optional(),
})

const partSchema = z.discriminatedUnion('type', [
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
    parts: z.array(partSchema),
    content: z.string().optional(),
    metadata: metadataSchema.optional(),
    providerMetadata: providerMetadataSchema.optional(),
    toolInvocations: z.array(toolInvocationSchema).optional(),
  }),
})

export const saveMessagesInputSchema = z.strictObject({ messages: z.array(storedMessageSchema) })

/** The parsed message has the stored type (zod's output is structurally the same, with looser parts). */
export function asStoredMessage(message: z.output<typeof storedMessageSchema>): StoredMessage {
  return message as StoredMessage
}
