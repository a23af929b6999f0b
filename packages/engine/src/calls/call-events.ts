// The typed events of one LLM call (one provider call of a turn's step, with
// its attempts): emitted where the runner and the processors already compute
// them, to whoever listens (`onEvent` on the Agent or on one call). The engine
// stores nothing; packages/db persists the folded trace (call-trace.ts).
import type { LanguageModelV3Prompt } from '@ai-sdk/provider'
import type { DelaySource } from '../processors/stream-error-retry/retry-delay.ts'
import type { CallParameters, CallReply } from './call-body.ts'

/** A failed attempt's error, as it can be stored and replayed (a playground fixture). */
export type CallError = {
  name: string
  message: string
  statusCode?: number
  responseHeaders?: Record<string, string>
  responseBody?: string
}

export type CallUsage = { inputTokens: number; outputTokens: number }

/** What a proactive compat rule did to the outbound prompt of one attempt. */
export type PromptChange = {
  /** prompt messages removed or replaced by the rule */
  messagesChanged: number
  /** content parts removed (negative when the rule added parts) */
  partsRemoved: number
  /** the replaced/removed prompt messages, and what replaced them: the before/after diff */
  before: unknown[]
  after: unknown[]
}

/** A change of stored messages by a reactive fix: ids, and each message before and after. */
export type MessageRepair = { messageIds: string[]; before: unknown[]; after: unknown[] }

/** What a processor reports; the runner adds the call, the attempt and the processor id. */
export type ProcessorEvent =
  | ({ type: 'rule-applied'; rule: string } & PromptChange)
  | ({ type: 'repair'; rule: string; pattern: string; matchedText: string } & MessageRepair)
  | {
      type: 'retry-decision'
      retry: boolean
      /** why (the matched rule kind) or why not (terminal, budget-exhausted, no-match, aborted) */
      reason: string
      delayMs: number
      delaySource: DelaySource
      maxRetries: number
    }

/** Reports a processor event; given to processors only when someone listens. */
export type ProcessorEventSink = (event: ProcessorEvent) => void

type Stamp = { callId: string; at: number }

export type LLMCallStart = Stamp & {
  type: 'call-start'
  /** one per generate/stream turn; its steps are calls of the same turn */
  turnId: string
  stepNumber: number
  threadId: string | null
  resourceId: string | null
  provider: string
  modelId: string
  /** the assistant message this call writes into (saved only when the turn succeeds) */
  responseMessageId: string | null
  /** the run parameters sent with each attempt */
  parameters: CallParameters
}

export type LLMCallEvent =
  | LLMCallStart
  | (Stamp & { type: 'attempt-start'; attempt: number })
  | (Stamp & ProcessorEvent & { attempt: number; processorId: string })
  | (Stamp & {
      type: 'attempt-end'
      attempt: number
      latencyMs: number
      outcome: 'success' | 'error'
      error?: CallError
    })
  | (Stamp & {
      /** a processor granted a retry: the next attempt follows */
      type: 'retry'
      attempt: number
      processorId: string
      /** time the error processors took before granting it, waits included */
      waitedMs: number
      /** stored messages the processors changed, persisted before the retry unless listed in promptOnlyMessageIds */
      changedMessageIds: string[]
      /**
       * of those, the ones NOT persisted: messages the thread neither owns nor
       * inherits (a semantic-recall hit from another thread), repaired in the
       * retried prompt only
       */
      promptOnlyMessageIds: string[]
    })
  | (Stamp & {
      type: 'call-end'
      outcome: 'success' | 'failed' | 'aborted'
      latencyMs: number
      attempts: number
      finishReason: string | null
      usage: CallUsage | null
      /** the model id the provider answered with, when it says */
      responseModel?: string
      error?: CallError
      /** the prompt of the last attempt as sent (after the input processors); null when no attempt got that far */
      prompt: LanguageModelV3Prompt | null
      /** what the model returned; null when the call failed */
      reply: CallReply | null
    })

export type LLMCallEventListener = ((event: LLMCallEvent) => void) & {
  /**
   * Runs one attempt's provider request in a context of the listener's own;
   * openTelemetryCallListener makes the attempt span the active span there,
   * so the HTTP client's span (e.g. @opentelemetry/instrumentation-undici)
   * is its child. Called between the attempt's start and end events.
   */
  runAttempt?: <T>(callId: string, attempt: number, request: () => T) => T
}
