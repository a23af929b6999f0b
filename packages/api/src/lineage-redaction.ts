// No cross-tenant hints through lineage: a thread a token may read can still
// point at a source it may not (an operator cloned or branched another
// tenant's thread into the token's resource). Every id of such a source, and
// of its messages, is shown as REDACTED; the lineage itself (that the thread
// is a clone or a branch, and when) stays visible.
import type { LineageTree, LineageTreeNode, ScopedMemory, StoredThread } from '@threadline/engine'

export const REDACTED = '[redacted]'

type LineageSources = { sourceThreadId: string | null; branch: StoredThread['branch']; metadata: Record<string, unknown> }

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}

/** The source ids a thread names: its lineage column, its branch link and the clone/branch metadata. */
function sourceIdsOf(thread: LineageSources): string[] {
  const clone = record(thread.metadata.clone)
  const branch = record(thread.metadata.branch)
  return [thread.sourceThreadId, thread.branch?.parentThreadId, thread.branch?.branchPointThreadId, clone?.sourceThreadId, branch?.sourceThreadId].filter(
    (id): id is string => typeof id === 'string',
  )
}

/** The metadata entry with every id replaced when its source is not readable. */
function redactEntry(entry: unknown, readable: (id: string) => boolean, idFields: string[]): unknown {
  const value = record(entry)
  if (value === null || typeof value.sourceThreadId !== 'string' || readable(value.sourceThreadId)) return entry
  return { ...value, ...Object.fromEntries(idFields.filter((field) => field in value).map((field) => [field, REDACTED])) }
}

function redactThread<Thread extends LineageSources>(thread: Thread, readable: (id: string) => boolean): Thread {
  const { metadata, branch } = thread
  const redactedBranch =
    branch === null || (readable(branch.parentThreadId) && readable(branch.branchPointThreadId))
      ? branch
      : { ...branch, parentThreadId: REDACTED, branchPointThreadId: REDACTED, branchPointMessageId: REDACTED }
  return {
    ...thread,
    sourceThreadId: thread.sourceThreadId === null || readable(thread.sourceThreadId) ? thread.sourceThreadId : REDACTED,
    branch: redactedBranch,
    metadata: {
      ...metadata,
      ...('clone' in metadata ? { clone: redactEntry(metadata.clone, readable, ['sourceThreadId', 'lastMessageId', 'lastClonedMessageId']) } : {}),
      ...('branch' in metadata ? { branch: redactEntry(metadata.branch, readable, ['sourceThreadId', 'branchPointMessageId']) } : {}),
    },
  }
}

/** The threads as the scoped memory's caller may see them: sources it cannot read (another tenant's, or gone) redacted. One query for all. */
export async function redactUnreadableSources<Thread extends LineageSources>(memory: ScopedMemory, threads: Thread[]): Promise<Thread[]> {
  if (memory.scope.resourceIds === null) return threads
  const ids = [...new Set(threads.flatMap(sourceIdsOf))]
  if (ids.length === 0) return threads
  const readableIds = new Set((await memory.getThreadsByIds(ids)).map((source) => source.id))
  return threads.map((thread) => redactThread(thread, (id) => readableIds.has(id)))
}

/** One thread as this caller may see it. */
export async function redactUnreadableSource<Thread extends LineageSources>(memory: ScopedMemory, thread: Thread): Promise<Thread> {
  const [redacted] = await redactUnreadableSources(memory, [thread])
  return redacted ?? thread
}

/** Every node of a lineage tree (an ancestor's children may repeat nodes: fine for a lookup by node). */
function nodesOf(node: LineageTreeNode): LineageTreeNode[] {
  return [node, ...node.children.flatMap(nodesOf)]
}

/**
 * A lineage tree as this caller may see it: each node's thread redacted as
 * above (one query for the whole tree), so a clone of another tenant's thread
 * shows neither its source nor the source's last message (`lastMessageId`).
 */
export async function redactLineageTree(memory: ScopedMemory, tree: LineageTree): Promise<LineageTree> {
  const nodes = [...tree.ancestors, tree.thread].flatMap(nodesOf)
  const threads = await redactUnreadableSources(
    memory,
    nodes.map((node) => node.thread),
  )
  const redacted = new Map(nodes.map((node, index) => [node, threads[index] ?? node.thread]))
  const rebuilt = (node: LineageTreeNode): LineageTreeNode => ({ ...node, thread: redacted.get(node) ?? node.thread, children: node.children.map(rebuilt) })
  return { ...tree, ancestors: tree.ancestors.map(rebuilt), thread: rebuilt(tree.thread) }
}
