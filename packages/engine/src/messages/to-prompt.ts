// StoredMessage[] -> the AI SDK language-model prompt (LanguageModelV3Prompt).
//
// - A `tool-invocation` part (state 'result') becomes an assistant `tool-call`
//   plus a `tool` message holding the matching `tool-result`. A call without a
//   result ('call' / 'partial-call': a cancelled turn, a clone or branch cut
//   before its result) is kept, answered by a synthetic "cancelled" result: no
//   provider accepts an unanswered call, and dropping it would hide from the
//   model that the call was made. A call whose result a LATER message holds
//   (a result the caller sent afterwards: a "tool link", as clone boundaries
//   see it) goes out with that result instead, and the later copy is left
//   out, so the result goes out once, right after its call. The stored
//   message is not touched.
// - Legacy `content.toolInvocations` are read when the parts hold none.
// - Reasoning parts carry their `providerMetadata` as `providerOptions`, so
//   @ai-sdk/anthropic replays signed thinking (signature / redactedData under
//   `anthropic`) and OpenAI-compatible serializers see the reasoning text.
// - `step-start` parts are dropped; message `providerMetadata` becomes the
//   message's `providerOptions`.
import type {
  LanguageModelV3FilePart,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3ReasoningPart,
  LanguageModelV3TextPart,
  LanguageModelV3ToolCallPart,
  LanguageModelV3ToolResultOutput,
  LanguageModelV3ToolResultPart,
  SharedV3ProviderOptions,
  JSONValue,
} from '@ai-sdk/provider'
import { cancelledToolResult } from '../processors/provider-history-compat/compiler/tool-pairing.ts'
import { findToolLinks } from '../memory/clone-boundary.ts'
import { messageParts, messageStructure, storedToolInvocations, toolInvocationsOf } from './tool-invocations.ts'
import type { FilePart, MessagePart, ProviderMetadata, ReasoningPart, StoredMessage, ToolInvocation } from './types.ts'

type AssistantContentPart = LanguageModelV3TextPart | LanguageModelV3FilePart | LanguageModelV3ReasoningPart | LanguageModelV3ToolCallPart

export type ToPromptOptions = {
  /** the agent's instructions, sent as the first system message */
  instructions?: string | undefined
}

export function toPrompt(messages: StoredMessage[], options: ToPromptOptions = {}): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = []
  if (options.instructions) prompt.push({ role: 'system', content: options.instructions })
  const links = laterResults(messages)
  for (const message of messages) prompt.push(...messageToPrompt(message, links))
  return prompt
}

/** Calls stored without their result, each with the result a later message holds; `moved`: those later copies. */
type LaterResults = { readonly resultOf: ReadonlyMap<ToolInvocation, ToolInvocation>; readonly moved: ReadonlySet<ToolInvocation> }

/** The tool links (memory/clone-boundary.ts) of `messages` as stored invocations; undefined when every call holds its result. */
function laterResults(messages: StoredMessage[]): LaterResults | undefined {
  if (storedToolInvocations(messages).every((invocation) => invocation.state === 'result')) return undefined
  const resultOf = new Map<ToolInvocation, ToolInvocation>()
  const moved = new Set<ToolInvocation>()
  for (const { toolCallId, callIndex, resultIndex } of findToolLinks(messages.map(messageStructure))) {
    const invocationIn = (index: number, answered: boolean) => {
      const message = messages[index]
      return message && toolInvocationsOf(message).find((invocation) => invocation.toolCallId === toolCallId && (invocation.state === 'result') === answered)
    }
    const call = invocationIn(callIndex, false)
    const result = invocationIn(resultIndex, true)
    if (call === undefined || result === undefined) continue
    resultOf.set(call, result)
    moved.add(result)
  }
  return { resultOf, moved }
}

function messageToPrompt(message: StoredMessage, links: LaterResults | undefined): LanguageModelV3Message[] {
  const providerOptions = withProviderOptions(message.content.providerMetadata)
  const parts = partsOf(message)
  switch (message.role) {
    case 'system': {
      const text = parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n')
      return text ? [{ role: 'system', content: text, ...providerOptions }] : []
    }
    case 'user': {
      const content = parts.flatMap((part): (LanguageModelV3TextPart | LanguageModelV3FilePart)[] => {
        if (part.type === 'text') return [textToPrompt(part.text, part.providerMetadata)]
        if (part.type === 'file') return [fileToPrompt(part)]
        return []
      })
      return content.length > 0 ? [{ role: 'user', content, ...providerOptions }] : []
    }
    case 'assistant':
      return assistantToPrompt(parts, providerOptions, links)
  }
}

