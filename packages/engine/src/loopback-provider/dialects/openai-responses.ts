// OpenAI Responses API (POST /v1/responses), JSON and SSE. Reasoning is not
// rendered here (OpenAI returns only encrypted or summarised reasoning). The
// output items answered are kept (`store`, OpenAI's default), so a replayed
// `item_reference` is read back. Strict: every `function_call` input item
// needs its `function_call_output` (OpenAI's verbatim 400).
import type { FakeSuccessReply } from '../fake-replies.ts'
import { openaiResponsesNoToolOutputError } from '../provider-error-presets.ts'
import {
  DEFAULT_USAGE,
  isRecord,
  recordsOf,
  splitText,
  stringOf,
  typedEvent,
  type Dialect,
  type RenderContext,
  type RenderedSuccess,
  type SseEvent,
  type WireHistory,
} from './shared.ts'

type OutputItem =
  | { type: 'message'; id: string; status: 'completed'; role: 'assistant'; content: { type: 'output_text'; text: string; annotations: [] }[] }
  | { type: 'function_call'; id: string; call_id: string; name: string; arguments: string; status: 'completed' }

export const openaiResponsesDialect: Dialect = {
  renderSuccess(reply: FakeSuccessReply, context: RenderContext): RenderedSuccess {
    const output: OutputItem[] = []
    if (reply.text !== undefined) {
      output.push({
        type: 'message',
        id: context.nextId('msg_fake_'),
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: reply.text, annotations: [] }],
      })
    }
    for (const call of reply.toolCalls ?? []) {
      output.push({
        type: 'function_call',
        id: context.nextId('fc_fake_'),
        call_id: call.id ?? context.nextId('call_fake_'),
        name: call.name,
        arguments: JSON.stringify(call.args),
        status: 'completed',
      })
    }
    for (const item of output) context.storedItems.set(item.id, item)
    const usage = reply.usage ?? DEFAULT_USAGE
    const response = {
      id: context.nextId('resp_fake_'),
      object: 'response',
      created_at: Math.floor(Date.now() / 1000),
      model: context.model,
      incomplete_details: null,
      error: null,
    }
    const usageBody = {
      input_tokens: usage.inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: usage.outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.inputTokens + usage.outputTokens,
    }
    let sequence = 0
    const event = (data: { type: string; [key: string]: unknown }) => typedEvent({ ...data, sequence_number: sequence++ })
    const streamHead: SseEvent[] = [
      event({ type: 'response.created', response: { ...response, status: 'in_progress', output: [] } }),
      ...output.flatMap((item, index) => itemEvents(item, index, event)),
    ]
    const streamTail: SseEvent[] = [event({ type: 'response.completed', response: { ...response, status: 'completed', output, usage: usageBody } })]
    return { json: { ...response, status: 'completed', output, usage: usageBody }, streamHead, streamTail }
  },
  rejectStrict(body) {
    const items = inputItems(body)
    const answered = new Set(items.filter((item) => item.type === 'function_call_output').map((item) => stringOf(item.call_id)))
    const orphan = items.find((item) => item.type === 'function_call' && !answered.has(stringOf(item.call_id)))
    return orphan && openaiResponsesNoToolOutputError(stringOf(orphan.call_id) ?? '')
  },
  readHistory(body, context): WireHistory {
    const items = inputItems(body).map((item) => {
      const stored = item.type === 'item_reference' ? context.storedItems.get(stringOf(item.id) ?? '') : undefined
      return isRecord(stored) ? stored : item
    })
    const instructions = isRecord(body) ? stringOf(body.instructions) : undefined
    return {
      texts: [...(instructions === undefined ? [] : [instructions]), ...items.flatMap(itemTexts)],
      toolCalls: items.filter((item) => item.type === 'function_call').map((item) => ({ id: stringOf(item.call_id) ?? '', name: stringOf(item.name) ?? '' })),
      toolResultIds: items.filter((item) => item.type === 'function_call_output').map((item) => stringOf(item.call_id) ?? ''),
    }
  },
}

function inputItems(body: unknown): Record<string, unknown>[] {
  return recordsOf(isRecord(body) ? body.input : undefined)
}

/** The texts of a message item (its `content` a string or input_text / output_text parts). */
function itemTexts(item: Record<string, unknown>): string[] {
  if (item.type !== undefined && item.type !== 'message') return []
  if (typeof item.content === 'string') return [item.content]
  return recordsOf(item.content).flatMap((part) => {
    const text = part.type === 'input_text' || part.type === 'output_text' ? stringOf(part.text) : undefined
    return text === undefined ? [] : [text]
  })
}

function itemEvents(item: OutputItem, outputIndex: number, event: (data: { type: string; [key: string]: unknown }) => SseEvent): SseEvent[] {
  if (item.type === 'function_call') {
    return [
      event({ type: 'response.output_item.added', output_index: outputIndex, item: { ...item, arguments: '', status: 'in_progress' } }),
      event({ type: 'response.function_call_arguments.delta', item_id: item.id, output_index: outputIndex, delta: item.arguments }),
      event({ type: 'response.function_call_arguments.done', item_id: item.id, output_index: outputIndex, arguments: item.arguments }),
      event({ type: 'response.output_item.done', output_index: outputIndex, item }),
    ]
  }
  const text = item.content[0]?.text ?? ''
  return [
    event({ type: 'response.output_item.added', output_index: outputIndex, item: { ...item, status: 'in_progress', content: [] } }),
    event({
      type: 'response.content_part.added',
      item_id: item.id,
      output_index: outputIndex,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [] },
    }),
    ...splitText(text).map((delta) =>
      event({ type: 'response.output_text.delta', item_id: item.id, output_index: outputIndex, content_index: 0, delta, logprobs: [] }),
    ),
    event({ type: 'response.output_text.done', item_id: item.id, output_index: outputIndex, content_index: 0, text }),
    event({ type: 'response.output_item.done', output_index: outputIndex, item }),
  ]
}
