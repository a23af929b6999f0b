import { Graph, layout } from '@dagrejs/dagre'
import type { RouterOutputs } from '@/trpc/types.ts'

// The lineage tree (clones and branches) as positioned graph nodes and edges:
// ancestors (root first) lead down to the thread, whose forks hang below it.
// Fork details sit inside each card, never on an edge, so labels cannot
// overlap. Siblings beyond GROUP_AT become one group: collapsed, a single
// summary card; expanded, a grid of cards (`columns` wide) inside a frame,
// whose own forks are not drawn (each card says how many hang below it).

export type Lineage = RouterOutputs['branches']['lineage']
export type LineageNode = Lineage['thread']
export type ForkKind = LineageNode['forkKind']

export type LineageRole = 'ancestor' | 'current' | 'descendant'

export type ThreadNodeData = { kind: 'thread'; thread: LineageNode; role: LineageRole; depth: number; hiddenDescendants: number }
export type GroupNodeData = { kind: 'group'; parentId: string; children: LineageNode[]; expanded: boolean; columns: number }

export type PlacedNode =
  | { id: string; type: 'thread'; position: { x: number; y: number }; parentId?: string; data: ThreadNodeData }
  | { id: string; type: 'forkGroup'; position: { x: number; y: number }; width: number; height: number; data: GroupNodeData }

/** 'mixed': an edge to a group holding both clones and branches. */
export type EdgeKind = Exclude<ForkKind, 'root'> | 'mixed'
export type ForkEdge = { id: string; source: string; target: string; kind: EdgeKind }

export const NODE_WIDTH = 250
export const NODE_HEIGHT = 84
export const GROUP_AT = 6
export const GROUP_HEADER = 56
export const GROUP_COLLAPSED_HEIGHT = 64
const GRID_GAP = 16
const GROUP_PADDING = 12

export type LayoutOptions = {
  /** ids of the threads whose children group is expanded */
  expanded: ReadonlySet<string>
  /** cards per row of an expanded group */
  columns: number
}

export const groupId = (parentId: string) => `group:${parentId}`

/** The groups open by default: the current thread's own forks. */
export function defaultExpanded(lineage: Lineage): Set<string> {
  return new Set(lineage.thread.children.length >= GROUP_AT ? [lineage.thread.id] : [])
}

function countDescendants(node: LineageNode): number {
  return node.children.reduce((sum, child) => sum + 1 + countDescendants(child), 0)
}

function edgeKindOf(children: LineageNode[]): EdgeKind {
  const branches = children.filter((child) => child.forkKind === 'branch').length
  return branches === children.length ? 'branch' : branches === 0 ? 'clone' : 'mixed'
}

function groupSize(count: number, expanded: boolean, columns: number): { width: number; height: number } {
  if (!expanded) return { width: NODE_WIDTH, height: GROUP_COLLAPSED_HEIGHT }
  const cols = Math.max(1, Math.min(columns, count))
  const rows = Math.ceil(count / cols)
  return {
    width: cols * NODE_WIDTH + (cols - 1) * GRID_GAP + 2 * GROUP_PADDING,
    height: GROUP_HEADER + rows * NODE_HEIGHT + (rows - 1) * GRID_GAP + GROUP_PADDING,
  }
}

export function layoutLineage(lineage: Lineage, options: LayoutOptions): { nodes: PlacedNode[]; edges: ForkEdge[]; width: number; height: number } {
  type Box = { id: string; width: number; height: number; place: (x: number, y: number) => PlacedNode[] }
  const boxes: Box[] = []
  const edges: ForkEdge[] = []
  const threadBox = (thread: LineageNode, role: LineageRole, depth: number): Box => ({
    id: thread.id,
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    place: (x, y) => [{ id: thread.id, type: 'thread', position: { x, y }, data: { kind: 'thread', thread, role, depth, hiddenDescendants: 0 } }],
  })

  lineage.ancestors.forEach((ancestor, index) => {
    boxes.push(threadBox(ancestor, 'ancestor', index))
    const next = lineage.ancestors[index + 1] ?? lineage.thread
    edges.push({ id: `${ancestor.id}->${next.id}`, source: ancestor.id, target: next.id, kind: next.forkKind === 'branch' ? 'branch' : 'clone' })
  })

  const visit = (node: LineageNode, depth: number, role: LineageRole) => {
    boxes.push(threadBox(node, role, depth))
    if (node.children.length >= GROUP_AT) {
      const expanded = options.expanded.has(node.id)
      const id = groupId(node.id)
      const size = groupSize(node.children.length, expanded, options.columns)
      const cols = Math.max(1, Math.min(options.columns, node.children.length))
      boxes.push({
        id,
        ...size,
        place: (x, y) => [
          { id, type: 'forkGroup', position: { x, y }, ...size, data: { kind: 'group', parentId: node.id, children: node.children, expanded, columns: cols } },
          ...(expanded
            ? node.children.map((child, index): PlacedNode => ({
                id: child.id,
                type: 'thread',
                parentId: id,
                // relative to the group's frame
                position: {
                  x: GROUP_PADDING + (index % cols) * (NODE_WIDTH + GRID_GAP),
                  y: GROUP_HEADER + Math.floor(index / cols) * (NODE_HEIGHT + GRID_GAP),
                },
                data: { kind: 'thread', thread: child, role: 'descendant', depth: depth + 1, hiddenDescendants: countDescendants(child) },
              }))
            : []),
        ],
      })
      edges.push({ id: `${node.id}->${id}`, source: node.id, target: id, kind: edgeKindOf(node.children) })
      return
    }
    for (const child of node.children) {
      edges.push({ id: `${node.id}->${child.id}`, source: node.id, target: child.id, kind: child.forkKind === 'branch' ? 'branch' : 'clone' })
      visit(child, depth + 1, 'descendant')
    }
  }
  visit(lineage.thread, lineage.ancestors.length, 'current')

  const graph = new Graph()
  graph.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 60, marginx: 10, marginy: 10 })
  graph.setDefaultEdgeLabel(() => ({}))
  for (const box of boxes) graph.setNode(box.id, { width: box.width, height: box.height })
  for (const edge of edges) graph.setEdge(edge.source, edge.target)
  layout(graph)
  // dagre gives centres; React Flow wants top-left corners (a group's cards follow their frame)
  const nodes = boxes.flatMap((box) => {
    const { x, y } = graph.node(box.id) as { x: number; y: number }
    return box.place(x - box.width / 2, y - box.height / 2)
  })
  const { width = 0, height = 0 } = graph.graph() as { width?: number; height?: number }
  return { nodes, edges, width, height }
}
