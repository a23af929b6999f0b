// Reading what providers put in an error: the error itself and its `cause`
// chain (AI SDK `APICallError`s carry statusCode, responseHeaders,
// responseBody, isRetryable, data; stream errors carry the raw chunk).

const MAX_CHAIN_DEPTH = 32

/** The error followed by its causes (and AggregateError members), each once: cycle-safe. */
export function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = []
  const seen = new Set<unknown>()
  const queue: unknown[] = [error]
  while (queue.length > 0 && chain.length < MAX_CHAIN_DEPTH) {
    const current = queue.shift()
    if (current === undefined || current === null || seen.has(current)) continue
    seen.add(current)
    chain.push(current)
    if (typeof current === 'object') {
      const cause = (current as { cause?: unknown }).cause
      if (cause !== undefined) queue.push(cause)
      const errors = (current as { errors?: unknown }).errors
      if (current instanceof AggregateError && Array.isArray(errors)) queue.push(...(errors as unknown[]))
      // AI SDK RetryError keeps the attempts in `errors` and the last in `lastError`
      const lastError = (current as { lastError?: unknown }).lastError
      if (lastError !== undefined) queue.push(lastError)
    }
  }
  return chain
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
}

/** HTTP status of one level, if it has one. */
export function statusCodeOf(value: unknown): number | undefined {
  for (const key of ['statusCode', 'status']) {
    const status = field(value, key)
    if (typeof status === 'number' && Number.isInteger(status)) return status
  }
  return undefined
}

/** Response headers of one level as a lower-cased record, if it has any. */
export function headersOf(value: unknown): Record<string, string> | undefined {
  const raw = field(value, 'responseHeaders') ?? field(value, 'headers')
  if (raw === undefined || raw === null || typeof raw !== 'object') return undefined
  const out: Record<string, string> = {}
  if (typeof (raw as Headers).forEach === 'function' && typeof (raw as Headers).get === 'function') {
    ;(raw as Headers).forEach((v, k) => {
      out[k.toLowerCase()] = v
    })
    return out
  }
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof v === 'string') out[k.toLowerCase()] = v
    else if (typeof v === 'number') out[k.toLowerCase()] = String(v)
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k.toLowerCase()] = v[0]
  }
  return out
}

/** A header along the chain, first found (name case-insensitive). */
export function headerInChain(error: unknown, name: string): string | undefined {
  const wanted = name.toLowerCase()
  for (const level of errorChain(error)) {
    const value = headersOf(level)?.[wanted]
    if (value !== undefined) return value
  }
  return undefined
}

/** The raw response body of one level, if any. */
export function responseBodyOf(value: unknown): string | undefined {
  const body = field(value, 'responseBody')
  return typeof body === 'string' ? body : undefined
}

/** The message of one level: Error.message, or a `message` field. */
export function messageOf(value: unknown): string | undefined {
  if (value instanceof Error) return value.message
  const message = field(value, 'message')
  return typeof message === 'string' ? message : undefined
}

/** Every message and response body along the chain: what error patterns are matched against. */
export function errorTexts(error: unknown): string[] {
  const texts: string[] = []
  for (const level of errorChain(error)) {
    const message = messageOf(level)
    if (message) texts.push(message)
    const body = responseBodyOf(level)
    if (body) texts.push(body)
    if (typeof level === 'string') texts.push(level)
  }
  return texts
}

/** A JSON body parsed, or undefined. */
export function parseJsonBody(body: string | undefined): unknown {
  if (body === undefined) return undefined
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

/**
 * Every object that describes the error along the chain, each once: each level,
 * its `data` (AI SDK: the parsed body or the raw stream chunk) and its parsed
 * JSON `responseBody`, plus their nested `error` and `response.error` objects.
 * Where codes, types and statuses are read from, whatever the provider's shape.
 */
export function errorRecords(error: unknown): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = []
  const seen = new Set<Record<string, unknown>>()
  const add = (value: unknown) => {
    const record = asRecord(value)
    if (record === undefined || seen.has(record)) return
    seen.add(record)
    records.push(record)
  }
  for (const level of errorChain(error)) {
    for (const source of [level, field(level, 'data'), parseJsonBody(responseBodyOf(level))]) {
      add(source)
      add(field(source, 'error'))
      add(field(field(source, 'response'), 'error'))
    }
  }
  return records
}
