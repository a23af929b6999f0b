// Anthropic Messages API (POST /v1/messages), JSON and SSE. Strict: the first
// message must be the user's, every `tool_use` id must match ^[a-zA-Z0-9_-]+$,
// and every `tool_use` must be answered by a `tool_result` in the next message
// (Anthropic's verbatim 400s).
import type { FakeHttpErrorReply, FakeSuccessReply } from '../fake-replies.ts'
import { anthropicFirstMessageNotUser, anthropicInvalidToolUseIdError, anthropicOrphanToolUseError } from '../provider-error-presets.ts'
import {
  DEFAULT_USAGE,
  isRecord,
  recordsOf,
  splitText,
  stringOf,
  typedEvent as event,
  type Dialect,
  type RenderContext,
  type RenderedSuccess,
  type SseEvent,
  type WireHistory,
} from './shared.ts'

type Block =
  { type: 'thinking'; thinking: string; signature: string } | { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown }

export const anthropicDialect: Dialect = {
  renderSuccess(reply: FakeSuccessReply, context: RenderContext): RenderedSuccess {
    const blocks: Block[] = []
    if (reply.reasoning) {
      blocks.push({ type: 'thinking', thinking: reply.reasoning.text, signature: reply.reasoning.signature ?? 'fake-signature' })
    }
    if (reply.text !== undefined) blocks.push({ type: 'text', text: reply.text })
    for (const call of reply.toolCalls ?? []) {
      blocks.push({ type: 'tool_use', id: call.id ?? context.nextId('toolu_fake_'), name: call.name, input: call.args })
    }
    const usage = reply.usage ?? DEFAULT_USAGE
    const stopReason = reply.toolCalls?.length ? 'tool_use' : 'end_turn'
    const id = context.nextId('msg_fake_')
    const message = {
      id,
      type: 'message',
      role: 'assistant',
      model: context.model,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens },
    }
    const streamHead: SseEvent[] = [
      event({ type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { input_tokens: usage.inputTokens, output_tokens: 1 } } }),
      ...blocks.flatMap((block, index) => blockEvents(block, index)),
    ]
    const streamTail: SseEvent[] = [
      event({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.outputTokens } }),
      event({ type: 'message_stop' }),
    ]
    return { json: { ...message, content: blocks }, streamHead, streamTail }
  },
  rejectStrict(body) {
    const messages = messagesOf(body)
    if (messages[0] !== undefined && messages[0].role !== 'user') return anthropicFirstMessageNotUser
    return invalidToolUseId(messages) ?? orphanToolUse(messages)
  },
  readHistory(body): WireHistory {
    const blocks = messagesOf(body).flatMap((message) => blocksOf(message.content))
    const system = isRecord(body) ? body.system : undefined
    return {
      texts: [...(typeof system === 'string' ? [system] : blocksOf(system).flatMap(textOf)), ...blocks.flatMap(textOf)],
      toolCalls: blocks.filter((block) => block.type === 'tool_use').map((block) => ({ id: stringOf(block.id) ?? '', name: stringOf(block.name) ?? '' })),
      toolResultIds: blocks.filter((block) => block.type === 'tool_result').map((block) => stringOf(block.tool_use_id) ?? ''),
    }
  },
}

function messagesOf(body: unknown): Record<string, unknown>[] {
  return recordsOf(isRecord(body) ? body.messages : undefined)
}

/** A message's content as blocks (a string is one text block). */
function blocksOf(content: unknown): Record<string, unknown>[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : recordsOf(content)
}

function textOf(block: Record<string, unknown>): string[] {
  const text = block.type === 'text' ? stringOf(block.text) : undefined
  return text === undefined ? [] : [text]
}

const TOOL_USE_ID = /^[a-zA-Z0-9_-]+$/

/** The 400 for the first `tool_use` whose id Anthropic's pattern refuses (another provider's, e.g. `functions.get_weather:0`). */
function invalidToolUseId(messages: readonly Record<string, unknown>[]): FakeHttpErrorReply | undefined {
  for (const [index, message] of messages.entries()) {
    const blockIndex = blocksOf(message.content).findIndex((block) => block.type === 'tool_use' && !TOOL_USE_ID.test(stringOf(block.id) ?? ''))
    if (blockIndex !== -1) return anthropicInvalidToolUseIdError(index, blockIndex)
  }
  return undefined
}

function orphanToolUse(messages: readonly Record<string, unknown>[]): FakeHttpErrorReply | undefined {
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'assistant') continue
    const ids = blocksOf(message.content).flatMap((block) => (block.type === 'tool_use' ? [stringOf(block.id) ?? ''] : []))
    const answered = new Set(blocksOf(messages[index + 1]?.content).flatMap((block) => (block.type === 'tool_result' ? [stringOf(block.tool_use_id)] : [])))
    const missing = ids.filter((id) => !answered.has(id))
    if (missing.length > 0) return anthropicOrphanToolUseError(index, missing)
  }
  return undefined
}

function blockEvents(block: Block, index: number): SseEvent[] {
  const stop = event({ type: 'content_block_stop', index })
  switch (block.type) {
    case 'thinking':
      return [
        event({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '' } }),
        event({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: block.thinking } }),
        event({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: block.signature } }),
        stop,
      ]
    case 'text':
      return [
        event({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }),
        ...splitText(block.text).map((text) => event({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } })),
        stop,
      ]
    case 'tool_use':
      return [
        event({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } }),
        event({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } }),
        stop,
      ]
  }
}
