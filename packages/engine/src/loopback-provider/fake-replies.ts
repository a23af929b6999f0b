// What the fake provider server answers, scripted per request. A reply is
// provider-neutral: the server renders it in the dialect of the endpoint that
// was called (Anthropic Messages, OpenAI Chat Completions, OpenAI Responses),
// as JSON or as SSE depending on the request's `stream` flag.

export type FakeToolCall = {
  /** defaults to a provider-looking id (toolu_fake_N / call_fake_N) */
  id?: string
  name: string
  args: unknown
}

export type FakeReasoning = {
  text: string
  /** Anthropic thinking signature; rendered only by the Anthropic dialect */
  signature?: string
}

export type FakeUsage = { inputTokens: number; outputTokens: number }

/** A normal answer: optional reasoning, text and tool calls. */
export type FakeSuccessReply = {
  kind: 'success'
  text?: string
  reasoning?: FakeReasoning
  toolCalls?: FakeToolCall[]
  usage?: FakeUsage
  delayMs?: number
  /** a streamed answer sends its events this many ms apart (default: all at once) */
  eventDelayMs?: number
}

/** An HTTP error answer: status, headers and body exactly as given (an object body is sent as JSON). */
export type FakeHttpErrorReply = {
  kind: 'http-error'
  status: number
  headers?: Record<string, string>
  body: unknown
  delayMs?: number
}

/**
 * HTTP 200 SSE stream that sends `text` (may be empty) and then `chunk` as an
 * SSE event named `event` (default: the chunk's `type`), then ends. Needs a
 * streaming request; a non-streaming one gets a 500 explaining the mistake.
 */
export type FakeStreamErrorReply = {
  kind: 'stream-error'
  text?: string
  chunk: unknown
  event?: string
  delayMs?: number
}

/**
 * A dropped connection. Without `text` and `afterBytes` the socket dies before
 * any response byte; with `text` the server first streams the start of a
 * success answer (headers + text events, never the finish); with `afterBytes`
 * it writes exactly that many bytes of the success body. `reset: true` (the
 * default) sends a TCP RST, which the client sees as ECONNRESET; `false`
 * closes the socket normally ("other side closed" / "socket hang up").
 */
export type FakeDropReply = {
  kind: 'drop'
  text?: string
  afterBytes?: number
  reset?: boolean
  delayMs?: number
}

export type FakeReply = FakeSuccessReply | FakeHttpErrorReply | FakeStreamErrorReply | FakeDropReply

/** Short builders for the common replies. */
export const reply = {
  text: (text: string, extra: Omit<FakeSuccessReply, 'kind' | 'text'> = {}): FakeSuccessReply => ({
    kind: 'success',
    text,
    ...extra,
  }),
  toolCall: (name: string, args: unknown, id?: string): FakeSuccessReply => ({
    kind: 'success',
    toolCalls: [{ name, args, ...(id === undefined ? {} : { id }) }],
  }),
  httpError: (status: number, body: unknown, headers?: Record<string, string>): FakeHttpErrorReply => ({
    kind: 'http-error',
    status,
    body,
    ...(headers === undefined ? {} : { headers }),
  }),
  drop: (options: Omit<FakeDropReply, 'kind'> = {}): FakeDropReply => ({ kind: 'drop', ...options }),
}
