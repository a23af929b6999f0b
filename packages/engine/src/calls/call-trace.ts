// A call's events folded into one record: what packages/db stores per call
// (a row, its attempts and its processor events) and what the API returns.
import type { CallBody } from './call-body.ts'
import type { CallError, CallUsage, LLMCallEvent, LLMCallEventListener, LLMCallStart } from './call-events.ts'

export type CallAttempt = { attempt: number; startedAt: Date; latencyMs: number; outcome: 'success' | 'error'; error: CallError | null }

/** A processor event or a granted retry, in the order it happened. */
export type CallTraceEvent = {
  seq: number
  attempt: number
  type: 'rule-applied' | 'repair' | 'retry-decision' | 'retry'
  processorId: string
  /** the compat rule, for rule-applied and repair */
  rule: string | null
  at: Date
  /** the event's own fields (counts, pattern, delay and its source, diffs) */
  data: Record<string, unknown>
}

/** The call's start fields (turn, step, thread, model, reply message), then what it came to. */
export type LLMCallTrace = Omit<LLMCallStart, 'type' | 'callId' | 'at'> & {
  id: string
  outcome: 'success' | 'failed' | 'aborted'
  startedAt: Date
  latencyMs: number
  finishReason: string | null
  usage: CallUsage | null
  error: CallError | null
  attempts: CallAttempt[]
  events: CallTraceEvent[]
  /** the prompt as sent and the reply, once per call (the last attempt's prompt); null when not recorded */
  body: CallBody | null
  /** derived, for the list filters */
  retries: number
  /** waits and processor time before the retries */
  waitedMs: number
  /** compat rules that rewrote a prompt or repaired messages, sorted */
  rules: string[]
  /** stored messages repaired (and persisted) before a retry */
  repairedMessageIds: string[]
  /**
   * stored messages repaired in the retried prompt only, NOT persisted: recall
   * hits from another thread (the thread neither owns nor inherits them)
   */
  promptOnlyMessageIds: string[]
}

type Pending = { start: LLMCallStart; attempts: CallAttempt[]; attemptStarts: Map<number, number>; events: CallTraceEvent[] }

function fold(pending: Pending, end: Extract<LLMCallEvent, { type: 'call-end' }>): LLMCallTrace {
  const { start, events } = pending
  const retries = events.filter((event) => event.type === 'retry')
  const rules = new Set(events.flatMap((event) => (event.rule ? [event.rule] : [])))
  const promptOnly = new Set(retries.flatMap((event) => (event.data.promptOnlyMessageIds as string[] | undefined) ?? []))
  const repaired = new Set(retries.flatMap((event) => (event.data.changedMessageIds as string[]).filter((id) => !promptOnly.has(id))))
  return {
    id: start.callId,
    turnId: start.turnId,
    stepNumber: start.stepNumber,
    threadId: start.threadId,
    resourceId: start.resourceId,
    provider: start.provider,
    modelId: start.modelId,
    responseMessageId: start.responseMessageId,
    parameters: start.parameters,
    outcome: end.outcome,
    startedAt: new Date(start.at),
    latencyMs: end.latencyMs,
    finishReason: end.finishReason,
    usage: end.usage,
    error: end.error ?? null,
    attempts: pending.attempts,
    events,
    body: end.prompt === null ? null : { prompt: end.prompt, reply: end.reply, truncatedChars: 0 },
    retries: retries.length,
    waitedMs: retries.reduce((sum, event) => sum + (event.data.waitedMs as number), 0),
    rules: [...rules].sort(),
    repairedMessageIds: [...repaired],
    promptOnlyMessageIds: [...promptOnly],
  }
}

export type CallTraceCollector = {
  /** give it as `onEvent` */
  listener: LLMCallEventListener
  /** resolves when every finished call's `onTrace` has settled (its failures are reported to `onError`) */
  flush(): Promise<void>
}

/**
 * Buffers each call's events and hands the folded trace to `onTrace` when the
 * call ends (successful or not): one write per call, never one per event.
 */
export function collectCallTraces(
  onTrace: (trace: LLMCallTrace) => void | Promise<void>,
  onError: (error: unknown) => void = () => undefined,
): CallTraceCollector {
  const pending = new Map<string, Pending>()
  const writes = new Set<Promise<void>>()
  const listener: LLMCallEventListener = (event) => {
    if (event.type === 'call-start') {
      pending.set(event.callId, { start: event, attempts: [], attemptStarts: new Map(), events: [] })
      return
    }
    const call = pending.get(event.callId)
    if (!call) return
    switch (event.type) {
      case 'attempt-start':
        call.attemptStarts.set(event.attempt, event.at)
        return
      case 'attempt-end':
        call.attempts.push({
          attempt: event.attempt,
          startedAt: new Date(call.attemptStarts.get(event.attempt) ?? event.at - event.latencyMs),
          latencyMs: event.latencyMs,
          outcome: event.outcome,
          error: event.error ?? null,
        })
        return
      case 'call-end': {
        pending.delete(event.callId)
        const write = Promise.resolve()
          .then(() => onTrace(fold(call, event)))
          .catch(onError)
          .finally(() => writes.delete(write))
        writes.add(write)
        return
      }
      default: {
        const { type, callId: _callId, at, attempt, processorId, ...data } = event
        const rule = 'rule' in event ? event.rule : null
        delete (data as { rule?: unknown }).rule
        call.events.push({ seq: call.events.length, attempt, type, processorId, rule, at: new Date(at), data })
      }
    }
  }
  return {
    listener,
    flush: async () => {
      while (writes.size > 0) await Promise.all([...writes])
    },
  }
}
