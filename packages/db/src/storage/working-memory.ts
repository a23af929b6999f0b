// Working memory in both scopes. Resource rows are created lazily, the first
// time a resource's working memory is written (threads do not need them).
import { ThreadNotFoundError, type WorkingMemoryKey } from '@threadline/engine'
import { atomically, type StorageContext } from './context.ts'

export async function getWorkingMemory(ctx: StorageContext, key: WorkingMemoryKey): Promise<string | null> {
  if (key.scope === 'thread') {
    const row = await ctx.db.threadWorkingMemory.findUnique({ where: { threadId: key.threadId }, select: { text: true } })
    return row?.text ?? null
  }
  const row = await ctx.db.resource.findUnique({ where: { id: key.resourceId }, select: { workingMemory: true } })
  return row?.workingMemory ?? null
}

/** Thread scope needs an existing thread (its resource is taken from the thread unless given). */
export async function setWorkingMemory(ctx: StorageContext, key: WorkingMemoryKey & { resourceId?: string }, value: string): Promise<void> {
  if (key.scope === 'resource') {
    await ctx.db.resource.upsert({
      where: { id: key.resourceId },
      create: { id: key.resourceId, workingMemory: value },
      update: { workingMemory: value },
    })
    return
  }
  await atomically(ctx, async (tx) => {
    const thread = await tx.db.thread.findUnique({ where: { id: key.threadId }, select: { resourceId: true } })
    if (!thread) throw new ThreadNotFoundError(key.threadId)
    await tx.db.threadWorkingMemory.upsert({
      where: { threadId: key.threadId },
      create: { threadId: key.threadId, resourceId: key.resourceId ?? thread.resourceId, text: value },
      update: { text: value },
    })
  })
}
