// What a rule changed in a prompt, for the playground: per message, the parts
// it removed and added (compared by value), and messages removed or added.
import { isDeepStrictEqual } from 'node:util'
import type { LanguageModelPrompt } from '@threadline/engine'

type PromptMessage = LanguageModelPrompt[number]
type PromptPart = unknown

export type PromptMessageChange = {
  /** position of the message in the prompt before the rule ran */
  index: number
  role: PromptMessage['role']
  removedParts: PromptPart[]
  addedParts: PromptPart[]
  /** other changes to the message (its role, text of a system message, provider options) */
  otherChanges: boolean
}

export type PromptDiff = {
  messages: PromptMessageChange[]
  removedMessages: PromptMessage[]
  addedMessages: PromptMessage[]
}

function partsOf(message: PromptMessage): PromptPart[] {
  return typeof message.content === 'string' ? [] : [...message.content]
}

/** Items of `from` that have no equal in `to`, each `to` item matched at most once. */
function unmatched(from: PromptPart[], to: PromptPart[]): PromptPart[] {
  const available = [...to]
  return from.filter((item) => {
    const index = available.findIndex((candidate) => isDeepStrictEqual(candidate, item))
    if (index === -1) return true
    available.splice(index, 1)
    return false
  })
}

function messageChange(index: number, before: PromptMessage, after: PromptMessage): PromptMessageChange | null {
  if (isDeepStrictEqual(before, after)) return null
  const beforeParts = partsOf(before)
  const afterParts = partsOf(after)
  const { content: _beforeContent, ...beforeRest } = before
  const { content: _afterContent, ...afterRest } = after
  const textChanged = typeof before.content === 'string' || typeof after.content === 'string' ? before.content !== after.content : false
  return {
    index,
    role: before.role,
    removedParts: unmatched(beforeParts, afterParts),
    addedParts: unmatched(afterParts, beforeParts),
    otherChanges: textChanged || !isDeepStrictEqual(beforeRest, afterRest),
  }
}

/**
 * Messages are paired by position; when the rule changed the number of
 * messages, the extra ones at the end are reported as removed or added.
 */
export function diffPrompts(before: LanguageModelPrompt, after: LanguageModelPrompt): PromptDiff {
  const paired = Math.min(before.length, after.length)
  const messages: PromptMessageChange[] = []
  for (const [index, message] of before.slice(0, paired).entries()) {
    const next = after[index]
    const change = next && messageChange(index, message, next)
    if (change) messages.push(change)
  }
  return { messages, removedMessages: before.slice(paired), addedMessages: after.slice(paired) }
}
