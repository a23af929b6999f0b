// Emits one call's events as the runner (processors/run.ts) goes: created only
// when someone listens, so an unrecorded call builds no event at all.
import type { LanguageModelV3Prompt } from '@ai-sdk/provider'
import type { CallReply } from './call-body.ts'
import { describeCallError } from './call-error.ts'
import type { CallUsage, LLMCallEventListener, LLMCallStart, ProcessorEventSink } from './call-events.ts'

export type CallIdentity = Omit<LLMCallStart, 'type' | 'at'>

export type CallResultInfo = { finishReason: string | null; usage: CallUsage | null; responseModel?: string; reply?: CallReply }

export class CallRecorder {
  readonly #listener: LLMCallEventListener
  readonly #callId: string
  #startedAt = 0
  #attemptStartedAt = 0
  #attempts = 0
  #prompt: LanguageModelV3Prompt | null = null

  constructor(
    listener: LLMCallEventListener,
    readonly identity: CallIdentity,
  ) {
    this.#listener = listener
    this.#callId = identity.callId
  }

  callStart(): void {
    this.#startedAt = Date.now()
    this.#listener({ type: 'call-start', at: this.#startedAt, ...this.identity })
  }

  attemptStart(attempt: number): void {
    this.#attempts = attempt
    this.#attemptStartedAt = Date.now()
    this.#listener({ type: 'attempt-start', callId: this.#callId, at: this.#attemptStartedAt, attempt })
  }

  /** The prompt an attempt sends, after the input processors: the call records its last attempt's. */
  promptSent(prompt: LanguageModelV3Prompt): void {
    this.#prompt = prompt
  }

  /** The attempt's provider request, inside the listener's context for it when it has one. */
  runAttempt<T>(attempt: number, request: () => T): T {
    const run = this.#listener.runAttempt
    return run ? run(this.#callId, attempt, request) : request()
  }

  attemptEnd(attempt: number, failure?: { error: unknown }): void {
    const at = Date.now()
    this.#listener({
      type: 'attempt-end',
      callId: this.#callId,
      at,
      attempt,
      latencyMs: at - this.#attemptStartedAt,
      outcome: failure ? 'error' : 'success',
      ...(failure ? { error: describeCallError(failure.error) } : {}),
    })
  }

  /** What a processor reports during `attempt`, stamped with the call, the attempt and the processor. */
  sink(attempt: number, processorId: string): ProcessorEventSink {
    return (event) => this.#listener({ ...event, callId: this.#callId, at: Date.now(), attempt, processorId })
  }

  retry(attempt: number, processorId: string, waitedMs: number, changedMessageIds: string[], promptOnlyMessageIds: string[]): void {
    this.#listener({ type: 'retry', callId: this.#callId, at: Date.now(), attempt, processorId, waitedMs, changedMessageIds, promptOnlyMessageIds })
  }

  callEnd(result: CallResultInfo): void {
    this.#end('success', result)
  }

  callFailed(error: unknown, aborted: boolean): void {
    this.#end(aborted ? 'aborted' : 'failed', { finishReason: null, usage: null }, error)
  }

  #end(outcome: 'success' | 'failed' | 'aborted', { reply, ...result }: CallResultInfo, error?: unknown): void {
    const at = Date.now()
    this.#listener({
      type: 'call-end',
      callId: this.#callId,
      at,
      outcome,
      latencyMs: at - this.#startedAt,
      attempts: this.#attempts,
      ...result,
      ...(error === undefined ? {} : { error: describeCallError(error) }),
      prompt: this.#prompt,
      reply: reply ?? null,
    })
  }
}
