import type { MemoryStorage } from '../storage/types.ts'
import type { DerivedMemoryMode } from './branch-options.ts'

// PLACEHOLDER of the core stream, to be REPLACED by the derived-memory stream
// (i-memory), which owns this file: versioned working memory and
// observational memory as of the branch point. Until then 'as-of-branch-point'
// behaves as 'current' (today's thread-scoped WM and current OM generation are
// copied) and `asOf` / `visibleMessageIds` are not used.

export type DeriveThreadMemoryArgs = {
  sourceThreadId: string
  targetThreadId: string
  resourceId: string
  mode: DerivedMemoryMode
  /** the branch point's createdAt (as-of mode) */
  asOf: Date | null
  /** which of these message ids the target sees (to drop observations past the cutoff) */
  visibleMessageIds: ((ids: string[]) => Promise<Set<string>>) | null
}

/** Gives the target thread its thread-scoped working and observational memory derived from the source's; resource scope is shared, untouched. */
export async function deriveThreadMemory(tx: { storage: MemoryStorage }, args: DeriveThreadMemoryArgs): Promise<void> {
  if (args.mode === 'empty') return
  const { storage } = tx
  const workingMemory = await storage.getWorkingMemory({ scope: 'thread', threadId: args.sourceThreadId })
  if (workingMemory !== null) {
    await storage.setWorkingMemory({ scope: 'thread', threadId: args.targetThreadId, resourceId: args.resourceId }, workingMemory)
  }
  const current = await storage.getObservationalMemory({ scope: 'thread', threadId: args.sourceThreadId })
  if (current !== null) {
    const { id: _id, generation: _generation, createdAt: _createdAt, updatedAt: _updatedAt, ...content } = current
    await storage.insertObservationalMemory({ ...content, scope: 'thread', resourceId: args.resourceId, threadId: args.targetThreadId })
  }
}
