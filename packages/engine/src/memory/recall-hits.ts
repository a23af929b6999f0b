import type { StoredMessage } from '../messages/types.ts'
import type { MemoryStorage } from '../storage/types.ts'
import type { RankedMatch } from './fusion.ts'

/** Where else a collapsed hit appears: a clone's copy of the same message. */
export type HitCopy = { messageId: string; threadId: string; threadTitle: string }

/**
 * One search result as a person reads it: the message, its thread's title, its
 * real conversation neighbours (its own thread, by (createdAt, id)) and the
 * clones' copies of it that matched too.
 */
export type RecallHit = {
  score: number
  message: StoredMessage
  threadTitle: string
  before: StoredMessage[]
  after: StoredMessage[]
  alsoIn: HitCopy[]
}

/**
 * A clone copies messages unchanged with new ids (same createdAt, role and
 * content, the rule diffThreads pairs copies by), so equal keys are one message.
 */
function copyKey(message: StoredMessage): string {
  return `${message.createdAt.toISOString()}\u0000${message.role}\u0000${JSON.stringify(message.content)}`
}

/** `messages` of one thread, in (createdAt, id) order: the `count` right before / after `anchor`. */
function around(messages: StoredMessage[], anchor: StoredMessage, count: { before: number; after: number }) {
  const index = messages.findIndex((message) => message.id === anchor.id)
  return { before: messages.slice(Math.max(0, index - count.before), index), after: messages.slice(index + 1, index + 1 + count.after) }
}

/**
 * The matches as hits, best first: copies of one message collapsed into the
 * best-scored one (`alsoIn` lists the others), neighbours read in ONE query
 * (`threadId`: in that thread's effective history, as thread-scoped recall reads it).
 */
export async function describeHits(
  storage: MemoryStorage,
  matches: RankedMatch[],
  range: { before: number; after: number; threadId?: string },
): Promise<RecallHit[]> {
  if (matches.length === 0) return []
  const found = new Map((await storage.getMessagesByIds(matches.map((match) => match.messageId))).map((message) => [message.id, message]))
  const groups = new Map<string, { match: RankedMatch; message: StoredMessage; copies: StoredMessage[] }>()
  for (const match of matches) {
    const message = found.get(match.messageId)
    if (message === undefined) continue
    const key = copyKey(message)
    const group = groups.get(key)
    if (group) group.copies.push(message)
    else groups.set(key, { match, message, copies: [] })
  }
  const hits = [...groups.values()]
  const [context, threads] = await Promise.all([
    storage.listMessagesAround({
      messageIds: hits.map((hit) => hit.message.id),
      before: range.before,
      after: range.after,
      ...(range.threadId === undefined ? {} : { threadId: range.threadId }),
    }),
    storage.getThreadsByIds([...new Set(hits.flatMap((hit) => [hit.message.threadId, ...hit.copies.map((copy) => copy.threadId)]))]),
  ])
  const titles = new Map(threads.map((thread) => [thread.id, thread.title]))
  // a match read in a thread's effective history may be inherited: its neighbours are the thread's, whoever owns them
  const sameConversation = (message: StoredMessage, hit: StoredMessage) => range.threadId !== undefined || message.threadId === hit.threadId
  return hits.map(({ match, message, copies }) => ({
    score: match.score,
    message,
    threadTitle: titles.get(message.threadId) ?? '',
    ...around(
      context.filter((other) => sameConversation(other, message)),
      message,
      range,
    ),
    alsoIn: copies.map((copy) => ({ messageId: copy.id, threadId: copy.threadId, threadTitle: titles.get(copy.threadId) ?? '' })),
  }))
}
