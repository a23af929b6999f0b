import type { FakeHttpErrorReply, FakeSuccessReply } from '../fake-replies.ts'

export type SseEvent = { event?: string; data: unknown }

/** A success reply rendered both ways; a stream is split before its finishing events (a drop stops there). */
export type RenderedSuccess = { json: unknown; streamHead: SseEvent[]; streamTail: SseEvent[] }

export type RenderContext = {
  /** the `model` field of the request */
  model: string
  /** a fresh id with the given prefix, unique on this server */
  nextId: (prefix: string) => string
  /** output items this server answered with, by id (OpenAI Responses replays them as `item_reference`) */
  storedItems: Map<string, unknown>
}

/** What a request's history holds, read from the provider's wire format (for the no-silent-drop check). */
export type WireHistory = {
  /** every text of every message (system, user, assistant, tool results excluded) */
  texts: string[]
  toolCalls: { id: string; name: string }[]
  /** the call ids the tool results answer */
  toolResultIds: string[]
}

export type Dialect = {
  renderSuccess(reply: FakeSuccessReply, context: RenderContext): RenderedSuccess
  /**
   * Strict mode: the provider's verbatim rejection of a request that breaks
   * one of its documented constraints, undefined when the provider accepts it.
   */
  rejectStrict?(body: unknown, context: Pick<RenderContext, 'model'>): FakeHttpErrorReply | undefined
  /** what the request's history holds (the no-silent-drop check reads it) */
  readHistory?(body: unknown, context: RenderContext): WireHistory
  /** a stream that is not SSE text (Bedrock's binary event stream): its content type and bytes */
  streamEncoding?: { contentType: string; encode(events: SseEvent[]): Uint8Array }
}

export const DEFAULT_USAGE = { inputTokens: 10, outputTokens: 5 }

/** Text is streamed word by word, like a real model, so partial output is visible. */
export function splitText(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text]
}

/** An SSE event named after its `type`, as Anthropic and OpenAI Responses send them. */
export function typedEvent(data: { type: string; [key: string]: unknown }): SseEvent {
  return { event: data.type, data }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `value` when it is an array, else an empty one (a request body is untrusted input). */
export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

/** The records of `value` when it is an array (a request field the client may omit or get wrong). */
export function recordsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : []
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}
