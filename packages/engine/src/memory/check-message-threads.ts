// The threads a batch of messages is saved to, as the storage locked them:
// each must exist and be the caller's to write (else ThreadNotFoundError, the
// same answer either way), and each message must carry its thread's resource.
import { InvalidInputError, ThreadNotFoundError } from '../errors/index.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { StoredThread } from '../storage/types.ts'

export function checkMessageThreads(threads: StoredThread[], messages: StoredMessage[], visible: (thread: StoredThread) => boolean = () => true): void {
  const byId = new Map(threads.map((thread) => [thread.id, thread]))
  // every thread's existence and scope first: a resource mismatch is only reported on threads the caller may see
  for (const threadId of new Set(messages.map((message) => message.threadId))) {
    const thread = byId.get(threadId)
    if (thread === undefined || !visible(thread)) throw new ThreadNotFoundError(threadId)
  }
  messages.forEach((message, index) => {
    const thread = byId.get(message.threadId)
    if (thread !== undefined && thread.resourceId !== message.resourceId) {
      throw new InvalidInputError(`messages[${index}].resourceId`, `must be "${thread.resourceId}", the resource of thread "${thread.id}"`)
    }
  })
}
