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

/** Arrays storedMessagesSchema produced from valid input (zod always returns a new array): validated once, not again. */
const validatedBatches = new WeakSet<object>()

/**
 * Stored messages; `createdAt` may be a Date, an ISO string or epoch ms and
 * comes out a Date. The parsed array is remembered: Memory.saveMessages takes
 * it as it is (an API router that validated the batch does not pay twice).
 */
export const storedMessagesSchema = z.array(storedMessageSchema).check((payload) => {
  if (payload.issues.length === 0) validatedBatches.add(payload.value)
})

export const saveMessagesInputSchema = z.strictObject({ messages: storedMessagesSchema })

/** An array this module's schema parsed (so every message is a valid StoredMessage). */
export function isValidatedMessageBatch(value: unknown): value is StoredMessage[] {
  return typeof value === 'object' && value !== null && validatedBatches.has(value)
}

export function parseStoredMessages(value: unknown): z.ZodSafeParseResult<StoredMessage[]> {
  return storedMessagesSchema.safeParse(value)
}
