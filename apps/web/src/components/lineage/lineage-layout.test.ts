import { describe, expect, it } from 'vitest'
import { layoutLineage, NODE_HEIGHT, type LineageNode } from './lineage-layout.ts'

function node(id: string, children: LineageNode[] = [], clonedAt: Date | null = null): LineageNode {
  return {
    id,
    resourceId: 'r',
    title: id,
    createdAt: new Date(0),
    clonedAt,
    lastMessageId: clonedAt ? `${id}-last` : null,
    forkedAfter: clonedAt ? { messageId: `${id}-cut`, snippet: `text of ${id}-cut` } : null,
    children,
  }
}

describe('layoutLineage', () => {
  it('chains the ancestors down to the thread and branches its clones below it, one rank per generation', () => {
    const forkedAt = new Date('2026-11-01T00:00:00Z')
    const { nodes, edges } = layoutLineage({
      ancestors: [node('root'), node('parent', [], forkedAt)],
      thread: node('current', [node('child-a', [node('grandchild', [], forkedAt)], forkedAt), node('child-b', [], forkedAt)], forkedAt),
      truncated: false,
    })
    expect(nodes.map((entry) => [entry.id, entry.data.role, entry.data.depth])).toEqual([
      ['root', 'ancestor', 0],
      ['parent', 'ancestor', 1],
      ['current', 'current', 2],
      ['child-a', 'descendant', 3],
      ['grandchild', 'descendant', 4],
      ['child-b', 'descendant', 3],
    ])
    expect(edges.map((edge) => edge.id)).toEqual(['root->parent', 'parent->current', 'current->child-a', 'child-a->grandchild', 'current->child-b'])
    expect(edges.find((edge) => edge.target === 'child-a')?.data).toEqual({
      clonedAt: forkedAt,
      lastMessageId: 'child-a-last',
      forkedAfter: { messageId: 'child-a-cut', snippet: 'text of child-a-cut' },
    })

    const y = Object.fromEntries(nodes.map((entry) => [entry.id, entry.position.y]))
    expect(y.root).toBeLessThan(y.parent!)
    expect(y.parent).toBeLessThan(y.current!)
    expect(y['child-a']).toBe(y['child-b'])
    expect(y.grandchild! - y['child-a']!).toBeGreaterThanOrEqual(NODE_HEIGHT)
    const x = Object.fromEntries(nodes.map((entry) => [entry.id, entry.position.x]))
    expect(x['child-a']).not.toBe(x['child-b'])
  })

  it('draws a lone thread as one node', () => {
    const { nodes, edges } = layoutLineage({ ancestors: [], thread: node('alone'), truncated: false })
    expect(nodes).toHaveLength(1)
    expect(edges).toEqual([])
  })
})
