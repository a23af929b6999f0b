// Cerebras (Chat Completions). Strict: Cerebras' 400 for an assistant
// `reasoning_content` (@ai-sdk/cerebras sends reasoning as `reasoning`, which
// it takes; an OpenAI-compatible client sends `reasoning_content`).
import { cerebrasReasoningContentUnsupportedError } from '../provider-error-presets.ts'
import { chatCompletionsDialect, type ChatCompletionsCheck } from './chat-completions.ts'

const cerebrasReasoningContent: ChatCompletionsCheck = ({ messages }) => {
  const index = messages.findIndex((message) => message.role === 'assistant' && message.reasoning_content !== undefined)
  return index === -1 ? undefined : cerebrasReasoningContentUnsupportedError(index)
}

export const cerebrasDialect = chatCompletionsDialect({ reasoningField: 'reasoning_content', strictChecks: [cerebrasReasoningContent] })
