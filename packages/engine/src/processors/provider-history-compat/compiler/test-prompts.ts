// Prompt builders for the compiler's rule tests (not shipped in the index).
import type { LanguageModelV3ToolCallPart, LanguageModelV3ToolResultPart } from '@ai-sdk/provider'
import type { LanguageModelPrompt } from '../../types.ts'

type PromptMessage = LanguageModelPrompt[number]

export const user = (text: string): PromptMessage => ({ role: 'user', content: [{ type: 'text', text }] })
export const assistantText = (text: string): PromptMessage => ({ role: 'assistant', content: [{ type: 'text', text }] })

export function call(
  toolCallId: string,
  toolName = 'get_weather',
  providerOptions?: LanguageModelV3ToolCallPart['providerOptions'],
): LanguageModelV3ToolCallPart {
  return { type: 'tool-call', toolCallId, toolName, input: { city: 'Paris' }, ...(providerOptions ? { providerOptions } : {}) }
}

export function result(toolCallId: string, toolName = 'get_weather'): LanguageModelV3ToolResultPart {
  return { type: 'tool-result', toolCallId, toolName, output: { type: 'json', value: { temperature: 21 } } }
}

export const calls = (...parts: LanguageModelV3ToolCallPart[]): PromptMessage => ({ role: 'assistant', content: parts })
export const results = (...parts: LanguageModelV3ToolResultPart[]): PromptMessage => ({ role: 'tool', content: parts })

/** Every tool-call and tool-result ID of a prompt, in order. */
export function toolIds(prompt: LanguageModelPrompt): string[] {
  return prompt.flatMap((message) =>
    message.role === 'assistant' || message.role === 'tool'
      ? message.content.flatMap((part) => (part.type === 'tool-call' || part.type === 'tool-result' ? [part.toolCallId] : []))
      : [],
  )
}
