import type { StoredMessage } from '../../messages/types.ts'
import type { LanguageModelPrompt } from '../types.ts'
import { rewriteMessageParts, type ReasoningStripPredicate } from './compiler/rewrite-message-parts.ts'

export type { ReasoningStripPredicate }

/**
 * Removes the assistant `reasoning` parts that `shouldStrip` selects; returns a
 * new prompt, or undefined when nothing was removed. Built for long prompts:
 * one allocation-free scan when nothing matches; otherwise only the prompt
 * array and the touched messages are copied (untouched messages keep their
 * identity) and the input is never mutated (compiler/rewrite-message-parts.ts).
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
  // with no rename, the pass never gives up
  const next = rewriteMessageParts(prompt, shouldStrip, undefined, undefined, false)
  return next === prompt ? undefined : next
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
