// Tenant scope checks shared by the routers.
import { ThreadNotFoundError, type StoredThread } from '@threadline/engine'
import { canAccessResource, type Caller } from './auth/caller.ts'
import { resourceForbidden } from './errors.ts'
import type { Services } from './services.ts'

/**
 * The thread when it exists AND the caller may see its resource; otherwise
 * the same NOT_FOUND either way, so a token never learns that another
 * tenant's thread exists.
 */
export async function threadInScope(services: Services, caller: Caller, threadId: string): Promise<StoredThread> {
  const thread = await services.memory.getThreadById({ threadId })
  if (thread === null || !canAccessResource(caller, thread.resourceId)) throw new ThreadNotFoundError(threadId)
  return thread
}

/** A resource the caller names must be one of its own (FORBIDDEN: its own scope is no secret to it). */
export function requireResource(caller: Caller, resourceId: string): void {
  if (!canAccessResource(caller, resourceId)) throw resourceForbidden(resourceId)
}