/** The message's parts (legacy tool invocations included), and a bare `content` string when the stored parts are empty. */
function partsOf(message: StoredMessage): MessagePart[] {
  const { parts, content } = message.content
  const summary: MessagePart[] = parts.length === 0 && content ? [{ type: 'text', text: content }] : []
  // legacy v1 messages hold the final answer as text after the tool calls
  return [...messageParts(message), ...summary]
}

/**
 * An assistant message with tool calls is split at each step: the calls go
 * into an assistant message, their results into the following `tool`
 * message, and whatever comes after starts a new assistant message.
 */
function assistantToPrompt(parts: MessagePart[], providerOptions: ProviderOptionsField, links: LaterResults | undefined): LanguageModelV3Message[] {
  const out: LanguageModelV3Message[] = []
  let content: AssistantContentPart[] = []
  let results: LanguageModelV3ToolResultPart[] = []
  const flush = () => {
    if (content.length > 0) out.push({ role: 'assistant', content, ...providerOptions })
    if (results.length > 0) out.push({ role: 'tool', content: results })
    content = []
    results = []
  }
  for (const part of parts) {
    if (part.type !== 'tool-invocation' && results.length > 0) flush()
    switch (part.type) {
      case 'text':
        content.push(textToPrompt(part.text, part.providerMetadata))
        break
      case 'reasoning':
        content.push(reasoningToPrompt(part))
        break
      case 'file':
        content.push(fileToPrompt(part))
        break
      case 'tool-invocation': {
        const invocation = part.toolInvocation
        // went out with its call, earlier
        if (links?.moved.has(invocation) === true) break
        content.push({
          type: 'tool-call',
          toolCallId: invocation.toolCallId,
          toolName: invocation.toolName,
          input: invocation.args ?? {},
          ...withProviderOptions(part.providerMetadata),
        })
        const answer = invocation.state === 'result' ? invocation : links?.resultOf.get(invocation)
        results.push(answer === undefined ? cancelledToolResult(invocation) : toolResultToPrompt(answer))
        break
      }
      case 'step-start':
        break
    }
  }
  flush()
  return out
}

type ProviderOptionsField = { providerOptions?: SharedV3ProviderOptions }

function withProviderOptions(metadata: ProviderMetadata | undefined): ProviderOptionsField {
  return metadata && Object.keys(metadata).length > 0 ? { providerOptions: metadata as SharedV3ProviderOptions } : {}
}

function textToPrompt(text: string, metadata: ProviderMetadata | undefined): LanguageModelV3TextPart {
  return { type: 'text', text, ...withProviderOptions(metadata) }
}

function reasoningToPrompt(part: ReasoningPart): LanguageModelV3ReasoningPart {
  const text = part.reasoning || part.details.flatMap((detail) => (detail.type === 'text' ? [detail.text] : [])).join('')
  return { type: 'reasoning', text, ...withProviderOptions(part.providerMetadata) }
}

const DATA_URL = /^data:([^;,]*)(?:;[^,]*)?;base64,(.*)$/s

function fileToPrompt(part: FilePart): LanguageModelV3FilePart {
  const base = { type: 'file' as const, mediaType: part.mimeType, ...withProviderOptions(part.providerMetadata) }
  if (/^https?:\/\//i.test(part.data)) return { ...base, data: new URL(part.data) }
  const dataUrl = DATA_URL.exec(part.data)
  return { ...base, data: dataUrl ? (dataUrl[2] ?? '') : part.data }
}

function toolResultToPrompt(invocation: ToolInvocation): LanguageModelV3ToolResultPart {
  const output: LanguageModelV3ToolResultOutput =
    typeof invocation.result === 'string' ? { type: 'text', value: invocation.result } : { type: 'json', value: (invocation.result ?? null) as JSONValue }
  return { type: 'tool-result', toolCallId: invocation.toolCallId, toolName: invocation.toolName, output }
}
