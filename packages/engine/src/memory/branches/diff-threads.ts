import type { StoredMessage } from '../../messages/types.ts'
import type { CommonMessage } from '../../storage/branch-operations.ts'
import type { MemoryStorage } from '../../storage/types.ts'
import { isClone } from '../clone-metadata.ts'
import type { DiffThreadsOptions } from './branch-operation-schemas.ts'

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
  /**
   * The first message both histories have (positions 1-based): where the
   * shared stretch begins. Position 1 on both sides for branches and whole
   * clones; a clone of messages 3-8 shares from the source's #3 (its own #1).
   */
  firstCommon: CommonMessage | null
  /**
   * How many of `onlyInA` lie BEFORE the common point rather than after it
   * (what the other side left out: a partial clone's uncopied messages, the
   * gaps of a hand-picked one). They come first in `onlyInA`'s order.
   */
  onlyInABeforeCommonCount: number
  onlyInBBeforeCommonCount: number
  /**
   * messages of `a`'s effective history that `b`'s has not, in `a`'s order (as
   * `a` reads them, overrides applied): all of them, or the page the options ask for
   */
  onlyInA: StoredMessage[]
  /** the same for `b` */
  onlyInB: StoredMessage[]
  /** every message only in `a`, whatever page `onlyInA` is */
  onlyInACount: number
  onlyInBCount: number
  /** where `a`'s next page starts (give it back as `afterA`); null when `onlyInA` ends `a`'s side */
  nextAfterA: number | null
  nextAfterB: number | null
  /** true when copies were paired too (a clone in either lineage): a copy keeps createdAt, role and content */
  matchedCopies: boolean
}

/** Whether a clone link is in either thread's lineage (branches and clones, one model), so copies must be paired with their originals. */
async function hasCloneLineage(storage: MemoryStorage, threadIds: string[]): Promise<boolean> {
  const lineages = await Promise.all(threadIds.map((id) => storage.getLineage(id)))
  return lineages.some((lineage) => lineage.some(isClone))
}

/**
 * The diff, computed by the storage in SQL (histories of any size stay in the
 * database). Without a `limit` every message of each side comes back: the
 * engine leaves the cap to its caller (the API pages it).
 */
export async function diffThreads(storage: MemoryStorage, threadIdA: string, threadIdB: string, options: DiffThreadsOptions = {}): Promise<ThreadDiff> {
  const matchCopies = await hasCloneLineage(storage, [threadIdA, threadIdB])
  const { lastCommon, commonCount, ...sides } = await storage.diffThreadHistories({ threadIdA, threadIdB, matchCopies, ...options })
  return { threadIdA, threadIdB, commonAncestor: lastCommon, commonMessageCount: commonCount, ...sides, matchedCopies: matchCopies }
}
