// Stored messages as they come back from a sandboxed `fix`: JSON, so
// `createdAt` is an ISO string there and becomes a Date again here.
import { z } from 'zod'
import type { StoredMessage } from '../messages/types.ts'

const providerMetadataSchema = z.record(z.string(), z.record(z.string(), z.unknown())).optional()

const toolInvocationSchema = z.object({
  toolCallId: z.string().min(1),
  toolName: z.string().min(1),
  args: z.unknown(),
  state: z.enum(['call', 'partial-call', 'result']),
  result: z.unknown().optional(),
})

const partSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), providerMetadata: providerMetadataSchema }),
  z.object({
    type: z.literal('reasoning'),
    reasoning: z.string(),
    details: z.array(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('text'), text: z.string(), signature: z.string().optional() }),
        z.object({ type: z.literal('redacted'), data: z.string() }),
      ]),
    ),
    providerMetadata: providerMetadataSchema,
  }),
  z.object({ type: z.literal('tool-invocation'), toolInvocation: toolInvocationSchema, providerMetadata: providerMetadataSchema }),
  z.object({ type: z.literal('file'), mimeType: z.string().min(1), data: z.string(), providerMetadata: providerMetadataSchema }),
  z.object({ type: z.literal('step-start') }),
])

const storedMessageSchema = z.object({
  id: z.string().min(1),
  threadId: z.string().min(1),
  resourceId: z.string().min(1),
  role: z.enum(['user', 'assistant', 'system']),
  createdAt: z.union([z.date(), z.string()]).pipe(z.coerce.date()),
  type: z.literal('v2').optional(),
  content: z.object({
    format: z.literal(2),
    parts: z.array(partSchema),
    content: z.string().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    providerMetadata: providerMetadataSchema,
    toolInvocations: z.array(toolInvocationSchema).optional(),
  }),
})

/** Stored messages (v2 format); `createdAt` may be a Date or an ISO string and comes out a Date. */
export const storedMessagesSchema = z.array(storedMessageSchema)

export function parseStoredMessages(value: unknown): z.ZodSafeParseResult<StoredMessage[]> {
  return storedMessagesSchema.safeParse(value)
}
