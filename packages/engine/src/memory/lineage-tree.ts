import type { StoredMessage } from '../messages/types.ts'
import type { MemoryStorage, StoredThread } from '../storage/types.ts'
import { withLineageDates } from './branch-metadata.ts'
import { getCloneMetadata } from './clone-metadata.ts'
import { lineageParentOf } from './lineage.ts'

/**
 * Where a fork was cut from its parent: a clone's source message it was forked
 * after, a branch's branch point (its last inherited message); `message` null
 * once that message is gone.
 */
export type ForkPoint = { messageId: string; message: StoredMessage | null }

export type LineageTreeNode = {
  thread: StoredThread
  /** the fork point, when the fork recorded one and its parent is drawn in this tree */
  forkedAfter: ForkPoint | null
  children: LineageTreeNode[]
}

export type LineageTree = {
  /** the thread's ancestors, root first, up to (not past) the first one outside `resourceIds` */
  ancestors: LineageTreeNode[]
  /** the thread with its descendants: clones and branches */
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
 * lookup). `history` is the thread's lineage (branch and clone links), root first, ending with it (dates parsed).
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
    const made: LineageTreeNode = { thread, forkedAfter: null, children: [] }
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
 * Fills in the fork points of the forks whose parent is drawn (one query for
 * all their messages). A parent outside the tree (another tenant's, or a
 * deleted clone source) has no edge, so nothing of it is read. A branch point
 * may live in an ancestor above the parent (an inherited message): it must be
 * the message of the thread that owns it.
 */
async function attachForkPoints(storage: MemoryStorage, nodes: ReadonlyMap<string, LineageTreeNode>): Promise<void> {
  const forks = [...nodes.values()].flatMap((node) => {
    const { branch } = node.thread
    if (branch !== null) {
      return nodes.has(branch.parentThreadId) ? [{ node, ownerThreadId: branch.branchPointThreadId, messageId: branch.branchPointMessageId }] : []
    }
    const clone = getCloneMetadata(node.thread)
    const sourceThreadId = node.thread.sourceThreadId ?? clone?.sourceThreadId
    const messageId = clone?.lastClonedMessageId
    return messageId && sourceThreadId !== undefined && nodes.has(sourceThreadId) ? [{ node, ownerThreadId: sourceThreadId, messageId }] : []
  })
  if (forks.length === 0) return
  const messages = new Map((await storage.getMessagesByIds(forks.map((fork) => fork.messageId))).map((message) => [message.id, message]))
  for (const { node, ownerThreadId, messageId } of forks) {
    const message = messages.get(messageId)
    node.forkedAfter = { messageId, message: message?.threadId === ownerThreadId ? message : null }
  }
}
