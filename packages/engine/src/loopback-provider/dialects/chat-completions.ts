// Chat Completions (POST /v1/chat/completions), JSON and SSE: what OpenAI Chat,
// Cerebras, Groq, DeepSeek, xAI and other OpenAI-compatible providers speak.
// They differ in the field reasoning travels in and in what they refuse
// (their strict checks): each provider's dialect is this one with its own.
import type { FakeHttpErrorReply, FakeSuccessReply } from '../fake-replies.ts'
import {
  DEFAULT_USAGE,
  isRecord,
  recordsOf,
  splitText,
  stringOf,
  type Dialect,
  type RenderContext,
  type RenderedSuccess,
  type SseEvent,
  type WireHistory,
} from './shared.ts'

/** One documented constraint: the provider's rejection of a request breaking it, undefined when it holds. */
export type ChatCompletionsCheck = (request: { model: string; messages: Record<string, unknown>[] }) => FakeHttpErrorReply | undefined

export type ChatCompletionsOptions = {
  /** the message field reasoning is answered in: `reasoning_content` (DeepSeek, xAI, Cerebras) or `reasoning` (Groq) */
  reasoningField: 'reasoning_content' | 'reasoning'
  /** checked in order in strict mode; the first rejection is the answer */
  strictChecks: readonly ChatCompletionsCheck[]
}

export function chatCompletionsDialect({ reasoningField, strictChecks }: ChatCompletionsOptions): Dialect {
  return {
    renderSuccess: (reply, context) => renderChatCompletion(reply, context, reasoningField),
    rejectStrict(body) {
      const request = { model: isRecord(body) ? (stringOf(body.model) ?? '') : '', messages: recordsOf(isRecord(body) ? body.messages : undefined) }
      for (const check of strictChecks) {
        const rejection = check(request)
        if (rejection) return rejection
      }
      return undefined
    },
    readHistory: readChatHistory,
  }
}

/** The ids of the assistant message's `tool_calls`. */
export function toolCallIds(message: Record<string, unknown>): string[] {
  return recordsOf(message.tool_calls).flatMap((call) => {
    const id = stringOf(call.id)
    return id === undefined ? [] : [id]
  })
}

/**
 * Tool calls no tool message answers: for each assistant message with
 * `tool_calls`, the ids missing from the tool messages right after it.
 */
export function unansweredToolCalls(messages: readonly Record<string, unknown>[]): { ids: string[]; nextMessageIndex: number } | undefined {
  for (const [index, message] of messages.entries()) {
    const ids = message.role === 'assistant' ? toolCallIds(message) : []
    if (ids.length === 0) continue
    let next = index + 1
    const answered = new Set<string>()
    for (; messages[next]?.role === 'tool'; next++) answered.add(stringOf(messages[next]?.tool_call_id) ?? '')
    const missing = ids.filter((id) => !answered.has(id))
    if (missing.length > 0) return { ids: missing, nextMessageIndex: index + 1 }
  }
  return undefined
}

function contentTexts(content: unknown): string[] {
  if (typeof content === 'string') return content === '' ? [] : [content]
  return recordsOf(content).flatMap((part) => {
    const text = part.type === 'text' ? stringOf(part.text) : undefined
    return text === undefined ? [] : [text]
  })
}

export function readChatHistory(body: unknown): WireHistory {
  const messages = recordsOf(isRecord(body) ? body.messages : undefined)
  return {
    texts: messages.flatMap((message) => (message.role === 'tool' ? [] : contentTexts(message.content))),
    toolCalls: messages.flatMap((message) =>
      recordsOf(message.tool_calls).map((call) => ({
        id: stringOf(call.id) ?? '',
        name: isRecord(call.function) ? (stringOf(call.function.name) ?? '') : '',
      })),
    ),
    toolResultIds: messages.flatMap((message) => (message.role === 'tool' ? [stringOf(message.tool_call_id) ?? ''] : [])),
  }
}

function renderChatCompletion(reply: FakeSuccessReply, context: RenderContext, reasoningField: ChatCompletionsOptions['reasoningField']): RenderedSuccess {
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
          ...(reply.reasoning ? { [reasoningField]: reply.reasoning.text } : {}),
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
    ...(reply.reasoning ? [chunk({ [reasoningField]: reply.reasoning.text })] : []),
    ...(reply.text ? splitText(reply.text).map((content) => chunk({ content })) : []),
    ...toolCalls.map((call, index) => chunk({ tool_calls: [{ index, ...call }] })),
  ]
  const streamTail: SseEvent[] = [chunk({}, finishReason, { usage: usageBody }), { data: '[DONE]' }]
  return { json, streamHead, streamTail }
}
