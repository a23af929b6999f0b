import type { LanguageModelV3ReasoningPart } from '@ai-sdk/provider'
import type { StoredMessage } from '../../messages/types.ts'
import type { LanguageModelPrompt } from '../types.ts'
import { messageWithContent } from './compiler/message-with-content.ts'

type PromptMessage = LanguageModelPrompt[number]
type AssistantContent = Extract<PromptMessage, { role: 'assistant' }>['content']

/** Selects the reasoning parts to strip; `messageIndex` / `partIndex` locate the part in the input prompt. */
export type ReasoningStripPredicate = (part: LanguageModelV3ReasoningPart, messageIndex: number, partIndex: number) => boolean

/**
 * Removes the assistant `reasoning` parts that `shouldStrip` selects; returns a
 * new prompt, or undefined when nothing was removed. Built for long prompts:
 * one allocation-free scan when nothing matches; otherwise only the prompt
 * array and the touched messages are copied (untouched messages keep their
 * identity) and the input is never mutated.
 *
 * An assistant message left with no parts is DROPPED rather than kept empty:
 * Anthropic rejects empty content on non-final assistant messages, and some
 * OpenAI-compatible servers reject an assistant message with neither content
 * nor tool_calls (the serializer would send `content: ""`). Dropping it leaves
 * neighbouring user/tool messages adjacent, which both accept: @ai-sdk/anthropic
 * merges adjacent user/tool messages into one user turn, and OpenAI-style chat
 * APIs take consecutive user messages. A reasoning-only message carried no
 * answer text or tool call, so nothing the model needs is lost.
 */
export function stripAssistantReasoning(prompt: LanguageModelPrompt, shouldStrip: ReasoningStripPredicate): LanguageModelPrompt | undefined {
  // Indexed loops and no per-message closure: this scan runs on every call and must allocate nothing.
  // Copied at full length at the first change and compacted in place (`kept` messages so far): pushing onto a slice grew it by copying.
  let next: PromptMessage[] | undefined
  let kept = 0
  for (let i = 0; i < prompt.length; i++) {
    const message = prompt[i]
    if (message === undefined) continue
    const content = message.role === 'assistant' ? keptContent(message.content, shouldStrip, i) : undefined
    if (content === undefined) {
      if (next !== undefined) next[kept++] = message
      continue
    }
    if (next === undefined) {
      next = prompt.slice()
      kept = i
    }
    if (content.length > 0) next[kept++] = messageWithContent(message, content)
  }
  if (next !== undefined) next.length = kept
  return next
}

/** Message `messageIndex`'s content without the stripped parts, or undefined when no part is stripped (no copy then). */
function keptContent(content: AssistantContent, shouldStrip: ReasoningStripPredicate, messageIndex: number): AssistantContent | undefined {
  // copied at full length at the first stripped part and compacted in place: a slice pushed onto grew to 17 slots
  let kept: AssistantContent | undefined
  let count = 0
  for (let j = 0; j < content.length; j++) {
    const part = content[j]
    if (part === undefined) continue
    if (part.type === 'reasoning' && shouldStrip(part, messageIndex, j)) {
      if (kept === undefined) {
        kept = content.slice()
        count = j
      }
    } else if (kept !== undefined) kept[count++] = part
  }
  if (kept !== undefined) kept.length = count
  return kept
}

/** Selects every part: a target that takes no reasoning at all (Cerebras before the call, Groq after its 400). */
export const everyReasoningPart = (): boolean => true

/** Selects the stored reasoning parts to remove: `ordinal` counts the reasoning parts of stored message `messageIndex` (0 for its first). */
export type StoredReasoningPredicate = (messageIndex: number, ordinal: number) => boolean

/**
 * The reactive counterpart of stripAssistantReasoning: removes, IN PLACE, the
 * reasoning parts of stored assistant messages that `shouldRemove` selects
 * (a reactive repair is stored). Returns true when a part was removed.
 */
export function removeStoredReasoning(messages: StoredMessage[], shouldRemove: StoredReasoningPredicate): boolean {
  let changed = false
  for (const [messageIndex, message] of messages.entries()) {
    if (message.role !== 'assistant') continue
    let ordinal = 0
    const parts = message.content.parts.filter((part) => part.type !== 'reasoning' || !shouldRemove(messageIndex, ordinal++))
    if (parts.length === message.content.parts.length) continue
    message.content.parts = parts
    changed = true
  }
  return changed
}
