// OpenAI Chat Completions (POST /v1/chat/completions), JSON and SSE. Also what
// Cerebras and other OpenAI-compatible providers speak; reasoning goes in
// `reasoning_content`, as those providers send it.
import type { FakeSuccessReply } from '../fake-replies.ts'
import { DEFAULT_USAGE, splitText, type Dialect, type RenderContext, type RenderedSuccess, type SseEvent } from './shared.ts'

export const openaiChatDialect: Dialect = {
  renderSuccess(reply: FakeSuccessReply, context: RenderContext): RenderedSuccess {
    const toolCalls = (reply.toolCalls ?? []).map((call) => ({
      id: call.id ?? context.nextId('call_fake_'),
      type: 'function' as const,
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    }))
    const usage = reply.usage ?? DEFAULT_USAGE
    const finishReason = toolCalls.length > 0 ? 'tool_calls' : 'stop'
    const envelope = { id: context.nextId('chatcmpl-fake-'), created: Math.floor(Date.now() / 1000), model: context.model }
    const usageBody = {
      prompt_tokens: usage.inputTokens,
      completion_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + usage.outputTokens,
    }
    const json = {
      ...envelope,
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: reply.text ?? null,
            ...(reply.reasoning ? { reasoning_content: reply.reasoning.text } : {}),
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          },
          finish_reason: finishReason,
        },
      ],
      usage: usageBody,
    }
    const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}): SseEvent => ({
      data: { ...envelope, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }], ...extra },
    })
    const streamHead: SseEvent[] = [
      chunk({ role: 'assistant', content: '' }),
      ...(reply.reasoning ? [chunk({ reasoning_content: reply.reasoning.text })] : []),
      ...(reply.text ? splitText(reply.text).map((content) => chunk({ content })) : []),
      ...toolCalls.map((call, index) => chunk({ tool_calls: [{ index, ...call }] })),
    ]
    const streamTail: SseEvent[] = [chunk({}, finishReason, { usage: usageBody }), { data: '[DONE]' }]
    return { json, streamHead, streamTail }
  },
}
