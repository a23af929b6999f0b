// The inverse of to-prompt: what a provider answered in one step (AI SDK
// content parts) -> stored message parts. A tool call and its result end up
// in ONE `tool-invocation` part (state 'call', then 'result').
import type { LanguageModelV3Content, SharedV3ProviderMetadata } from '@ai-sdk/provider'
import type { MessagePart, ProviderMetadata, ReasoningDetail, StoredMessage, ToolInvocationPart } from './types.ts'

export function stepContentToParts(content: LanguageModelV3Content[]): MessagePart[] {
  const parts: MessagePart[] = []
  for (const item of content) {
    switch (item.type) {
      case 'text':
        if (item.text) parts.push({ type: 'text', text: item.text, ...metadataField(item.providerMetadata) })
        break
      case 'reasoning':
        parts.push({
          type: 'reasoning',
          reasoning: item.text,
          details: reasoningDetails(item.text, item.providerMetadata),
          ...metadataField(item.providerMetadata),
        })
        break
      case 'tool-call':
        parts.push({
          type: 'tool-invocation',
          toolInvocation: { toolCallId: item.toolCallId, toolName: item.toolName, args: parseToolInput(item.input), state: 'call' },
          ...metadataField(item.providerMetadata),
        })
        break
      case 'tool-result':
        // results of provider-executed tools arrive in the same step as their call
        setToolResult(parts, item.toolCallId, item.result)
        break
      case 'file':
        parts.push({
          type: 'file',
          mimeType: item.mediaType,
          data: typeof item.data === 'string' ? item.data : Buffer.from(item.data).toString('base64'),
          ...metadataField(item.providerMetadata),
        })
        break
      // sources and approval requests have no place in the stored format
      default:
        break
    }
  }
  return parts
}

/** Turns the `tool-invocation` of `toolCallId` into state 'result'. Returns false when there is no such call. */
export function setToolResult(parts: MessagePart[], toolCallId: string, result: unknown): boolean {
  const part = parts.find(
    (candidate): candidate is ToolInvocationPart => candidate.type === 'tool-invocation' && candidate.toolInvocation.toolCallId === toolCallId,
  )
  if (!part) return false
  part.toolInvocation = { ...part.toolInvocation, state: 'result', result }
  return true
}

/** Tool calls of the parts that still wait for a result. */
export function pendingToolCalls(parts: MessagePart[]): ToolInvocationPart[] {
  return parts.filter((part): part is ToolInvocationPart => part.type === 'tool-invocation' && part.toolInvocation.state !== 'result')
}

export type AssistantMessageInput = {
  id: string
  threadId: string
  resourceId: string
  createdAt: Date
  parts: MessagePart[]
  model: { provider: string; modelId: string }
}

export function createAssistantMessage(input: AssistantMessageInput): StoredMessage {
  return {
    id: input.id,
    threadId: input.threadId,
    resourceId: input.resourceId,
    role: 'assistant',
    createdAt: input.createdAt,
    type: 'v2',
    content: {
      format: 2,
      parts: input.parts,
      metadata: { provider: input.model.provider, modelId: input.model.modelId },
    },
  }
}

function metadataField(metadata: SharedV3ProviderMetadata | undefined): { providerMetadata?: ProviderMetadata } {
  return metadata && Object.keys(metadata).length > 0 ? { providerMetadata: metadata } : {}
}

/** Anthropic puts the thinking signature (or the redacted data) in provider metadata. */
function reasoningDetails(text: string, metadata: SharedV3ProviderMetadata | undefined): ReasoningDetail[] {
  const anthropic = metadata?.anthropic
  if (typeof anthropic?.redactedData === 'string') return [{ type: 'redacted', data: anthropic.redactedData }]
  const signature = typeof anthropic?.signature === 'string' ? anthropic.signature : undefined
  return [{ type: 'text', text, ...(signature === undefined ? {} : { signature }) }]
}

/** Providers send tool input as a JSON string; an unparsable one is kept as the raw string. */
export function parseToolInput(input: string): unknown {
  if (input.trim() === '') return {}
  try {
    return JSON.parse(input)
  } catch {
    return input
  }
}
