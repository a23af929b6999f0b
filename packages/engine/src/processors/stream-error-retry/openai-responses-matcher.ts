// The built-in matcher for OpenAI Responses stream errors.
//
// What really reaches the caller with @ai-sdk/openai 3.0.x:
// - an error chunk BEFORE any output: the model throws an `APICallError` whose
//   `data` is the raw chunk (and `responseBody` its JSON);
// - an error chunk AFTER output: a `{ type: 'error', error }` stream part whose
//   `error` is `{ message, type, code, statusCode, isRetryable, data: chunk }`;
// - a chunk the SDK could not read: the raw chunk itself.
// So one value is checked together with its `data`; the processor walks the cause chain.
// Anthropic's error events and bodies (`{ type: 'error', error: { type } }`) share the
// nested shape, so a transient Anthropic type such as `overloaded_error` matches too.

const RETRYABLE_TERMS = ['rate_limit', 'server_error', 'internal_error', 'timeout', 'temporarily_unavailable', 'service_unavailable', 'overloaded']
const RETRY_GUIDANCE = /you can retry your request/i

type StreamErrorFields = { code?: unknown; type?: unknown; message?: unknown }

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
}

/** The error fields of an OpenAI Responses error chunk, or undefined when the value is no such chunk. */
export function openAIResponsesStreamErrorOf(value: unknown): StreamErrorFields | undefined {
  const chunk = asRecord(value)
  if (chunk?.type === 'response.failed') return asRecord(asRecord(chunk.response)?.error)
  if (chunk?.type !== 'error') return undefined
  const nested = asRecord(chunk.error)
  if (nested) return nested
  // the flattened form `{ type: 'error', code, message }`: its own `type` is the chunk's, not the error's
  return 'code' in chunk || 'message' in chunk ? { code: chunk.code, message: chunk.message } : undefined
}

function isRetryableFields(fields: StreamErrorFields): boolean {
  const code = typeof fields.code === 'string' && fields.code !== '' ? fields.code : undefined
  const discriminator = code ?? (typeof fields.type === 'string' ? fields.type : '')
  const lower = discriminator.toLowerCase()
  if (RETRYABLE_TERMS.some((term) => lower.includes(term))) return true
  return typeof fields.message === 'string' && RETRY_GUIDANCE.test(fields.message)
}

/**
 * True for an OpenAI Responses stream error chunk (`type: 'error'` or
 * `type: 'response.failed'`) with a transient code, or, without a code, a
 * transient type, or a message that says `You can retry your request`.
 */
export function isRetryableOpenAIResponsesStreamError(error: unknown): boolean {
  for (const candidate of [error, asRecord(error)?.data]) {
    const fields = openAIResponsesStreamErrorOf(candidate)
    if (fields && isRetryableFields(fields)) return true
  }
  return false
}
