// What one LLM call sent and got back (issue 31): the prompt as the provider
// received it (after the compat rules, of the call's last attempt) and the
// reply (text and tool calls). Recorded once per call, not per attempt (a
// retried attempt re-sends the same history, repaired at most), and capped at
// MAX_CALL_BODY_CHARS by the store (capCallBody) so one huge prompt cannot
// bloat the log.
import type { LanguageModelV3Content } from '@ai-sdk/provider'

/**
 * The most characters of text a recorded call body keeps, summed over its
 * strings (message texts, tool inputs and outputs). Past it every string is
 * cut and ends with a marker saying how many characters were cut. Strings of
 * at most SHORT_STRING_CHARS (roles, part types, ids, tool names) are kept
 * whole and not counted: the body's structure survives the cap.
 */
export const MAX_CALL_BODY_CHARS = 100_000
const SHORT_STRING_CHARS = 64

/** The run parameters sent with the call; null: the provider's default. */
export type CallParameters = { temperature: number | null; maxOutputTokens: number | null }

export type CallToolCall = { toolCallId: string; toolName: string; input: string }

/** What the model returned: its text and the tools it called. */
export type CallReply = { text: string; toolCalls: CallToolCall[] }

export type CallBody = {
  /** the prompt as sent (LanguageModelV3Prompt); once capped, JSON data (binary file data replaced by its size) */
  prompt: unknown[]
  /** null when the call failed */
  reply: CallReply | null
  /** characters cut by the cap (0: the body is whole) */
  truncatedChars: number
}

/** The reply of a successful step: its text parts joined, its tool calls. */
export function callReplyOf(content: readonly LanguageModelV3Content[]): CallReply {
  return {
    text: content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''),
    toolCalls: content.flatMap((part) => (part.type === 'tool-call' ? [{ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input }] : [])),
  }
}

/** The marker that ends a cut string. */
export const truncationMarker = (cut: number): string => `… [${cut.toLocaleString('en-US')} characters cut]`

/** The body as JSON-safe data within the cap; apply it once, to the body as recorded. */
export function capCallBody(body: CallBody): CallBody {
  let budget = MAX_CALL_BODY_CHARS
  let cut = 0
  const cap = (text: string): string => {
    if (text.length <= SHORT_STRING_CHARS) return text
    if (text.length <= budget) {
      budget -= text.length
      return text
    }
    const kept = Math.max(0, budget)
    budget = 0
    cut += text.length - kept
    return text.slice(0, kept) + truncationMarker(text.length - kept)
  }
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return cap(value)
    if (value instanceof Uint8Array) return `[${value.byteLength.toLocaleString('en-US')} bytes of binary data]`
    if (value instanceof URL) return cap(value.href)
    if (Array.isArray(value)) return value.map(walk)
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, walk(entry)]))
    return value
  }
  const prompt = walk(body.prompt) as unknown[]
  const reply = body.reply === null ? null : (walk(body.reply) as CallReply)
  return { prompt, reply, truncatedChars: body.truncatedChars + cut }
}
