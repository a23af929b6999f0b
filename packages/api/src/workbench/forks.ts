// Where an edit, a regenerate or a compare column runs: a new branch of the
// thread cut just before the user message it replaces (or at the end, for a
// compare), so the original thread is never touched. A cut before the very
// first message has nothing to share: that turn runs on a new empty thread of
// the same resource.
import { InvalidInputError, messageParts, MessageNotFoundError, type Memory, type MessagePart, type StoredMessage, type StoredThread } from '@threadline/engine'

export type WorkbenchForkKind = 'edit' | 'regenerate' | 'compare'

export type Fork = { thread: StoredThread; branchPointMessageId: string | null }

export async function forkThread(
  memory: Memory,
  source: StoredThread,
  branchPointMessageId: string | null,
  info: { kind: WorkbenchForkKind; title: string; model: string; sourceMessageId?: string; comparisonId?: string },
): Promise<Fork> {
  const metadata = {
    workbench: {
      kind: info.kind,
      model: info.model,
      ...(info.sourceMessageId ? { sourceMessageId: info.sourceMessageId } : {}),
      ...(info.comparisonId ? { comparisonId: info.comparisonId } : {}),
    },
  }
  if (branchPointMessageId === null) {
    const thread = await memory.createThread({ resourceId: source.resourceId, title: info.title, metadata: { ...metadata, startedFrom: source.id } })
    return { thread, branchPointMessageId: null }
  }
  const { thread } = await memory.branchThread({ sourceThreadId: source.id, branchPointMessageId, title: info.title, metadata })
  return { thread, branchPointMessageId }
}

export type ReplacedTurn = {
  /** the user message the fork replaces */
  userMessage: StoredMessage
  /** the message the fork is cut after (null: the user message is the thread's first) */
  branchPointMessageId: string | null
}

/**
 * The user message to replace: `messageId` itself for an edit (a user
 * message), the closest user message before it for a regenerate (an assistant
 * message), with the message before that user message as the cut.
 */
export async function replacedTurn(memory: Memory, thread: StoredThread, messageId: string, kind: 'edit' | 'regenerate'): Promise<ReplacedTurn> {
  const messages = await memory.listMessages({ threadId: thread.id })
  const index = messages.findIndex((message) => message.id === messageId)
  const target = messages[index]
  if (!target) throw new MessageNotFoundError([messageId], { field: 'messageId' })
  const expected = kind === 'edit' ? 'user' : 'assistant'
  if (target.role !== expected)
    throw new InvalidInputError(
      'messageId',
      `${kind === 'edit' ? 'Edit' : 'Regenerate'} takes ${expected === 'user' ? 'a user' : 'an assistant'} message; "${messageId}" is a ${target.role} message`,
    )
  const userIndex = kind === 'edit' ? index : messages.slice(0, index).findLastIndex((message) => message.role === 'user')
  const userMessage = messages[userIndex]
  if (!userMessage)
    throw new InvalidInputError('messageId', `No user message comes before assistant message "${messageId}": there is nothing to regenerate from`)
  return { userMessage, branchPointMessageId: messages[userIndex - 1]?.id ?? null }
}

/** The parts a regenerate sends again: the user message's own parts (text and files). */
export function resendableParts(message: StoredMessage): MessagePart[] {
  return messageParts(message).filter((part) => part.type === 'text' || part.type === 'file')
}
