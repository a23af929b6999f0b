// The LLM-call loop: one provider call with its proactive prompt rewrites,
// the error processors and the retry budget.
//
//   messages -> prompt -> each input processor's processLLMRequest (in order,
//   each sees the previous prompt; never written back) -> provider call
//   -> on error: processAPIError of the input processors, then of the error
//   processors, in order, until the first { retry: true }. A processor that
//   throws is logged and skipped. A granted retry whose processors changed
//   `messages` persists the changed messages first (decision 8), then the
//   prompt is rebuilt from them. Retries are counted per call against
//   `maxProcessorRetries`; when none is granted or the budget is spent, the
//   provider's error is thrown as it is.
import type { CallRecorder, CallResultInfo } from '../calls/call-recorder.ts'
import { InvalidInputError } from '../errors/index.ts'
import { messageOf } from '../errors/inspect.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { LanguageModelPrompt, ModelRef, Processor, ProcessorState } from './types.ts'

/** The runtime cap when processors handle API errors and no limit is given (docs/spec/stream-error-retry.md). */
export const DEFAULT_MAX_PROCESSOR_RETRIES = 10

export type Logger = { warn(message: string, ...details: unknown[]): void }

/** A granted retry, reported before the next attempt. */
export type LLMCallRetry = {
  /** 1 for the first retry of this call */
  attempt: number
  stepNumber: number
  /** the error that failed the attempt */
  error: unknown
  /** its message */
  reason: string
  /** the processor that granted the retry */
  processorId: string
  /** time spent by the error processors before granting it, including any wait they made */
  delayMs: number
  /** messages the processors changed (already persisted) */
  changedMessages: StoredMessage[]
}

export type RunLLMCallOptions<T> = {
  /** the live message list of the turn: error processors may mutate it in place */
  messages: StoredMessage[]
  buildPrompt(messages: StoredMessage[]): LanguageModelPrompt
  /** the provider call with the processed prompt */
  call(prompt: LanguageModelPrompt): Promise<T>
  /** what the agent was given as its model (passed to processors) */
  model: ModelRef
  inputProcessors: readonly Processor[]
  errorProcessors: readonly Processor[]
  maxProcessorRetries: number
  stepNumber: number
  states: ProcessorStates
  abortSignal?: AbortSignal
  /**
   * saves messages a processor changed before the retry that follows; returns
   * the ids of those it did not write (their repair lives in the retried prompt only)
   */
  persistMessages(changed: StoredMessage[]): Promise<string[]>
  onRetry?(retry: LLMCallRetry): void | Promise<void>
  logger?: Logger
  /** present when the call is recorded: it emits the call's events (absent: none is built) */
  recorder?: CallRecorder
  /** finish reason and usage of a successful result, for the recorder */
  resultInfo?(result: T): CallResultInfo
}

/** One scratch `state` object per processor for the whole generate/stream call. */
export class ProcessorStates {
  readonly #states = new Map<Processor, ProcessorState>()
  for(processor: Processor): ProcessorState {
    let state = this.#states.get(processor)
    if (!state) {
      state = {}
      this.#states.set(processor, state)
    }
    return state
  }
}

/** The explicit budget when given (a non-negative integer), else 10 when any processor handles API errors, else 0. */
export function resolveMaxProcessorRetries(explicit: number | undefined, processors: readonly Processor[]): number {
  if (explicit !== undefined) {
    if (!Number.isInteger(explicit) || explicit < 0) {
      throw new InvalidInputError('maxProcessorRetries', `expected a non-negative integer, got ${String(explicit)}`)
    }
    return explicit
  }
  return processors.some((processor) => typeof processor.processAPIError === 'function') ? DEFAULT_MAX_PROCESSOR_RETRIES : 0
}

export async function runLLMCall<T>(options: RunLLMCallOptions<T>): Promise<T> {
  const { recorder } = options
  if (!recorder) return runAttempts(options)
  recorder.callStart()
  try {
    const result = await runAttempts(options)
    recorder.callEnd(options.resultInfo?.(result) ?? { finishReason: null, usage: null })
    return result
  } catch (error) {
    recorder.callFailed(error, options.abortSignal?.aborted === true)
    throw error
  }
}

