// Call/result pairing as every profile requires it: the tool calls of an
// assistant message are answered, each once, by the tool message(s) right
// after it, and every tool result answers such a call. The compiler checks it
// after each custom rule that changed the prompt.
import type { LanguageModelV3ToolResultPart } from '@ai-sdk/provider'
import type { LanguageModelPrompt } from '../../types.ts'
import { isClientToolCall } from './client-tool-call.ts'
import { MAY_BE_UNPAIRED, promptFacts } from './prompt-facts.ts'

// Indexed loops and no sets: the check runs after every custom rule that changed a long prompt.
/* eslint-disable @typescript-eslint/prefer-for-of */

/** Whether the assistant message at `index` holds the client call `toolCallId`. */
export function callsTool(prompt: LanguageModelPrompt, index: number, toolCallId: string): boolean {
  const message = prompt[index]
  if (message?.role !== 'assistant') return false
  const content = message.content
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const part = content[partIndex]
    if (part !== undefined && isClientToolCall(part) && part.toolCallId === toolCallId) return true
  }
  return false
}

/** How many results in the tool messages from `from` on (up to the next other message) answer `toolCallId`. */
export function answers(prompt: LanguageModelPrompt, from: number, toolCallId: string): number {
  let count = 0
  for (let index = from; index < prompt.length; index++) {
    const message = prompt[index]
    if (message?.role !== 'tool') break
    const content = message.content
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex]
      if (part?.type === 'tool-result' && part.toolCallId === toolCallId) count++
    }
  }
  return count
}

/** What is wrong with the pairing, in words, or undefined when every call and result are paired. */
export function toolPairingIssue(prompt: LanguageModelPrompt): string | undefined {
  // the usual prompt, results in their calls' order, is proven paired in one scan; the search below names what is wrong
  if ((promptFacts(prompt) & MAY_BE_UNPAIRED) === 0) return undefined
  let lastAssistant = -1
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index]
    if (message === undefined) continue
    if (message.role === 'tool') {
      const content = message.content
      for (let partIndex = 0; partIndex < content.length; partIndex++) {
        const part = content[partIndex]
        if (part?.type === 'tool-result' && !callsTool(prompt, lastAssistant, part.toolCallId))
          return `message ${index}: tool result "${part.toolCallId}" answers no call of the assistant message before it`
      }
      continue
    }
    lastAssistant = message.role === 'assistant' ? index : -1
    if (message.role !== 'assistant') continue
    const content = message.content
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex]
      if (part === undefined || !isClientToolCall(part)) continue
      const count = answers(prompt, index + 1, part.toolCallId)
      if (count !== 1)
        return `message ${index}: tool call "${part.toolCallId}" has ${count === 0 ? 'no result' : `${count} results`} in the tool message after it`
    }
  }
  return undefined
}

/** The text the model reads for a call that never got its result. */
export const CANCELLED_TOOL_RESULT_TEXT = 'Cancelled: this tool call was never answered (the turn was stopped, or the history was cut before its result).'

/** The synthetic result an unanswered call gets on the wire (never stored). */
export function cancelledToolResult(call: { toolCallId: string; toolName: string }): LanguageModelV3ToolResultPart {
  return { type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output: { type: 'error-text', value: CANCELLED_TOOL_RESULT_TEXT } }
}
