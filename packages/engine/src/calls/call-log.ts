// The port through which recorded LLM calls are stored and read (packages/db
// implements it), like ThreadQueries beside MemoryStorage: the engine only
// defines the shapes.
import type { LLMCallTrace } from './call-trace.ts'

export type LLMCallQuery = {
  /** calls of this thread only */
  threadId?: string | undefined
  /** calls of these resources only (a caller's scope); undefined: all */
  resourceIds?: string[] | undefined
  /** `provider/modelId` or the bare model id */
  model?: string | undefined
  outcome?: LLMCallTrace['outcome'] | undefined
  /** true: calls with at least one retry; false: calls without */
  hadRetries?: boolean | undefined
  /** true: calls whose processors repaired stored messages */
  repaired?: boolean | undefined
  /** a compat rule that rewrote or repaired something in the call */
  rule?: string | undefined
  /** the (startedAt, id) of the last call of the previous page: calls after it */
  after?: { startedAt: Date; id: string } | undefined
  limit: number
}

/** A listed call: the trace without its attempts, events and body. */
export type LLMCallSummary = Omit<LLMCallTrace, 'attempts' | 'events' | 'body'>

/** `hasMore`: calls follow the page's last one (the transport makes its cursor of it) */
export type LLMCallPage = { calls: LLMCallSummary[]; hasMore: boolean }

export interface LLMCallLog {
  /** the call, its attempts and its events in ONE transaction; the body once per call, capped by capCallBody */
  record(trace: LLMCallTrace): Promise<void>
  /** newest first ((startedAt, id) descending) */
  list(query: LLMCallQuery): Promise<LLMCallPage>
  get(id: string): Promise<LLMCallTrace | null>
  /** every rule name recorded in calls of these resources (undefined: all), sorted */
  ruleNames(scope: { resourceIds?: string[] | undefined }): Promise<string[]>
  /** deletes calls started before `before` (attempts and events go with them); returns how many */
  prune(before: Date): Promise<number>
}
