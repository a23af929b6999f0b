// The types of openapi-checker.mjs (plain JavaScript so it also runs under plain node outside the workspace).
export type RestAnswer = { status: number; contentType: string; body: unknown; headers: Headers }

export type RestCall = {
  query?: Record<string, string | number | boolean>
  body?: unknown
  /** more request headers (If-Match, Idempotency-Key) */
  headers?: Record<string, string>
  /** an API token; none sends no Authorization header */
  token?: string
  /** skip checking the request (a test that sends what the document forbids) */
  invalidRequest?: boolean
}

export type RestEvent = { event: string; data: { type?: string; [key: string]: unknown } }

export type RestStreamCall = RestCall & {
  /** aborting it closes the connection (the server aborts the turn) */
  signal?: AbortSignal
  /** sees each event as it is read */
  onEvent?: (event: RestEvent) => void
}

/** A streaming operation's answer: its events (checked against the event schema), or a problem `body` when it did not stream. */
export type RestStream = { status: number; contentType: string; events: RestEvent[]; body: unknown; headers: Headers }

export type OpenApiChecker = {
  document: { openapi: string; paths: Record<string, unknown>; components: { schemas: Record<string, object> } }
  /** Calls `method path`; throws when the request, or the answer, breaks the document. */
  call(method: string, path: string, options?: RestCall): Promise<RestAnswer>
  /** Calls a streaming operation; each server-sent event is checked against the operation's event schema (an `error` event against Problem). */
  stream(method: string, path: string, options?: RestStreamCall): Promise<RestStream>
  /** Whether the document accepts this request (for the tests that send bad input on purpose). */
  acceptsRequest(method: string, path: string, body: unknown): boolean
  /** Whether the document accepts this 200 answer of an operation (to show the answer check can fail). */
  acceptsAnswer(operationId: string, body: unknown): boolean
}

export function openApiChecker(baseUrl: string): Promise<OpenApiChecker>
