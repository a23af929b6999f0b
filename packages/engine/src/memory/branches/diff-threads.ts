import type { StoredMessage } from '../../messages/types.ts'
import type { MemoryStorage } from '../../storage/types.ts'
import { isClone } from '../clone-metadata.ts'

/** What `Memory.diffThreads(a, b)` returns. */
export type ThreadDiff = {
  threadIdA: string
  threadIdB: string
  /**
   * The last message both effective histories have (the fork point), as its
   * id in each: the same row for branches of one lineage, a message and its
   * copy across a clone. null for unrelated threads.
   */
  commonAncestor: { messageIdA: string; messageIdB: string } | null
  /** how many messages the two histories have in common */
  commonMessageCount: number
  /** messages of `a`'s effective history that `b`'s has not, in `a`'s order (as `a` reads them, overrides applied) */
  onlyInA: StoredMessage[]
  /** the same for `b` */
  onlyInB: StoredMessage[]
  /** true when copies were paired too (a clone in either lineage): a copy keeps createdAt, role and content */
  matchedCopies: boolean
}

/** Whether a clone link is in either thread's lineage (branches and clones, one model), so copies must be paired with their originals. */
async function hasCloneLineage(storage: MemoryStorage, threadIds: string[]): Promise<boolean> {
  const lineages = await Promise.all(threadIds.map((id) => storage.getLineage(id)))
  return lineages.some((lineage) => lineage.some(isClone))
}

/** The diff, computed by the storage in SQL (histories of any size stay in the database). */
export async function diffThreads(storage: MemoryStorage, threadIdA: string, threadIdB: string): Promise<ThreadDiff> {
  const matchCopies = await hasCloneLineage(storage, [threadIdA, threadIdB])
  const diff = await storage.diffThreadHistories({ threadIdA, threadIdB, matchCopies })
  return {
    threadIdA,
    threadIdB,
    commonAncestor: diff.lastCommon,
    commonMessageCount: diff.commonCount,
    onlyInA: diff.onlyInA,
    onlyInB: diff.onlyInB,
    matchedCopies: matchCopies,
  }
}
