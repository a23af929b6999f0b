import type { StoredMessage } from '../messages/types.ts'
import type { StoredThread } from './types.ts'

// The storage side of the branch operations that rewrite lineage
// (materialize, promote), the SQL diff of two effective histories and the
// copy-on-write overrides written by the processors' repair path. Part of
// MemoryStorage; each method is bulk SQL in ONE transaction (the caller's when
// it runs inside `transaction`).

/** What materializing one branch did. */
export type MaterializedBranch = {
  threadId: string
  /** inherited messages copied into the branch (new ids generated in SQL) */
  copiedMessageCount: number
  /** vectors copied with them (every embedding model; none for copies of overridden messages) */
  copiedVectorCount: number
  /** branches below it whose cutoff lay in the inherited part, re-pointed at the copies */
  repointedBranchThreadIds: string[]
  /**
   * Copies made from an override (their content differs from the original
   * row, so the original's vector was not copied): old id -> new id.
   */
  overriddenCopies: Record<string, string>
  /** of the input's `referencedMessageIds` for this branch, those copied: old id -> new id */
  referencedCopies: Record<string, string>
}

export type MaterializeBranchesInput = {
  /**
   * Branches to materialize together. None may be a branch-descendant of
   * another (deleteThread passes the direct branches of one thread).
   */
  threadIds: string[]
  materializedAt: Date
  /** per branch, message ids whose copies the caller needs (its observational memory names them); returned in `referencedCopies` */
  referencedMessageIds?: Record<string, string[]>
}

export type PromoteBranchInput = {
  branchThreadId: string
  /** id of the new branch of the source that receives the source's messages after the branch point */
  newBranchThreadId: string
  newBranchTitle: string
  /** metadata of the new branch (its `branch` key is written by the storage) */
  newBranchMetadata: Record<string, unknown>
  promotedAt: Date
}

export type PromotedBranch = {
  /** the source thread, now continuing along the promoted branch */
  thread: StoredThread
  /** the new branch holding the source's former continuation */
  newBranchThread: StoredThread
  /** messages that moved from the source to the new branch */
  movedToNewBranchCount: number
  /** the promoted branch's own messages, now the source's */
  movedToSourceCount: number
  /** branches of the source re-parented to the new branch */
  reparentedToNewBranch: string[]
  /** branches of the promoted branch re-parented to the source */
  reparentedToSource: string[]
  /** messages of the source whose stored content became the promoted branch's override (ids) */
  rewrittenMessageIds: string[]
}

/** A message both histories have, by its id in each and its 1-based position in each. */
export type CommonMessage = { messageIdA: string; messageIdB: string; positionA: number; positionB: number }

/** The SQL diff of two effective histories (see memory/branches/history-diff.ts for the semantics). */
export type StoredThreadDiff = {
  commonCount: number
  /** the last common message: its id in `a`'s history and its counterpart's id in `b`'s (equal unless a copy) */
  lastCommon: { messageIdA: string; messageIdB: string } | null
  /** where the shared stretch begins: the first paired message, with both 1-based positions (a partial clone shares from its first copy) */
  firstCommon: CommonMessage | null
  /** how many of `a`'s own messages lie BEFORE the last common message (the source's messages a partial clone left out): they open `onlyInA` */
  onlyInABeforeCommonCount: number
  onlyInBBeforeCommonCount: number
  /** `a`'s own messages after `afterA`, in `a`'s order, at most `limit` */
  onlyInA: StoredMessage[]
  onlyInB: StoredMessage[]
  /** every message only in `a` (all pages), counted in SQL */
  onlyInACount: number
  onlyInBCount: number
  /** the position of the last message of `onlyInA` when more follow it (the next page's `afterA`), else null */
  nextAfterA: number | null
  nextAfterB: number | null
}

export type DiffThreadHistoriesInput = {
  threadIdA: string
  threadIdB: string
  /** also pair copies (equal createdAt, role and content) when no id pairs them: clone lineage */
  matchCopies: boolean
  /** the most messages returned per side; omitted: all of them */
  limit?: number | undefined
  /** per side: only messages after this 1-based position of that side's effective history (a previous answer's `nextAfterA`) */
  afterA?: number | undefined
  afterB?: number | undefined
}

export interface BranchOperationsStorage {
  /**
   * Each branch becomes an independent thread owning copies of its inherited
   * (effective) messages, nearest override applied, with their vectors; its
   * overrides are removed, branches below it that inherited through it are
   * re-pointed at the copies (cutoff and overrides), its branch columns are
   * cleared and `metadata.branch` moves to `metadata.materializedBranch`.
   * Unknown id -> ThreadNotFoundError; not a branch -> NotABranchError.
   */
  materializeBranches(input: MaterializeBranchesInput): Promise<MaterializedBranch[]>
  /** promoteBranch (docs/spec/branch-thread.md); the choices: packages/engine/src/memory/README.md, "Branch operations". */
  promoteBranch(input: PromoteBranchInput): Promise<PromotedBranch>
  /** The diff of the two threads' effective histories, computed in SQL. Unknown thread -> ThreadNotFoundError. */
  diffThreadHistories(input: DiffThreadHistoriesInput): Promise<StoredThreadDiff>
  /**
   * The processors' repairs of `threadId`'s history, copy-on-write, after
   * locking the thread FOR UPDATE:
   * - messages the thread INHERITS become its overrides (upsert into
   *   message_overrides): the ancestor and the sibling branches are untouched;
   * - messages it OWNS get their role and content replaced (never their
   *   thread, time or id, so no cutoff moves); first, every direct branch
   *   whose cutoff includes one of them gets an override holding the current
   *   row (unless it has its own), so no branch's history changes.
   * A message that is neither -> InvalidInputError naming it, or with
   * `outside: 'skip'` left out (nothing of another thread is written);
   * unknown thread -> ThreadNotFoundError.
   */
  saveRepairedMessages(input: { threadId: string; messages: StoredMessage[]; outside?: RepairOutsideThread }): Promise<SavedRepairs>
}

/** What a repair does with a message the thread neither owns nor inherits: refuse the whole repair (default) or leave it out. */
export type RepairOutsideThread = 'reject' | 'skip'

export type SavedRepairs = {
  /** the thread's own messages whose row was rewritten */
  rewrittenMessageIds: string[]
  /** inherited messages that got (or replaced) an override of the thread */
  overriddenMessageIds: string[]
  /** branches that got an override holding what they read before */
  pinnedBranchThreadIds: string[]
}
