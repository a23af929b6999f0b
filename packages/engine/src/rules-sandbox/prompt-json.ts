// The language-model prompt as it crosses the sandbox boundary: JSON in, JSON
// out, validated on the way back. File bytes travel as base64 strings (the V3
// prompt accepts those as file data); URLs travel as their href and come back
// as URL objects (a base64 string never contains ':').
import { z } from 'zod'
import type { LanguageModelPrompt } from '../processors/types.ts'

const providerOptionsSchema = z.record(z.string(), z.record(z.string(), z.unknown())).optional()

const fileDataSchema = z.union([
  z.instanceof(Uint8Array),
  z.instanceof(URL),
  z.string().transform((data): string | URL => (data.includes(':') && URL.canParse(data) ? new URL(data) : data)),
])

const textPart = z.object({ type: z.literal('text'), text: z.string(), providerOptions: providerOptionsSchema })
const reasoningPart = z.object({ type: z.literal('reasoning'), text: z.string(), providerOptions: providerOptionsSchema })
const filePart = z.object({
  type: z.literal('file'),
  filename: z.string().optional(),
  data: fileDataSchema,
  originalUrl: z.string().optional(),
  mediaType: z.string(),
  providerOptions: providerOptionsSchema,
})
const toolCallPart = z.object({
  type: z.literal('tool-call'),
  toolCallId: z.string(),
  toolName: z.string(),
  input: z.unknown(),
  providerExecuted: z.boolean().optional(),
  providerOptions: providerOptionsSchema,
})
const toolResultOutput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), value: z.string(), providerOptions: providerOptionsSchema }),
  z.object({ type: z.literal('json'), value: z.unknown(), providerOptions: providerOptionsSchema }),
  z.object({ type: z.literal('execution-denied'), reason: z.string().optional(), providerOptions: providerOptionsSchema }),
  z.object({ type: z.literal('error-text'), value: z.string(), providerOptions: providerOptionsSchema }),
  z.object({ type: z.literal('error-json'), value: z.unknown(), providerOptions: providerOptionsSchema }),
  // the content items (text, file/image data, URLs, ids) pass through as the rule wrote them
  z.object({ type: z.literal('content'), value: z.array(z.looseObject({ type: z.string() })), providerOptions: providerOptionsSchema }),
])
const toolResultPart = z.object({
  type: z.literal('tool-result'),
  toolCallId: z.string(),
  toolName: z.string(),
  output: toolResultOutput,
  providerOptions: providerOptionsSchema,
})
const toolApprovalResponsePart = z.object({
  type: z.literal('tool-approval-response'),
  approvalId: z.string(),
  approved: z.boolean(),
  reason: z.string().optional(),
  providerOptions: providerOptionsSchema,
})

const messageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string(), providerOptions: providerOptionsSchema }),
  z.object({
    role: z.literal('user'),
    content: z.array(z.discriminatedUnion('type', [textPart, filePart])),
    providerOptions: providerOptionsSchema,
  }),
  z.object({
    role: z.literal('assistant'),
    content: z.array(z.discriminatedUnion('type', [textPart, filePart, reasoningPart, toolCallPart, toolResultPart])),
    providerOptions: providerOptionsSchema,
  }),
  z.object({
    role: z.literal('tool'),
    content: z.array(z.discriminatedUnion('type', [toolResultPart, toolApprovalResponsePart])),
    providerOptions: providerOptionsSchema,
  }),
])

/** The V3 language-model prompt (roles, part types and their required fields; JSON payloads pass through). */
export const languageModelPromptSchema = z.array(messageSchema)

/** Validates an outside value as a prompt; the zod error explains what is wrong. */
export function parseLanguageModelPrompt(value: unknown): z.ZodSafeParseResult<LanguageModelPrompt> {
  // the schema checks the V3 prompt's structure; JSON payloads (tool input,
  // provider options) are typed `unknown` by both sides
  return languageModelPromptSchema.safeParse(value) as z.ZodSafeParseResult<LanguageModelPrompt>
}

/** JSON of `value` with byte arrays as base64 (before `toJSON` turns a Buffer into numbers). */
export function toSandboxJson(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, converted: unknown) {
    const original = this[key]
    if (original instanceof Uint8Array) return Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64')
    return converted
  })
}
