import type { StoredMessage } from '../messages/types.ts'
import type { MemoryStorage, StoredThread } from '../storage/types.ts'
import { withLineageDates } from './branch-metadata.ts'
import { type ForkKind, forkKindOf, lineageParentOf, toLineageEntry } from './lineage.ts'

/** Where a clone was cut from its source: the source message it was forked after (null once that message is gone). */
export type ForkPoint = { messageId: string; message: StoredMessage | null }

export type LineageTreeNode = {
  thread: StoredThread
  /** 'root', 'clone' or 'branch' */
  forkKind: ForkKind
  /** the fork point (a clone's last copied message, a branch's cutoff), when it has one and its parent is drawn in this tree */
  forkedAfter: ForkPoint | null
  children: LineageTreeNode[]
}

export type LineageTree = {
  /** the thread's ancestors, root first, up to (not past) the first one outside `resourceIds` */
  ancestors: LineageTreeNode[]
  /** the thread with its descendants */
  thread: LineageTreeNode
  /** true when the descendants were cut at `maxNodes` */
  truncated: boolean
}

export type LineageTreeOptions = {
  /** the resources whose threads may be shown (a caller's scope); default: all */
  resourceIds?: string[] | undefined
  /** nodes in the tree (the thread and its descendants) at most; default 1000 */
  maxNodes?: number | undefined
}

const DEFAULT_MAX_NODES = 1000

/**
 * A thread's lineage in three queries whatever its size: the ancestry and the
 * descendants (one recursive query each) and the fork-point messages (one
 * lookup). `history` is the thread's ancestry, root first, ending with it (clone dates parsed).
 */
export async function buildLineageTree(storage: MemoryStorage, history: StoredThread[], options: LineageTreeOptions): Promise<LineageTree> {
  const visible = options.resourceIds === undefined ? null : new Set(options.resourceIds)
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES
  const self = history.at(-1)!
  const ancestors: StoredThread[] = []
  for (const ancestor of history.slice(0, -1).reverse()) {
    if (visible !== null && !visible.has(ancestor.resourceId)) break
    ancestors.unshift(ancestor)
  }
  const found = await storage.listThreadDescendants({
    threadId: self.id,
    ...(options.resourceIds === undefined ? {} : { resourceIds: options.resourceIds }),
    limit: maxNodes,
  })
  const truncated = found.length > maxNodes - 1
  const descendants = found.slice(0, maxNodes - 1).map(withLineageDates)

  const nodes = new Map<string, LineageTreeNode>()
  const node = (thread: StoredThread): LineageTreeNode => {
    const made: LineageTreeNode = { thread, forkKind: forkKindOf(thread), forkedAfter: null, children: [] }
    nodes.set(thread.id, made)
    return made
  }
  const ancestorNodes = ancestors.map(node)
  const root = node(self)
  for (const descendant of descendants) {
    const child = node(descendant)
    // generations come in order, so the parent is already drawn
    const parentId = lineageParentOf(descendant)
    if (parentId !== null) nodes.get(parentId)?.children.push(child)
  }
  await attachForkPoints(storage, nodes)
  return { ancestors: ancestorNodes, thread: root, truncated }
}

/**
 * Fills in the fork points of the clones whose source is drawn (one query for
 * all their messages). A source outside the tree (another tenant's, or
 * deleted) has no edge, so nothing of it is read.
 */
async function attachForkPoints(storage: MemoryStorage, nodes: ReadonlyMap<string, LineageTreeNode>): Promise<void> {
  const forks = [...nodes.values()].flatMap((node) => {
    const { forkPoint } = toLineageEntry(node.thread)
    const messageId = forkPoint?.messageId ?? null
    if (forkPoint === null || messageId === null || !nodes.has(forkPoint.parentThreadId)) return []
    return [{ node, messageId }]
  })
  if (forks.length === 0) return
  const messages = new Map((await storage.getMessagesByIds(forks.map((fork) => fork.messageId))).map((message) => [message.id, message]))
  for (const { node, messageId } of forks) {
    const message = messages.get(messageId)
    // a clone's fork point is its source's row; a branch's cutoff may be owned by an ancestor of its parent
    const owner = node.thread.branch?.branchPointThreadId ?? lineageParentOf(node.thread)
    node.forkedAfter = { messageId, message: message?.threadId === owner ? message : null }
  }
}
