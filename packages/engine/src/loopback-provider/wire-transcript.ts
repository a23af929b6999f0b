// What a recorded request really sent, read the same way for every wire
// format: its texts, tool calls and tool results. The strict dialects refuse
// what a provider refuses; this is the other half of the check, that nothing
// was dropped silently to get accepted: every call still has its result and
// every text still reaches the provider.
import { arrayOf, isRecord } from './dialects/shared.ts'
import type { RecordedRequest } from './fake-provider-server.ts'

export type WireTranscript = {
  /** system, user and assistant texts (not reasoning), in order */
  texts: string[]
  /** the tool calls; a call sent without an id (Vertex) is named `name#n` by its order among calls of that name */
  calls: { id: string; name: string }[]
  /** the ids of the tool results, named like their calls */
  results: string[]
}

type Collector = { texts: string[]; calls: WireTranscript['calls']; results: string[] }

/** Texts of an OpenAI / Anthropic / Mistral `content`: a string, or blocks with a `text`. */
function contentTexts(content: unknown, blockTypes: readonly string[]): string[] {
  if (typeof content === 'string') return content === '' ? [] : [content]
  return arrayOf(content).flatMap((block) => (isRecord(block) && blockTypes.includes(String(block.type)) && typeof block.text === 'string' ? [block.text] : []))
}

function readChat(body: Record<string, unknown>, into: Collector): void {
  for (const message of arrayOf(body.messages)) {
    if (!isRecord(message)) continue
    if (message.role === 'tool') {
      into.results.push(String(message.tool_call_id))
      continue
    }
    into.texts.push(...contentTexts(message.content, ['text']))
    for (const call of arrayOf(message.tool_calls)) {
      if (isRecord(call)) into.calls.push({ id: String(call.id), name: String(isRecord(call.function) ? call.function.name : '') })
    }
  }
}

function readAnthropic(body: Record<string, unknown>, into: Collector): void {
  into.texts.push(...contentTexts(body.system, ['text']))
  for (const message of arrayOf(body.messages)) {
    if (!isRecord(message)) continue
    into.texts.push(...contentTexts(message.content, ['text']))
    for (const block of arrayOf(message.content)) {
      if (!isRecord(block)) continue
      if (block.type === 'tool_use') into.calls.push({ id: String(block.id), name: String(block.name) })
      if (block.type === 'tool_result') into.results.push(String(block.tool_use_id))
    }
  }
}

function readResponses(body: Record<string, unknown>, into: Collector): void {
  if (typeof body.instructions === 'string') into.texts.push(body.instructions)
  for (const item of arrayOf(body.input)) {
    if (!isRecord(item)) continue
    if (item.type === 'function_call') into.calls.push({ id: String(item.call_id), name: String(item.name) })
    else if (item.type === 'function_call_output') into.results.push(String(item.call_id))
    else into.texts.push(...contentTexts(item.content, ['input_text', 'output_text']))
  }
}

function readGoogle(body: Record<string, unknown>, into: Collector): void {
  const systemParts = isRecord(body.systemInstruction) ? arrayOf(body.systemInstruction.parts) : []
  const seen = { calls: new Map<string, number>(), results: new Map<string, number>() }
  const idOf = (value: Record<string, unknown>, kind: 'calls' | 'results') => {
    const name = String(value.name)
    if (typeof value.id === 'string') return value.id
    const n = (seen[kind].get(name) ?? 0) + 1
    seen[kind].set(name, n)
    return `${name}#${n}`
  }
  for (const part of [...systemParts, ...arrayOf(body.contents).flatMap((content) => (isRecord(content) ? arrayOf(content.parts) : []))]) {
    if (!isRecord(part)) continue
    if (typeof part.text === 'string' && part.thought !== true && part.text !== '') into.texts.push(part.text)
    if (isRecord(part.functionCall)) into.calls.push({ id: idOf(part.functionCall, 'calls'), name: String(part.functionCall.name) })
    if (isRecord(part.functionResponse)) into.results.push(idOf(part.functionResponse, 'results'))
  }
}

function readBedrock(body: Record<string, unknown>, into: Collector): void {
  const blocks = [...arrayOf(body.system), ...arrayOf(body.messages).flatMap((message) => (isRecord(message) ? arrayOf(message.content) : []))]
  for (const block of blocks) {
    if (!isRecord(block)) continue
    if (typeof block.text === 'string' && block.text !== '') into.texts.push(block.text)
    if (isRecord(block.toolUse)) into.calls.push({ id: String(block.toolUse.toolUseId), name: String(block.toolUse.name) })
    if (isRecord(block.toolResult)) into.results.push(String(block.toolResult.toolUseId))
  }
}

const READERS: Record<NonNullable<RecordedRequest['api']>, (body: Record<string, unknown>, into: Collector) => void> = {
  'anthropic-messages': readAnthropic,
  'openai-chat': readChat,
  'mistral-chat': readChat,
  'openai-responses': readResponses,
  'google-generate-content': readGoogle,
  'bedrock-converse': readBedrock,
}

/** The texts, calls and results a recorded request carried (empty for an unknown endpoint). */
export function wireTranscript(request: Pick<RecordedRequest, 'api' | 'body'>): WireTranscript {
  const transcript: Collector = { texts: [], calls: [], results: [] }
  if (request.api !== null && isRecord(request.body)) READERS[request.api](request.body, transcript)
  return transcript
}

/**
 * What a request lost on its way to the provider: each call without its
 * result, each result without its call, each expected text that no text of
 * the request contains. Empty when nothing was dropped.
 */
export function historyLosses(request: Pick<RecordedRequest, 'api' | 'body'>, expected: { texts: readonly string[] }): string[] {
  const { texts, calls, results } = wireTranscript(request)
  const callIds = new Set(calls.map((call) => call.id))
  const resultIds = new Set(results)
  return [
    ...calls.filter((call) => !resultIds.has(call.id)).map((call) => `tool call ${call.id} (${call.name}) has no result`),
    ...results.filter((id) => !callIds.has(id)).map((id) => `tool result ${id} answers no call`),
    ...expected.texts.filter((text) => !texts.some((sent) => sent.includes(text))).map((text) => `text ${JSON.stringify(text)} did not reach the provider`),
  ]
}
