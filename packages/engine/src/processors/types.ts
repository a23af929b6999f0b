import type { LanguageModelV3Prompt } from '@ai-sdk/provider'
import type { ProcessorEventSink } from '../calls/call-events.ts'
import type { StoredMessage } from '../messages/types.ts'

/** The AI SDK language-model prompt (V3; the spec's LanguageModelV2Prompt has the same shape). */
export type LanguageModelPrompt = LanguageModelV3Prompt
/** The spec's name. */
export type LanguageModelV2Prompt = LanguageModelV3Prompt

/**
 * What the agent was given as its model: a 'provider/model' string or a
 * resolved model object (carrying `provider` and `modelId`).
 */
export type ModelRef = string | { provider: string; modelId: string; [key: string]: unknown }

/** Per-call scratch space a processor may use across hooks of one generate/stream call. */
export type ProcessorState = Record<string, unknown>

export type ProcessLLMRequestArgs = {
  prompt: LanguageModelPrompt
  model: ModelRef
  stepNumber: number
  retryCount: number
  state: ProcessorState
  abortSignal?: AbortSignal
  /** present only when the call is being recorded: report what the hook did (and build nothing otherwise) */
  onEvent?: ProcessorEventSink
}

// `void`: a hook may return nothing at all (`processLLMRequest() {}`), not only `undefined`
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type
export type ProcessLLMRequestResult = { prompt: LanguageModelPrompt } | undefined | void

export type ProcessAPIErrorArgs = {
  error: unknown
  /** the live message list of the current turn: a fix mutates it in place */
  messages: StoredMessage[]
  retryCount: number
  stepNumber: number
  state: ProcessorState
  abortSignal?: AbortSignal
  model: ModelRef
  /** present only when the call is being recorded */
  onEvent?: ProcessorEventSink
}

// `void`: a hook may return nothing at all, not only `undefined`
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type
export type ProcessAPIErrorResult = { retry: boolean } | undefined | void

export interface Processor {
  readonly id: string
  readonly name: string
  processLLMRequest?(args: ProcessLLMRequestArgs): ProcessLLMRequestResult | Promise<ProcessLLMRequestResult>
  processAPIError?(args: ProcessAPIErrorArgs): ProcessAPIErrorResult | Promise<ProcessAPIErrorResult>
}
