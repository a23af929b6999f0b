// DeepSeek (Chat Completions, @ai-sdk/deepseek). Reasoning travels in
// `reasoning_content` both ways. Strict, as DeepSeek documents and answers:
// - thinking mode (deepseek-reasoner, the V4 models): an assistant turn that
//   called tools must come back with its `reasoning_content`
//   (https://api-docs.deepseek.com/guides/thinking_mode#tool-calls);
// - every tool call must be answered by the tool messages right after it.
import { deepseekOrphanToolCall, deepseekReasoningContentMissing } from '../provider-error-presets.ts'
import { chatCompletionsDialect, toolCallIds, unansweredToolCalls, type ChatCompletionsCheck } from './chat-completions.ts'

const THINKING_MODEL = /reasoner|v4/i

const deepseekReasoningPassedBack: ChatCompletionsCheck = ({ model, messages }) => {
  if (!THINKING_MODEL.test(model)) return undefined
  const missing = messages.some((message) => message.role === 'assistant' && toolCallIds(message).length > 0 && typeof message.reasoning_content !== 'string')
  return missing ? deepseekReasoningContentMissing : undefined
}

const deepseekOrphanToolCalls: ChatCompletionsCheck = ({ messages }) => (unansweredToolCalls(messages) ? deepseekOrphanToolCall : undefined)

export const deepseekDialect = chatCompletionsDialect({
  reasoningField: 'reasoning_content',
  strictChecks: [deepseekOrphanToolCalls, deepseekReasoningPassedBack],
})
