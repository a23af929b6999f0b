// What a streamed workbench turn reports, in order: `started` (where the turn
// runs and what it sends), then deltas, processor actions and retries, then
// `finished` (saved ids, latency, usage). A failure ends the stream with the
// error; nothing of the failed turn is saved.
import type { AgentUsage } from '@threadline/engine'

export type TurnStarted = {
  type: 'started'
  threadId: string
  resourceId: string
  model: string
  /** set when the turn runs on a new branch (edit, regenerate, compare) */
  branchedFrom: { threadId: string; messageId: string | null } | null
  /** stored messages sent as context, and how many tokens the whole prompt counts */
  contextMessages: number
  promptTokens: number
}

export type TurnEvent =
  | TurnStarted
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; toolName: string }
  /** proactive compat rules that rewrote this step's prompt */
  | { type: 'rules'; stepNumber: number; rules: string[] }
  /** StreamErrorRetryProcessor is about to wait `delayMs` before retrying (`delaySource`: retry-after header, backoff, ...) */
  | { type: 'waiting'; attempt: number; delayMs: number; delaySource: string; reason: string }
  /** the attempt failed and is retried: drop what this step streamed */
  | { type: 'retry'; attempt: number; delayMs: number; reason: string }
  | {
      type: 'finished'
      text: string
      usage: AgentUsage
      latencyMs: number
      /** ms until the first text or reasoning delta */
      firstTokenMs: number | null
      retries: number
      userMessageId: string
      assistantMessageId: string
    }

/** A compare column's event: the turn's event (or its failure: the other columns go on) and its column. */
export type CompareEvent = (TurnEvent | { type: 'failed'; message: string }) & { column: number }