async function runAttempts<T>(options: RunLLMCallOptions<T>): Promise<T> {
  const { messages, stepNumber, states, abortSignal, model, recorder } = options
  const logger = options.logger ?? console
  for (let retryCount = 0; ; retryCount++) {
    const attempt = retryCount + 1
    recorder?.attemptStart(attempt)
    const prompt = await applyInputProcessors(options.buildPrompt(messages), options, retryCount)
    recorder?.promptSent(prompt)
    let result: T
    try {
      result = await (recorder ? recorder.runAttempt(attempt, () => options.call(prompt)) : options.call(prompt))
    } catch (error) {
      recorder?.attemptEnd(attempt, { error })
      if (abortSignal?.aborted || retryCount >= options.maxProcessorRetries) throw error
      const before = fingerprint(messages)
      const startedAt = Date.now()
      const granter = await findRetryGranter([...options.inputProcessors, ...options.errorProcessors], {
        error,
        messages,
        retryCount,
        stepNumber,
        abortSignal,
        model,
        states,
        logger,
        recorder,
      })
      abortSignal?.throwIfAborted()
      if (!granter) throw error
      const delayMs = Date.now() - startedAt
      const changedMessages = changedSince(before, messages)
      const promptOnly = changedMessages.length > 0 ? await options.persistMessages(changedMessages) : []
      recorder?.retry(
        attempt,
        granter.id,
        delayMs,
        changedMessages.map((message) => message.id),
        promptOnly,
      )
      await options.onRetry?.({
        attempt,
        stepNumber,
        error,
        reason: messageOf(error) ?? String(error),
        processorId: granter.id,
        delayMs,
        changedMessages,
      })
      continue
    }
    recorder?.attemptEnd(attempt)
    return result
  }
}

async function applyInputProcessors<T>(prompt: LanguageModelPrompt, options: RunLLMCallOptions<T>, retryCount: number): Promise<LanguageModelPrompt> {
  let current = prompt
  for (const processor of options.inputProcessors) {
    if (!processor.processLLMRequest) continue
    const result = await processor.processLLMRequest({
      prompt: current,
      model: options.model,
      stepNumber: options.stepNumber,
      retryCount,
      state: options.states.for(processor),
      ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
      ...(options.recorder ? { onEvent: options.recorder.sink(retryCount + 1, processor.id) } : {}),
    })
    if (result?.prompt) current = result.prompt
  }
  return current
}

type ErrorContext = {
  error: unknown
  messages: StoredMessage[]
  retryCount: number
  stepNumber: number
  abortSignal: AbortSignal | undefined
  model: ModelRef
  states: ProcessorStates
  logger: Logger
  recorder: CallRecorder | undefined
}

/** The first processor answering { retry: true }; throwing processors are logged and skipped. */
async function findRetryGranter(processors: Processor[], context: ErrorContext): Promise<Processor | undefined> {
  for (const processor of processors) {
    if (!processor.processAPIError) continue
    try {
      const result = await processor.processAPIError({
        error: context.error,
        messages: context.messages,
        retryCount: context.retryCount,
        stepNumber: context.stepNumber,
        state: context.states.for(processor),
        model: context.model,
        ...(context.abortSignal ? { abortSignal: context.abortSignal } : {}),
        ...(context.recorder ? { onEvent: context.recorder.sink(context.retryCount + 1, processor.id) } : {}),
      })
      if (result?.retry === true) return processor
    } catch (processorError) {
      context.logger.warn(`[threadline] processor "${processor.id}" failed in processAPIError; skipped`, processorError)
    }
  }
  return undefined
}

function fingerprint(messages: StoredMessage[]): Map<string, string> {
  return new Map(messages.map((message) => [message.id, JSON.stringify(message)]))
}

/** Messages added or changed since the fingerprint was taken. */
function changedSince(before: Map<string, string>, messages: StoredMessage[]): StoredMessage[] {
  return messages.filter((message) => before.get(message.id) !== JSON.stringify(message))
}
