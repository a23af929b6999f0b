// The fetch every request of the client goes through: it stamps the request id
// and the client version, calls the hooks, and turns what tRPC cannot read
// into a ThreadlineError before tRPC sees it: a network failure, and an HTTP
// error status whose body is not the server's envelope (a proxy's 503 page,
// Node's 431, the body limit's 413).
import { codeOfStatus, ThreadlineError, type ThreadlineErrorData } from './threadline-error.ts'
import { CLIENT_VERSION } from './version.ts'
import { retryAfterMs } from '@threadline/api/client'

export const REQUEST_ID_HEADER = 'x-request-id'

export type RequestEvent = { requestId: string; method: string; url: string }
export type ResponseEvent = RequestEvent & { durationMs: number; status?: number; error?: ThreadlineError }

export type TransportHooks = {
  /** before each HTTP request (one request may carry a batch of calls) */
  onRequest?: (event: RequestEvent) => void
  /** after each HTTP request: its status, or the error when no usable answer came */
  onResponse?: (event: ResponseEvent) => void
}

type BodyDescription = { message?: string; code?: string; limit?: ThreadlineErrorData['limit']; size?: ThreadlineErrorData['size'] }

function isBatchLimit(value: unknown): value is NonNullable<BodyDescription['limit']> {
  return typeof value === 'object' && value !== null && typeof (value as { bytes?: unknown }).bytes === 'number'
}

/** The message (and a 413's limits) of a JSON error body that is not the envelope (`{ error: { message, code } }`, problem+json's `detail`). */
function describeBody(body: unknown): BodyDescription {
  if (typeof body !== 'object' || body === null) return {}
  const error = (body as { error?: unknown }).error
  const source = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : (body as Record<string, unknown>)
  const message = source.message ?? source.detail ?? source.title
  const limit: unknown = source.limit
  return {
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof source.code === 'string' ? { code: source.code } : {}),
    ...(isBatchLimit(limit) ? { limit, size: source.size ?? {} } : {}),
  }
}

/** tRPC's answer: a batch's array, or one call's `{ error: { json } }` (superjson). */
function isEnvelope(body: unknown): boolean {
  if (Array.isArray(body)) return true
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined
  return typeof error === 'object' && error !== null && 'json' in error
}

async function statusError(response: Response, requestId: string): Promise<ThreadlineError | null> {
  if (response.status < 400) return null
  const text = await response.clone().text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (isEnvelope(body)) return null
  const described = describeBody(body)
  const code = described.code ?? codeOfStatus(response.status)
  return new ThreadlineError(`${response.status} ${response.statusText || code}: ${described.message ?? 'the answer is not the Threadline server\u2019s'}`, {
    kind: 'http',
    code,
    status: response.status,
    ...(described.limit ? { data: { code, httpStatus: response.status, limit: described.limit, ...(described.size ? { size: described.size } : {}) } } : {}),
    requestId: response.headers.get(REQUEST_ID_HEADER) ?? requestId,
    retryAfterMs: retryAfterMs(response.headers.get('retry-after')) ?? undefined,
  })
}

function networkError(error: unknown, url: string, requestId: string): ThreadlineError {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const code = typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined
  const reason = code ?? (cause instanceof Error ? cause.message : 'no answer')
  return new ThreadlineError(`Cannot reach ${new URL(url).origin}: ${reason}`, { kind: 'network', code: 'NETWORK_ERROR', requestId, cause: error })
}

export function threadlineFetch(baseFetch: typeof fetch, hooks: TransportHooks): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const method = init?.method ?? 'GET'
    const headers = new Headers(init?.headers)
    const requestId = headers.get(REQUEST_ID_HEADER) ?? crypto.randomUUID()
    headers.set(REQUEST_ID_HEADER, requestId)
    headers.set('x-threadline-client', `@threadline/client/${CLIENT_VERSION}`)
    const event = { requestId, method, url }
    hooks.onRequest?.(event)
    const started = performance.now()
    let response: Response
    try {
      response = await baseFetch(input, { ...init, headers })
    } catch (error) {
      // an abort is the caller's or the timeout's: the call names it
      if (init?.signal?.aborted) throw error
      const failure = networkError(error, url, requestId)
      hooks.onResponse?.({ ...event, durationMs: performance.now() - started, error: failure })
      throw failure
    }
    const failure = await statusError(response, requestId)
    hooks.onResponse?.({ ...event, durationMs: performance.now() - started, status: response.status, ...(failure ? { error: failure } : {}) })
    if (failure) throw failure
    return response
  }
}
