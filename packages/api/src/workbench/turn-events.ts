// What a streamed workbench turn reports, in order: `started` (where the turn
// runs and what it sends), then deltas, processor actions and retries, then
// `finished` (saved ids, latency, usage). A failure ends the stream with the
// error; nothing of the failed turn is saved. One zod schema per event: the
// TypeScript types below are inferred from it, and the REST surface's OpenAPI
// document describes its server-sent events with it.
import type { AgentUsage } from '@threadline/engine'
import { z } from 'zod'

const counted = z.number().int().min(0)

const turnStartedSchema = z.object({
  type: z.literal('started'),
  threadId: z.string(),
  resourceId: z.string(),
  model: z.string(),
  /** set when the turn runs on a new branch (edit, regenerate, compare) */
  branchedFrom: z.object({ threadId: z.string(), messageId: z.string().nullable() }).nullable(),
  /** stored messages sent as context, and how many tokens the whole prompt counts */
  contextMessages: counted,
  promptTokens: counted,
})

const usageSchema: z.ZodType<AgentUsage> = z.object({ inputTokens: z.number(), outputTokens: z.number() })

export const turnEventSchema = z.discriminatedUnion('type', [
  turnStartedSchema,
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('reasoning'), text: z.string() }),
  z.object({ type: z.literal('tool-call'), toolName: z.string() }),
  /** proactive compat rules that rewrote this step's prompt; `enabledRules`: those of them that are operators' saved rules (enabled ones only run) */
  z.object({ type: z.literal('rules'), stepNumber: counted, rules: z.array(z.string()), enabledRules: z.array(z.string()) }),
  /** StreamErrorRetryProcessor is about to wait `delayMs` before retrying (`delaySource`: retry-after header, backoff, ...) */
  z.object({ type: z.literal('waiting'), attempt: counted, delayMs: z.number(), delaySource: z.string(), reason: z.string() }),
  /** the attempt failed and is retried: drop what this step streamed */
  z.object({ type: z.literal('retry'), attempt: counted, delayMs: z.number(), reason: z.string() }),
  z.object({
    type: z.literal('finished'),
    text: z.string(),
    usage: usageSchema,
    latencyMs: z.number(),
    /** ms until the first text or reasoning delta */
    firstTokenMs: z.number().nullable(),
    retries: counted,
    userMessageId: z.string(),
    assistantMessageId: z.string(),
  }),
])

/** A compare column's event: the turn's event (or its failure: the other columns go on) and its column. */
export const compareEventSchema = z.intersection(
  z.union([turnEventSchema, z.object({ type: z.literal('failed'), message: z.string() })]),
  z.object({ column: counted }),
)

export type TurnStarted = z.infer<typeof turnStartedSchema>
export type TurnEvent = z.infer<typeof turnEventSchema>
export type CompareEvent = z.infer<typeof compareEventSchema>
