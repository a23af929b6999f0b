import type { LanguageModelV3ToolCallPart } from '@ai-sdk/provider'
import type { LanguageModelPrompt } from '../../types.ts'

/** A call the client answers (provider-executed calls are answered inside the assistant message itself). */
export function isClientToolCall(part: LanguageModelPrompt[number]['content'][number]): part is LanguageModelV3ToolCallPart {
  return typeof part === 'object' && part.type === 'tool-call' && part.providerExecuted !== true
}
