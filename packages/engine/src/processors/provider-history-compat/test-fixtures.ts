// Builders for the provider-history-compat tests (not shipped in the index).
import type { LanguageModelV3ReasoningPart } from '@ai-sdk/provider'
import type { MessagePart, StoredMessage, ToolInvocation } from '../../messages/types.ts'
import type { LanguageModelPrompt } from '../types.ts'

let clock = Date.UTC(2025, 0, 1)

export function storedMessage(id: string, role: StoredMessage['role'], parts: MessagePart[], toolInvocations?: ToolInvocation[]): StoredMessage {
  clock += 1000
  return {
    id,
    threadId: 'thread-1',
    resourceId: 'user-1',
    role,
    createdAt: new Date(clock),
    type: 'v2',
    content: { format: 2, parts, ...(toolInvocations ? { toolInvocations } : {}) },
  }
}

export function toolResult(toolCallId: string, toolName = 'get_weather'): ToolInvocation {
  return { toolCallId, toolName, args: { city: 'Paris' }, state: 'result', result: { temperature: 21 } }
}

export function toolPart(toolCallId: string): MessagePart {
  return { type: 'tool-invocation', toolInvocation: toolResult(toolCallId) }
}

export const signedThinking: LanguageModelV3ReasoningPart = {
  type: 'reasoning',
  text: 'Anthropic thinking',
  providerOptions: { anthropic: { signature: 'sig-abc' } },
}
export const redactedThinking: LanguageModelV3ReasoningPart = {
  type: 'reasoning',
  text: '',
  providerOptions: { anthropic: { redactedData: 'opaque' } },
}
export const openaiReasoning: LanguageModelV3ReasoningPart = {
  type: 'reasoning',
  text: 'OpenAI reasoning summary',
  providerOptions: { openai: { itemId: 'rs_1' } },
}
export const bareReasoning: LanguageModelV3ReasoningPart = { type: 'reasoning', text: 'Cerebras reasoning' }

/** A conversation with reasoning from several providers and a tool round trip. */
export function mixedPrompt(): LanguageModelPrompt {
  return [
    { role: 'system', content: 'You are helpful.' },
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
    {
      role: 'assistant',
      content: [
        openaiReasoning,
        { type: 'text', text: 'Let me check.' },
        { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: { city: 'Paris' } },
      ],
    },
    {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'get_weather', output: { type: 'json', value: { t: 21 } } }],
    },
    { role: 'assistant', content: [signedThinking, { type: 'text', text: 'It is 21 degrees.' }] },
    { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] },
    { role: 'assistant', content: [bareReasoning] },
    { role: 'user', content: [{ type: 'text', text: 'Hello?' }] },
    { role: 'assistant', content: [redactedThinking, { type: 'text', text: 'Also 21.' }] },
    { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
  ]
}

/** Freezes a value and everything in it, so a test fails loudly if code mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}
