import { describe, expect, it } from 'vitest'
import { defaultExpanded, GROUP_AT, groupId, layoutLineage, NODE_HEIGHT, NODE_WIDTH, type LineageNode, type PlacedNode } from './lineage-layout.ts'

const forkedAt = new Date('2026-11-01T00:00:00Z')

function node(id: string, forkKind: LineageNode['forkKind'] = 'root', children: LineageNode[] = []): LineageNode {
  return {
    id,
    resourceId: 'r',
    title: id,
    createdAt: new Date(0),
    forkKind,
    forkedAt: forkKind === 'root' ? null : forkedAt,
    forkPoint: forkKind === 'root' ? null : { messageId: `${id}-cut`, snippet: `text of ${id}-cut` },
    children,
  }
}

const byId = (nodes: PlacedNode[]) => Object.fromEntries(nodes.map((entry) => [entry.id, entry]))

/** Absolute boxes of the drawn cards (a grouped card's position is relative to its group). */
function absoluteBoxes(nodes: PlacedNode[]) {
  const placed = byId(nodes)
  return nodes
    .filter((entry) => entry.type === 'thread')
    .map((entry) => {
      const parent = 'parentId' in entry && entry.parentId ? placed[entry.parentId]! : null
      return { id: entry.id, x: entry.position.x + (parent?.position.x ?? 0), y: entry.position.y + (parent?.position.y ?? 0) }
    })
}

describe('layoutLineage', () => {
  it('chains the ancestors down to the thread and its forks below it, one rank per generation, each edge styled by its kind', () => {
    const lineage = {
      ancestors: [node('root'), node('parent', 'clone')],
      thread: node('current', 'branch', [node('child-a', 'branch', [node('grandchild', 'clone')]), node('child-b', 'clone')]),
      truncated: false,
    }
    const { nodes, edges } = layoutLineage(lineage, { expanded: new Set(), columns: 5 })
    expect(nodes.map((entry) => (entry.type === 'thread' ? [entry.id, entry.data.role, entry.data.depth] : null))).toEqual([
      ['root', 'ancestor', 0],
      ['parent', 'ancestor', 1],
      ['current', 'current', 2],
      ['child-a', 'descendant', 3],
      ['grandchild', 'descendant', 4],
      ['child-b', 'descendant', 3],
    ])
    expect(edges.map((edge) => [edge.id, edge.kind])).toEqual([
      ['root->parent', 'clone'],
      ['parent->current', 'branch'],
      ['current->child-a', 'branch'],
      ['child-a->grandchild', 'clone'],
      ['current->child-b', 'clone'],
    ])
    const placed = byId(nodes)
    const y = (id: string) => placed[id]!.position.y
    expect(y('root')).toBeLessThan(y('parent'))
    expect(y('parent')).toBeLessThan(y('current'))
    expect(y('child-a')).toBe(y('child-b'))
    expect(y('grandchild') - y('child-a')).toBeGreaterThanOrEqual(NODE_HEIGHT)
    expect(placed['child-a']!.position.x).not.toBe(placed['child-b']!.position.x)
  })

  it('draws a lone thread as one node', () => {
    const { nodes, edges } = layoutLineage({ ancestors: [], thread: node('alone'), truncated: false }, { expanded: new Set(), columns: 5 })
    expect(nodes).toHaveLength(1)
    expect(edges).toEqual([])
  })

  describe('25 children of one thread', () => {
    const children = Array.from({ length: 25 }, (_, index) =>
      node(`child-${String(index).padStart(2, '0')}`, index % 5 === 4 ? 'clone' : 'branch', index === 0 ? [node('deeper', 'branch')] : []),
    )
    const lineage = { ancestors: [node('root')], thread: node('many', 'branch', children), truncated: false }

    it('groups them: collapsed, one summary card and one edge', () => {
      const { nodes, edges } = layoutLineage(lineage, { expanded: new Set(), columns: 5 })
      expect(nodes.map((entry) => entry.id)).toEqual(['root', 'many', groupId('many')])
      const group = nodes[2]!
      expect(group.type === 'forkGroup' && group.data).toMatchObject({ expanded: false, parentId: 'many' })
      expect(edges.map((edge) => [edge.id, edge.kind])).toEqual([
        ['root->many', 'branch'],
        [`many->${groupId('many')}`, 'mixed'],
      ])
    })

    it('expanded (the default under the current thread): a grid of cards inside the group, none overlapping', () => {
      expect(defaultExpanded(lineage)).toEqual(new Set(['many']))
      const { nodes, width } = layoutLineage(lineage, { expanded: new Set(['many']), columns: 5 })
      const cards = absoluteBoxes(nodes).filter((box) => box.id.startsWith('child-'))
      expect(cards).toHaveLength(25)
      for (const [index, a] of cards.entries()) {
        for (const b of cards.slice(index + 1)) {
          const apart = Math.abs(a.x - b.x) >= NODE_WIDTH || Math.abs(a.y - b.y) >= NODE_HEIGHT
          expect(apart, `${a.id} and ${b.id} overlap`).toBe(true)
        }
      }
      expect(new Set(cards.map((card) => card.y)).size).toBe(5)
      // five columns of cards fit a wide window at full size
      expect(width).toBeLessThan(5 * (NODE_WIDTH + 20) + 100)
      // a grouped card's own forks are counted, not drawn
      const first = byId(nodes)['child-00']!
      expect(first.type === 'thread' && first.data.hiddenDescendants).toBe(1)
      expect(nodes.some((entry) => entry.id === 'deeper')).toBe(false)
    })

    it('a narrow window gets fewer columns: the cards stay full size', () => {
      const { nodes } = layoutLineage(lineage, { expanded: new Set(['many']), columns: 2 })
      const cards = absoluteBoxes(nodes).filter((box) => box.id.startsWith('child-'))
      expect(new Set(cards.map((card) => card.x)).size).toBe(2)
      expect(new Set(cards.map((card) => card.y)).size).toBe(13)
    })

    it(`groups only from ${GROUP_AT} children on`, () => {
      const few = { ...lineage, thread: node('few', 'root', children.slice(0, GROUP_AT - 1)) }
      const { nodes } = layoutLineage(few, { expanded: new Set(), columns: 5 })
      expect(nodes.filter((entry) => entry.type === 'forkGroup')).toEqual([])
      expect(nodes.filter((entry) => entry.type === 'thread')).toHaveLength(1 + 1 + GROUP_AT - 1 + 1) // with the first child's own branch
    })
  })
})
