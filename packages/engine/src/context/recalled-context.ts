// Recalled messages as the model sees them: one marked block in the system
// prompt, never spliced into the conversation. A recall window may start or
// end between a tool call and its result, may come from another thread, and
// must not be read as what was just said: as text in a marked block it is
// valid for every provider and unmistakably recalled context.
import { messageParts } from '../messages/tool-invocations.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { RankedMatch } from '../memory/recall.ts'

const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value))

/** A message as one line of text: its text parts and its tool calls with their results (reasoning and files left out). */
export function recalledMessageLine(message: StoredMessage): string {
  const pieces = messageParts(message).flatMap((part): string[] => {
    if (part.type === 'text') return [part.text]
    if (part.type === 'tool-invocation') {
      const { toolName, args, state } = part.toolInvocation
      const result = state === 'result' ? ` -> ${json(part.toolInvocation.result)}` : ''
      return [`[tool ${toolName}(${json(args)})${result}]`]
    }
    return []
  })
  const text = pieces.length > 0 ? pieces.join(' ') : (message.content.content ?? '')
  return `[${message.createdAt.toISOString()}] ${message.role}: ${text.replace(/\s*\n\s*/g, ' ')}`
}

const OPEN = '<recalled_messages>'
const CLOSE = '</recalled_messages>'
const PREAMBLE =
  'Earlier messages recalled by relevance to the new message, with their neighbours, oldest first. They are not the recent conversation: there may be gaps between them.'

/** The block's text around its lines: what a recalled block costs besides its messages. */
export function recalledBlockFrame(): string {
  return `${OPEN}\n${PREAMBLE}\n${CLOSE}`
}

/**
 * The recalled messages (in conversation order, grouped by thread) as the
 * marked block, or null when there are none. Messages not of `thisConversation`
 * are headed as another conversation, with their thread.
 */
export function recalledBlock(messages: StoredMessage[], thisConversation: (message: StoredMessage) => boolean): string | null {
  if (messages.length === 0) return null
  const lines: string[] = [OPEN, PREAMBLE]
  let heading: string | undefined
  for (const message of messages) {
    const next = thisConversation(message) ? '--- from this conversation' : `--- from another conversation (thread ${message.threadId})`
    if (next !== heading) lines.push(next)
    heading = next
    lines.push(recalledMessageLine(message))
  }
  lines.push(CLOSE)
  return lines.join('\n')
}

/**
 * Each recalled message's rank: the best (lowest) rank of a match it is, or is
 * a neighbour of (within `range` places in its thread's recalled run). Used to
 * drop the weakest match with its neighbours first.
 */
export function recallRanks(messages: StoredMessage[], matches: RankedMatch[], range: { before: number; after: number }): number[] {
  const rankOf = new Map(matches.map((match, rank) => [match.messageId, rank]))
  return messages.map((message, index) => {
    let best = matches.length
    for (const candidate of messages.slice(Math.max(0, index - range.after), index + range.before + 1)) {
      const rank = candidate.threadId === message.threadId ? rankOf.get(candidate.id) : undefined
      if (rank !== undefined && rank < best) best = rank
    }
    return best
  })
}
