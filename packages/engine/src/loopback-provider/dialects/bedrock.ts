// Amazon Bedrock Converse (POST /model/{modelId}/converse, and
// /converse-stream), JSON and AWS's binary event stream (each event a frame of
// application/vnd.amazon.eventstream with `:event-type` headers, as
// @ai-sdk/amazon-bedrock decodes it). Strict mode answers Bedrock's
// ValidationException for what Converse refuses: tool ids and names outside
// `[a-zA-Z0-9_-]{1,64}`, a conversation that does not start with the user or
// does not alternate, tool results without the calls of the turn before.
import { EventStreamCodec } from '@smithy/eventstream-codec'
import { fromUtf8, toUtf8 } from '@smithy/util-utf8'
import type { FakeSuccessReply } from '../fake-replies.ts'
import { bedrockConversationNotAlternating, bedrockFirstMessageNotUser, bedrockValidationError } from '../provider-error-presets.ts'
import {
  arrayOf,
  DEFAULT_USAGE,
  isRecord,
  splitText,
  type Dialect,
  type RenderContext,
  type RenderedSuccess,
  type SseEvent,
  type WireHistory,
} from './shared.ts'

type Block =
  | { reasoningContent: { reasoningText: { text: string; signature?: string } } }
  | { text: string }
  | { toolUse: { toolUseId: string; name: string; input: unknown } }

const codec = new EventStreamCodec(toUtf8, fromUtf8)

/** One frame per event; `p` is the padding Bedrock adds to every payload (the SDK deletes it). */
function encodeEventStream(events: SseEvent[]): Uint8Array {
  const frames = events.map(({ event, data }) =>
    codec.encode({
      headers: {
        ':event-type': { type: 'string', value: event ?? 'unknown' },
        ':content-type': { type: 'string', value: 'application/json' },
        ':message-type': { type: 'string', value: 'event' },
      },
      body: fromUtf8(JSON.stringify({ ...(isRecord(data) ? data : {}), p: 'abcdefghijkl' })),
    }),
  )
  return Buffer.concat(frames)
}

export const bedrockDialect: Dialect = {
  renderSuccess(reply: FakeSuccessReply, context: RenderContext): RenderedSuccess {
    const blocks: Block[] = []
    if (reply.reasoning)
      blocks.push({ reasoningContent: { reasoningText: { text: reply.reasoning.text, signature: reply.reasoning.signature ?? 'fake-signature' } } })
    if (reply.text !== undefined) blocks.push({ text: reply.text })
    for (const call of reply.toolCalls ?? []) {
      blocks.push({ toolUse: { toolUseId: call.id ?? context.nextId('tooluse_fake_'), name: call.name, input: call.args } })
    }
    const usage = reply.usage ?? DEFAULT_USAGE
    const usageBody = { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.inputTokens + usage.outputTokens }
    const stopReason = reply.toolCalls?.length ? 'tool_use' : 'end_turn'
    const event = (name: string, data: Record<string, unknown>): SseEvent => ({ event: name, data })
    return {
      json: { output: { message: { role: 'assistant', content: blocks } }, stopReason, usage: usageBody, metrics: { latencyMs: 12 } },
      streamHead: [event('messageStart', { role: 'assistant' }), ...blocks.flatMap((block, index) => blockEvents(block, index, event))],
      streamTail: [event('messageStop', { stopReason }), event('metadata', { usage: usageBody, metrics: { latencyMs: 12 } })],
    }
  },

  readHistory: readBedrockHistory,
  rejectStrict(body) {
    if (!isRecord(body)) return undefined
    const messages = arrayOf(body.messages).map((message) => (isRecord(message) ? message : {}))
    const invalid = invalidFields(messages)
    if (invalid.length > 0) {
      const count = `${invalid.length} validation error${invalid.length === 1 ? '' : 's'} detected`
      return bedrockValidationError(`${count}: ${invalid.join('; ')}`)
    }
    if (messages.length > 0 && messages[0]?.role !== 'user') return bedrockFirstMessageNotUser
    for (let index = 1; index < messages.length; index++) {
      if (messages[index]?.role === messages[index - 1]?.role) return bedrockConversationNotAlternating
      const results = blocksOf(messages[index], 'toolResult').length
      if (results > blocksOf(messages[index - 1], 'toolUse').length) {
        return bedrockValidationError(`The number of toolResult blocks at messages.${index}.content exceeds the number of toolUse blocks of previous turn.`)
      }
    }
    return undefined
  },

  streamEncoding: { contentType: 'application/vnd.amazon.eventstream', encode: encodeEventStream },
}

