// StreamErrorRetryProcessor for apps built directly on the AI SDK: the same
// options, matchers, budget, backoff and Retry-After handling (the processor
// itself decides and waits), around each call of a `wrapLanguageModel` model.
import type { LanguageModelV3, LanguageModelV3Middleware, LanguageModelV3StreamPart, LanguageModelV3StreamResult } from '@ai-sdk/provider'
import { streamError } from '../agent/model-step.ts'
import type { StreamErrorRetryProcessorOptions } from '../processors/stream-error-retry/options.ts'
import { StreamErrorRetryProcessor } from '../processors/stream-error-retry/processor.ts'
import type { ProcessorState } from '../processors/types.ts'

/** Parts a provider sends before any output: a stream that fails before its first output part can still be retried. */
const PREAMBLE: ReadonlySet<LanguageModelV3StreamPart['type']> = new Set(['stream-start', 'response-metadata', 'raw'])

/**
 * Reads the stream up to its first output part. An `error` part before any
 * output is thrown (as the agent reports it), so the call can be retried;
 * otherwise the returned stream replays what was read, then the rest.
 */
async function openStream(result: LanguageModelV3StreamResult): Promise<LanguageModelV3StreamResult> {
  const reader = result.stream.getReader()
  const read: LanguageModelV3StreamPart[] = []
  for (;;) {
    const next = await reader.read()
    if (next.done) break
    if (next.value.type === 'error') {
      await reader.cancel().catch(() => undefined)
      throw streamError(next.value.error)
    }
    read.push(next.value)
    if (!PREAMBLE.has(next.value.type)) break
  }
  const stream = new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      for (const part of read) controller.enqueue(part)
    },
    async pull(controller) {
      const next = await reader.read()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
  return { ...result, stream }
}

/**
 * A LanguageModelV3Middleware for `wrapLanguageModel`: a call that fails with
 * an error StreamErrorRetryProcessor would retry (its options: `maxRetries`,
 * `matchers`, `delayMs`, `retryUnknownErrors`, Retry-After caps, `onRetry`)
 * is made again after its wait. A stream is retried when it fails before its
 * first output part; an error after output has reached the caller is passed
 * on. Set the AI SDK's own `maxRetries: 0` so the two budgets do not multiply.
 * @throws InvalidStreamErrorRetryOptionsError for options that make no sense
 */
export function streamErrorRetryMiddleware(options: StreamErrorRetryProcessorOptions = {}): LanguageModelV3Middleware {
  const processor = new StreamErrorRetryProcessor(options)

  async function withRetries<T>(model: LanguageModelV3, abortSignal: AbortSignal | undefined, attempt: () => PromiseLike<T>): Promise<T> {
    const state: ProcessorState = {}
    for (let retryCount = 0; ; retryCount++) {
      try {
        return await attempt()
      } catch (error) {
        const decision = await processor.processAPIError({
          error,
          messages: [],
          retryCount,
          stepNumber: 0,
          state,
          model: { provider: model.provider, modelId: model.modelId },
          ...(abortSignal ? { abortSignal } : {}),
        })
        if (decision?.retry !== true) throw error
      }
    }
  }

  return {
    specificationVersion: 'v3',
    wrapGenerate: ({ doGenerate, params, model }) => withRetries(model, params.abortSignal, doGenerate),
    wrapStream: ({ doStream, params, model }) => withRetries(model, params.abortSignal, async () => openStream(await doStream())),
  }
}
