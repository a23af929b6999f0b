import type { LanguageModelPrompt } from '../processors/types.ts'
import type { PromptChange } from './call-events.ts'

const partCount = (prompt: LanguageModelPrompt): number =>
  prompt.reduce((sum, message) => sum + (typeof message.content === 'string' ? 1 : message.content.length), 0)

/**
 * What a rule changed, by identity: the rules copy only the messages they
 * touch (stripAssistantReasoning keeps the others), so the messages of one
 * side missing from the other are the diff.
 */
export function promptChange(before: LanguageModelPrompt, after: LanguageModelPrompt): PromptChange {
  const kept = new Set<unknown>(after)
  const original = new Set<unknown>(before)
  const removed = before.filter((message) => !kept.has(message))
  return {
    messagesChanged: removed.length,
    partsRemoved: partCount(before) - partCount(after),
    before: removed,
    after: after.filter((message) => !original.has(message)),
  }
}