function blockEvents(block: Block, contentBlockIndex: number, event: (name: string, data: Record<string, unknown>) => SseEvent): SseEvent[] {
  const stop = event('contentBlockStop', { contentBlockIndex })
  const delta = (value: Record<string, unknown>) => event('contentBlockDelta', { contentBlockIndex, delta: value })
  if ('reasoningContent' in block) {
    const { text, signature } = block.reasoningContent.reasoningText
    return [delta({ reasoningContent: { text } }), ...(signature ? [delta({ reasoningContent: { signature } })] : []), stop]
  }
  if ('text' in block) return [...splitText(block.text).map((text) => delta({ text })), stop]
  const { toolUseId, name, input } = block.toolUse
  return [
    event('contentBlockStart', { contentBlockIndex, start: { toolUse: { toolUseId, name } } }),
    delta({ toolUse: { input: JSON.stringify(input) } }),
    stop,
  ]
}

function blocksOf(message: Record<string, unknown> | undefined, kind: 'toolUse' | 'toolResult'): Record<string, unknown>[] {
  return arrayOf(message?.content).flatMap((block) => (isRecord(block) && isRecord(block[kind]) ? [block[kind]] : []))
}

const BEDROCK_NAME = /^[a-zA-Z0-9_-]+$/
const MAX_NAME_LENGTH = 64

/** Converse's field constraints, as AWS words them: 1-based `member` indexes, the length check before the pattern. */
function invalidFields(messages: Record<string, unknown>[]): string[] {
  const errors: string[] = []
  messages.forEach((message, messageIndex) => {
    arrayOf(message.content).forEach((block, blockIndex) => {
      if (!isRecord(block)) return
      const at = `messages.${messageIndex + 1}.member.content.${blockIndex + 1}.member`
      const fields: [string, unknown][] = []
      if (isRecord(block.toolUse)) fields.push([`${at}.toolUse.toolUseId`, block.toolUse.toolUseId], [`${at}.toolUse.name`, block.toolUse.name])
      if (isRecord(block.toolResult)) fields.push([`${at}.toolResult.toolUseId`, block.toolResult.toolUseId])
      for (const [path, value] of fields) {
        const text = typeof value === 'string' ? value : ''
        if (text.length > MAX_NAME_LENGTH)
          errors.push(`Value at '${path}' failed to satisfy constraint: Member must have length less than or equal to ${MAX_NAME_LENGTH}`)
        if (!BEDROCK_NAME.test(text))
          errors.push(`Value at '${path}' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+`)
      }
    })
  })
  return errors
}

/** What a Converse request's history holds: system and message blocks. */
function readBedrockHistory(body: unknown): WireHistory {
  const history: WireHistory = { texts: [], toolCalls: [], toolResultIds: [] }
  if (!isRecord(body)) return history
  const blocks = [...arrayOf(body.system), ...arrayOf(body.messages).flatMap((message) => (isRecord(message) ? arrayOf(message.content) : []))]
  for (const block of blocks) {
    if (!isRecord(block)) continue
    if (typeof block.text === 'string' && block.text !== '') history.texts.push(block.text)
    if (isRecord(block.toolUse)) history.toolCalls.push({ id: String(block.toolUse.toolUseId), name: String(block.toolUse.name) })
    if (isRecord(block.toolResult)) history.toolResultIds.push(String(block.toolResult.toolUseId))
  }
  return history
}
