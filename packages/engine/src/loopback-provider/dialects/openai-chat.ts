// OpenAI Chat Completions. Strict: OpenAI's 400s for a tool-call id over 40
// characters and for a tool call no tool message answers. Also the dialect of
// an OpenAI-compatible server the loopback does not know by name.
import { openaiChatOrphanToolCallError, openaiChatToolIdTooLongError } from '../provider-error-presets.ts'
import { chatCompletionsDialect, toolCallIds, unansweredToolCalls, type ChatCompletionsCheck } from './chat-completions.ts'

const OPENAI_TOOL_ID_MAX_LENGTH = 40

const openaiToolIdTooLong: ChatCompletionsCheck = ({ messages }) => {
  for (const [messageIndex, message] of messages.entries()) {
    for (const [callIndex, id] of toolCallIds(message).entries()) {
      if (id.length > OPENAI_TOOL_ID_MAX_LENGTH) return openaiChatToolIdTooLongError(messageIndex, callIndex, id.length)
    }
  }
  return undefined
}

const openaiOrphanToolCalls: ChatCompletionsCheck = ({ messages }) => {
  const orphans = unansweredToolCalls(messages)
  return orphans && openaiChatOrphanToolCallError(orphans.ids, orphans.nextMessageIndex)
}

export const openaiChatDialect = chatCompletionsDialect({ reasoningField: 'reasoning_content', strictChecks: [openaiToolIdTooLong, openaiOrphanToolCalls] })
