import type { StoredMessage } from '../../messages/types.ts'

/**
 * The processors' repaired messages split by who owns them: the thread's own
 * rows are replaced as before; the messages it inherits (whose `threadId` is
 * an ancestor's) become copy-on-write overrides of this thread.
 */
export function splitRepairedMessages(threadId: string, messages: StoredMessage[]): { own: StoredMessage[]; inherited: StoredMessage[] } {
  return {
    own: messages.filter((message) => message.threadId === threadId),
    inherited: messages.filter((message) => message.threadId !== threadId),
  }
}
