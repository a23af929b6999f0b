import { getBranchMetadata, getCloneMetadata, messageSnippet, type ForkKind, type LineageTreeNode } from '@threadline/engine'

// The wire shape of a lineage tree: clones and branches in one model, each
// node saying how it was forked from its parent in the tree and where.

/** Where a fork was cut from its source: the message (`snippet` null once that message is gone or out of scope). */
export type ForkPoint = { messageId: string; snippet: string | null }

export type LineageNode = {
  id: string
  resourceId: string
  title: string
  createdAt: Date
  forkKind: ForkKind
  /** when the clone or branch was made */
  forkedAt: Date | null
  /** a clone: the source message it was forked after; a branch: its branch point (the last message it inherits) */
  forkPoint: ForkPoint | null
  children: LineageNode[]
}

const FORK_SNIPPET_LENGTH = 60

export function lineageNode({ thread, forkKind, forkedAfter, children }: LineageTreeNode): LineageNode {
  const clone = getCloneMetadata(thread)
  return {
    id: thread.id,
    resourceId: thread.resourceId,
    title: thread.title,
    createdAt: thread.createdAt,
    forkKind,
    forkedAt: forkKind === 'branch' ? (getBranchMetadata(thread)?.branchedAt ?? thread.createdAt) : (clone?.clonedAt ?? null),
    forkPoint: forkedAfter && {
      messageId: forkedAfter.messageId,
      snippet: forkedAfter.message ? messageSnippet(forkedAfter.message, FORK_SNIPPET_LENGTH) : null,
    },
    children: children.map(lineageNode),
  }
}
