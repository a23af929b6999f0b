import { InvalidInputError, ThreadNotFoundError } from '../errors/index.ts'
import type { MemoryStorage } from '../storage/types.ts'

/**
 * Whose working or observational memory a call is about: a thread (thread
 * scope: its own; resource scope: its resource's, or `resourceId`'s when
 * given) or, in resource scope, a resource named directly.
 */
export type MemoryTarget = { threadId: string; resourceId?: string } | { threadId?: undefined; resourceId: string }

/** Where a scope's memory is stored; fits both WorkingMemoryKey and ObservationalMemoryKey. */
export type MemoryKey = { scope: 'thread'; threadId: string; resourceId: string } | { scope: 'resource'; resourceId: string }

/**
 * The key of `scope` for a target. `checkThread`: look the thread up even when
 * a resource is named (observational memory always belongs to a known thread's
 * context; working memory of a named resource needs no thread).
 */
export async function resolveMemoryKey(
  storage: MemoryStorage,
  scope: 'thread' | 'resource',
  target: { threadId?: string | undefined; resourceId?: string | undefined },
  checkThread: boolean,
): Promise<MemoryKey> {
  if (target.threadId === undefined) {
    if (scope === 'thread') throw new InvalidInputError('threadId', 'thread-scoped memory needs threadId')
    if (target.resourceId === undefined) throw new InvalidInputError('threadId', 'give threadId or resourceId')
    return { scope: 'resource', resourceId: target.resourceId }
  }
  if (scope === 'resource' && target.resourceId !== undefined && !checkThread) return { scope: 'resource', resourceId: target.resourceId }
  const thread = await storage.getThreadById(target.threadId)
  if (thread === null) throw new ThreadNotFoundError(target.threadId)
  return scope === 'thread'
    ? { scope: 'thread', threadId: thread.id, resourceId: thread.resourceId }
    : { scope: 'resource', resourceId: target.resourceId ?? thread.resourceId }
}
