// Mistral Chat Completions (POST /v1/chat/completions under the `mistral`
// provider), JSON and SSE: OpenAI's shape, with Mistral's own tool-call ids
// (nine ASCII letters or digits) and reasoning as a `thinking` content chunk.
// Strict mode answers Mistral's 400 for any other tool-call id.
import type { FakeSuccessReply } from '../fake-replies.ts'
import { mistralToolCallIdError } from '../provider-error-presets.ts'
import { readChatHistory } from './chat-completions.ts'
import { arrayOf, DEFAULT_USAGE, isRecord, splitText, type Dialect, type RenderContext, type RenderedSuccess, type SseEvent } from './shared.ts'

/** The only tool-call id Mistral accepts. */
export const MISTRAL_TOOL_CALL_ID = /^[a-zA-Z0-9]{9}$/

/** A fresh Mistral-looking id: nine letters and digits. */
function mistralId(context: RenderContext): string {
  return context
    .nextId('fk')
    .replace(/[^a-zA-Z0-9]/g, '')
    .padStart(9, '0')
    .slice(-9)
}

export const mistralDialect: Dialect = {
  renderSuccess(reply: FakeSuccessReply, context: RenderContext): RenderedSuccess {
    const toolCalls = (reply.toolCalls ?? []).map((call) => ({
      id: call.id ?? mistralId(context),
      type: 'function' as const,
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    }))
    const usage = reply.usage ?? DEFAULT_USAGE
    const finishReason = toolCalls.length > 0 ? 'tool_calls' : 'stop'
    const envelope = { id: context.nextId('cmpl-fake-'), created: Math.floor(Date.now() / 1000), model: context.model }
    const usageBody = { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens }
    const thinking = reply.reasoning ? [{ type: 'thinking', thinking: [{ type: 'text', text: reply.reasoning.text }] }] : []
    const content = thinking.length > 0 ? [...thinking, ...(reply.text ? [{ type: 'text', text: reply.text }] : [])] : (reply.text ?? '')
    const json = {
      ...envelope,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) }, finish_reason: finishReason }],
      usage: usageBody,
    }
    const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}): SseEvent => ({
      data: { ...envelope, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }], ...extra },
    })
    return {
      json,
      streamHead: [
        chunk({ role: 'assistant', content: '' }),
        ...(thinking.length > 0 ? [chunk({ content: thinking })] : []),
        ...(reply.text ? splitText(reply.text).map((text) => chunk({ content: text })) : []),
        ...(toolCalls.length > 0 ? [chunk({ tool_calls: toolCalls.map((call, index) => ({ index, ...call })) })] : []),
      ],
      streamTail: [chunk({ content: '' }, finishReason, { usage: usageBody }), { data: '[DONE]' }],
    }
  },

  /** The first tool-call id (an assistant's call or a tool message's `tool_call_id`) that is not nine letters or digits. */
  readHistory: readChatHistory,
  rejectStrict(body) {
    if (!isRecord(body)) return undefined
    for (const message of arrayOf(body.messages)) {
      if (!isRecord(message)) continue
      const ids = [
        ...arrayOf(message.tool_calls).map((call) => (isRecord(call) ? call.id : undefined)),
        ...(message.role === 'tool' ? [message.tool_call_id] : []),
      ]
      const bad = ids.findIndex((id) => typeof id !== 'string' || !MISTRAL_TOOL_CALL_ID.test(id))
      if (bad !== -1) return mistralToolCallIdError(String(ids[bad]))
    }
    return undefined
  },
}
