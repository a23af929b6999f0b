import { hasErrorMarker, ThreadlineError } from './threadline-error.ts'

const modelResolution = Symbol.for('threadline.error.ModelResolutionError')
const providerStream = Symbol.for('threadline.error.ProviderStreamError')

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
