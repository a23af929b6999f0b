import type { StoredMessage } from '@threadline/engine'

/**
 * The messages around a match, from the search's context (matches with their
 * neighbours, in conversation order): the ones right before and after it in
 * the same thread.
 */
export function neighboursOf(match: StoredMessage, context: readonly StoredMessage[], around = 1): { before: StoredMessage[]; after: StoredMessage[] } {
  const sameThread = context.filter((message) => message.threadId === match.threadId)
  const index = sameThread.findIndex((message) => message.id === match.id)
  if (index === -1) return { before: [], after: [] }
  return { before: sameThread.slice(Math.max(0, index - around), index), after: sameThread.slice(index + 1, index + 1 + around) }
}
