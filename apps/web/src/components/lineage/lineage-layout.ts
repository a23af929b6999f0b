import { Graph, layout } from '@dagrejs/dagre'
import type { RouterOutputs } from '@/trpc/types.ts'

// The clone tree as positioned graph nodes and edges: ancestors (root first)
// lead down to the thread, whose clones branch below it. Each edge is a fork:
// it carries when the clone was made, the source's last message then and,
// when the clone recorded it, the message it was forked after.

export type Lineage = RouterOutputs['clone']['lineage']
export type LineageNode = Lineage['thread']

export type LineageRole = 'ancestor' | 'current' | 'descendant'

export type PlacedNode = {
  id: string
  position: { x: number; y: number }
  data: { thread: LineageNode; role: LineageRole; depth: number }
}

export type ForkEdge = {
  id: string
  source: string
  target: string
  data: Pick<LineageNode, 'clonedAt' | 'lastMessageId' | 'forkedAfter'>
}

export const NODE_WIDTH = 250
export const NODE_HEIGHT = 84

function edgeTo(parent: LineageNode, child: LineageNode): ForkEdge {
  return {
    id: `${parent.id}->${child.id}`,
    source: parent.id,
    target: child.id,
    data: { clonedAt: child.clonedAt, lastMessageId: child.lastMessageId, forkedAfter: child.forkedAfter },
  }
}

export function layoutLineage(lineage: Lineage): { nodes: PlacedNode[]; edges: ForkEdge[] } {
  const entries: Omit<PlacedNode, 'position'>[] = []
  const edges: ForkEdge[] = []
  lineage.ancestors.forEach((ancestor, index) => {
    entries.push({ id: ancestor.id, data: { thread: ancestor, role: 'ancestor', depth: index } })
    const next = lineage.ancestors[index + 1] ?? lineage.thread
    edges.push(edgeTo(ancestor, next))
  })
  const visit = (node: LineageNode, depth: number, role: LineageRole) => {
    entries.push({ id: node.id, data: { thread: node, role, depth } })
    for (const child of node.children) {
      edges.push(edgeTo(node, child))
      visit(child, depth + 1, 'descendant')
    }
  }
  visit(lineage.thread, lineage.ancestors.length, 'current')

  const graph = new Graph()
  graph.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 70, marginx: 10, marginy: 10 })
  graph.setDefaultEdgeLabel(() => ({}))
  for (const entry of entries) graph.setNode(entry.id, { width: NODE_WIDTH, height: NODE_HEIGHT })
  for (const edge of edges) graph.setEdge(edge.source, edge.target)
  layout(graph)
  const nodes = entries.map((entry) => {
    const { x, y } = graph.node(entry.id) as { x: number; y: number }
    // dagre gives centres; React Flow wants top-left corners
    return { ...entry, position: { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 } }
  })
  return { nodes, edges }
}
