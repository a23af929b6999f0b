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

/**
 * What the built-in matcher recognised: the field of the error it read, the transient value (or the retry
 * guidance) it found there, and whose error shape it was, so an explanation names the provider that sent it.
 */
export type BuiltInRetryMatch = { field: 'code' | 'type' | 'message'; value: string; shape: 'openai-responses' | 'anthropic' }

/**
 * Anthropic's error object is exactly `{ type, message }` nested under `{ type: 'error' }`; every OpenAI
 * form carries a `code` (the flattened chunk, `response.failed`, and the SDK's nested stream part).
 */
function shapeOf(fields: StreamErrorFields): BuiltInRetryMatch['shape'] {
  return 'code' in fields ? 'openai-responses' : 'anthropic'
}

function retryableFieldOf(fields: StreamErrorFields): BuiltInRetryMatch | undefined {
  const code = typeof fields.code === 'string' && fields.code !== '' ? fields.code : undefined
  const field = code !== undefined ? 'code' : 'type'
  const discriminator = code ?? (typeof fields.type === 'string' ? fields.type : '')
  const lower = discriminator.toLowerCase()
  if (RETRYABLE_TERMS.some((term) => lower.includes(term))) return { field, value: discriminator, shape: shapeOf(fields) }
  if (typeof fields.message === 'string' && RETRY_GUIDANCE.test(fields.message))
    return { field: 'message', value: 'You can retry your request', shape: shapeOf(fields) }
  return undefined
}

/**
 * What the built-in matcher recognised in one error (or its `data`), or
 * undefined when it does not match: the explanation of a retry it causes
 * (the playground names the field and value, e.g. Anthropic's `type:
 * overloaded_error`, which shares the nested error shape).
 */
export function builtInRetryMatchOf(error: unknown): BuiltInRetryMatch | undefined {
  for (const candidate of [error, asRecord(error)?.data]) {
    const fields = openAIResponsesStreamErrorOf(candidate)
    const match = fields && retryableFieldOf(fields)
    if (match) return match
  }
  return undefined
}

/**
 * True for an OpenAI Responses stream error chunk (`type: 'error'` or
 * `type: 'response.failed'`) with a transient code, or, without a code, a
 * transient type, or a message that says `You can retry your request`.
 */
export function isRetryableOpenAIResponsesStreamError(error: unknown): boolean {
  return builtInRetryMatchOf(error) !== undefined
}
