import { hasErrorMarker, ThreadlineError } from './threadline-error.ts'

const modelResolution = Symbol.for('threadline.error.ModelResolutionError')
const providerStream = Symbol.for('threadline.error.ProviderStreamError')
const contextWindowExceeded = Symbol.for('threadline.error.ContextWindowExceededError')

/** A 'provider/model' string the agent cannot turn into a model (malformed, or an unknown provider without a base URL). */
export class ModelResolutionError extends ThreadlineError {
  private readonly [modelResolution] = true
  readonly model: string
  constructor(model: string, message: string) {
    super('MODEL_RESOLUTION_FAILED', `Cannot resolve model "${model}": ${message}`, { field: 'model' })
    this.model = model
  }

  static override isInstance(value: unknown): value is ModelResolutionError {
    return hasErrorMarker(value, modelResolution)
  }
}

/**
 * An error the provider sent INSIDE a response stream (an SSE `error` event, a
 * `response.failed` chunk) after output had started. The provider's payload
 * (code, type, message, raw chunk) is the `cause`, where error matchers find it.
 */
export class ProviderStreamError extends ThreadlineError {
  private readonly [providerStream] = true
  constructor(message: string, payload: unknown) {
    super('PROVIDER_STREAM_ERROR', message, { cause: payload })
  }

  static override isInstance(value: unknown): value is ProviderStreamError {
    return hasErrorMarker(value, providerStream)
  }
}

/**
 * What a turn must send (the instructions, the working memory, the new message
 * and the tool definitions) does not fit the model's context window minus the
 * reply reserve, even with every droppable part left out. Raised before any
 * provider call.
 */
export class ContextWindowExceededError extends ThreadlineError {
  private readonly [contextWindowExceeded] = true
  readonly tokens: number
  readonly budget: number
  constructor(tokens: number, budget: number) {
    super(
      'CONTEXT_WINDOW_EXCEEDED',
      `The turn needs ${tokens} tokens without any history, over the ${budget} the model's context window leaves after the reply reserve: shorten the message or the instructions, or use a model with a larger window`,
      { field: 'input' },
    )
    this.tokens = tokens
    this.budget = budget
  }

  static override isInstance(value: unknown): value is ContextWindowExceededError {
    return hasErrorMarker(value, contextWindowExceeded)
  }
}
