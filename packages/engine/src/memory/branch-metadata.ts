import { z } from 'zod'
import type { StoredThread } from '../storage/types.ts'
import { withCloneDates } from './clone-metadata.ts'

/** `thread.metadata.branch`, written when a branch is created (docs/spec/branch-thread.md). */
export type BranchMetadata = {
  sourceThreadId: string
  /** the inclusive cutoff: the last inherited message */
  branchPointMessageId: string
  branchedAt: Date
}

// Stored as JSON, so `branchedAt` comes back as an ISO string.
const storedBranchMetadataSchema = z.object({
  sourceThreadId: z.string().min(1),
  branchPointMessageId: z.string().min(1),
  branchedAt: z.union([z.date(), z.string()]).transform((value) => new Date(value)),
})

/** The branch metadata of a thread, or null when it is not a branch (or the metadata is malformed). */
export function getBranchMetadata(thread: Pick<StoredThread, 'metadata'>): BranchMetadata | null {
  const parsed = storedBranchMetadataSchema.safeParse(thread.metadata.branch)
  if (!parsed.success || Number.isNaN(parsed.data.branchedAt.getTime())) return null
  const { sourceThreadId, branchPointMessageId, branchedAt } = parsed.data
  return { sourceThreadId, branchPointMessageId, branchedAt }
}

/** True when the thread is a branch (its branch link; metadata for a thread read without the columns); false for null / undefined. */
export function isBranch(thread: (Pick<StoredThread, 'metadata'> & { branch?: StoredThread['branch'] | undefined }) | null | undefined): boolean {
  if (thread === null || thread === undefined) return false
  return (thread.branch !== undefined && thread.branch !== null) || getBranchMetadata(thread) !== null
}

/**
 * The thread as Memory returns it: `metadata.clone.clonedAt` and
 * `metadata.branch.branchedAt` as Dates (storage keeps JSON, where they are strings).
 */
export function withLineageDates<Thread extends StoredThread>(thread: Thread): Thread {
  const dated = withCloneDates(thread)
  const branch = getBranchMetadata(dated)
  return branch === null ? dated : { ...dated, metadata: { ...dated.metadata, branch } }
}
