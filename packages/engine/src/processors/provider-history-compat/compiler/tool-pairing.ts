// Call/result pairing as every profile requires it: the tool calls of an
// assistant message are answered, each once, by the tool message(s) right
// after it, and every tool result answers such a call. The compiler checks it
// after each rule that changed the prompt.
import type { LanguageModelV3ToolCallPart, LanguageModelV3ToolResultPart } from '@ai-sdk/provider'
import type { LanguageModelPrompt } from '../../types.ts'

type PromptMessage = LanguageModelPrompt[number]

/** A call the client answers (provider-executed calls are answered inside the assistant message itself). */
export function isClientToolCall(part: PromptMessage['content'][number]): part is LanguageModelV3ToolCallPart {
  return typeof part === 'object' && part.type === 'tool-call' && part.providerExecuted !== true
}

/** What is wrong with the pairing, in words, or undefined when every call and result are paired. */
export function toolPairingIssue(prompt: LanguageModelPrompt): string | undefined {
  let open: Set<string> | undefined
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index]
    if (message === undefined) continue
    if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue
        if (open?.delete(part.toolCallId) !== true)
          return `message ${index}: tool result "${part.toolCallId}" answers no call of the assistant message before it`
      }
      continue
    }
    if (open !== undefined && open.size > 0) return `message ${index}: tool call "${[...open][0] ?? ''}" has no result before it`
    open = undefined
    if (message.role !== 'assistant') continue
    for (const part of message.content) {
      if (isClientToolCall(part)) (open ??= new Set()).add(part.toolCallId)
    }
  }
  if (open !== undefined && open.size > 0) return `the last tool call "${[...open][0] ?? ''}" has no result`
  return undefined
}

/** The text the model reads for a call that never got its result. */
export const CANCELLED_TOOL_RESULT_TEXT = 'Cancelled: this tool call was never answered (the turn was stopped, or the history was cut before its result).'

/** The synthetic result an unanswered call gets on the wire (never stored). */
export function cancelledToolResult(call: { toolCallId: string; toolName: string }): LanguageModelV3ToolResultPart {
  return { type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output: { type: 'error-text', value: CANCELLED_TOOL_RESULT_TEXT } }
}
