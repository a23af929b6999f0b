// Every failure of a client call, as one typed error: the server's own answer
// (its code: NOT_FOUND, BAD_REQUEST with `field`, ...), an HTTP status that
// carries no answer of the server (a proxy's 503 page, Node's 431, a 413 of
// the body limit), a network failure, a timeout or an abort.

/** Where a failure came from. */
/** `request`: the client did not send the call (its input does not fit in `maxURLLength`). */
export type ThreadlineErrorKind = 'server' | 'http' | 'network' | 'timeout' | 'aborted' | 'request'

/**
 * The server's error data (invalid input: the first field at fault and every problem).
 * The same shape as `ThreadlineErrorData` of packages/api/src/client/index.ts, written
 * again on purpose: importing it made the bundled declarations pull in the api
 * package's client module (tsdown's dts bundler failed on it), and the packed
 * types must reach no server module.
 */
export type ThreadlineErrorData = {
  code: string
  httpStatus: number
  path?: string
  field?: string
  issues?: { path: string; message: string }[]
  /** a server failure: the ID its details are logged under */
  errorId?: string
  /** a batch refused as too large (PAYLOAD_TOO_LARGE): the server's limits and what was sent */
  limit?: { bytes: number; messages: number }
  size?: { bytes?: number; messages?: number }
}

export type ThreadlineErrorInit = {
  kind: ThreadlineErrorKind
  code: string
  status?: number | undefined
  data?: ThreadlineErrorData | undefined
  requestId?: string | undefined
  retryAfterMs?: number | undefined
  cause?: unknown
}

/** The code of an HTTP status answered without the server's envelope, in the server's vocabulary. */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
}

export function codeOfStatus(status: number): string {
  return CODE_OF_STATUS[status] ?? `HTTP_${status}`
}

export class ThreadlineError extends Error {
  override readonly name = 'ThreadlineError'
  readonly kind: ThreadlineErrorKind
  /** the server's code, the code of an HTTP status, or NETWORK_ERROR / TIMEOUT / ABORTED */
  readonly code: string
  /** the HTTP status, when an answer came */
  readonly status: number | undefined
  readonly data: ThreadlineErrorData | undefined
  /** the `x-request-id` the call was sent with (the server logs it and echoes it) */
  readonly requestId: string | undefined
  /** how long the server asked to wait (`Retry-After`) */
  readonly retryAfterMs: number | undefined

  constructor(message: string, init: ThreadlineErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause })
    this.kind = init.kind
    this.code = init.code
    this.status = init.status
    this.data = init.data
    this.requestId = init.requestId
    this.retryAfterMs = init.retryAfterMs
  }
}

/** The error data of a failed call (code, HTTP status, field, issues), or undefined for an error that is not the server's answer. */
export function threadlineErrorData(error: unknown): ThreadlineErrorData | undefined {
  return error instanceof ThreadlineError ? error.data : undefined
}

/** The code of a failed call (`NOT_FOUND`, `NETWORK_ERROR`, `TIMEOUT`, ...), or undefined for another error. */
export function threadlineErrorCode(error: unknown): string | undefined {
  return error instanceof ThreadlineError ? error.code : undefined
}
