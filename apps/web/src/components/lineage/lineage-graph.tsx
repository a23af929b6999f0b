'use client'

import { Background, Controls, MarkerType, ReactFlow, type Edge } from '@xyflow/react'
import { useRouter } from 'next/navigation'
import { useCallback, useMemo, useState, type CSSProperties } from 'react'
import { useElementWidth } from '../use-element-width.ts'
import { GroupNode, ToggleGroupContext, type GroupFlowNode } from './group-node.tsx'
import { defaultExpanded, layoutLineage, NODE_WIDTH, type EdgeKind, type Lineage } from './lineage-layout.ts'
import { ThreadNode, type ThreadFlowNode } from './thread-node.tsx'

// not React Flow's built-in 'group' type, whose default frame would be drawn around ours
const nodeTypes = { thread: ThreadNode, forkGroup: GroupNode }

// theme variables, so the graph follows dark mode like the rest of the UI
const edgeStyle: Record<EdgeKind, { stroke: string; strokeWidth: number; strokeDasharray?: string }> = {
  branch: { stroke: 'var(--color-teal-500)', strokeWidth: 2 },
  clone: { stroke: 'var(--color-violet-400)', strokeWidth: 1.5, strokeDasharray: '6 4' },
  mixed: { stroke: 'var(--color-slate-400)', strokeWidth: 1.5, strokeDasharray: '2 3' },
}

// React Flow's own dark palette is neutral grey: its canvas and controls take the app's (navy in dark mode) instead
const flowTheme = {
  '--xy-background-color': 'var(--color-white)',
  '--xy-controls-button-background-color': 'var(--color-white)',
  '--xy-controls-button-background-color-hover': 'var(--color-slate-100)',
  '--xy-controls-button-color': 'var(--color-slate-700)',
  '--xy-controls-button-color-hover': 'var(--color-slate-900)',
  '--xy-controls-button-border-color': 'var(--color-slate-200)',
} as CSSProperties

const MIN_HEIGHT = 320
const MAX_HEIGHT = 2400
const MAX_COLUMNS = 5

/**
 * The lineage drawn at (about) full size: the frame is as tall as the tree
 * (the page scrolls, not the graph), and an expanded group of siblings has as
 * many columns as fit the frame's width, so cards stay readable on a narrow window.
 */
export function LineageGraph({ lineage }: { lineage: Lineage }) {
  const router = useRouter()
  const [frameRef, frameWidth] = useElementWidth<HTMLDivElement>()
  const [expanded, setExpanded] = useState(() => defaultExpanded(lineage))
  const toggle = useCallback(
    (parentId: string) =>
      setExpanded((current) => {
        const next = new Set(current)
        if (!next.delete(parentId)) next.add(parentId)
        return next
      }),
    [],
  )
  const columns = Math.max(1, Math.min(MAX_COLUMNS, Math.floor((frameWidth - 60) / (NODE_WIDTH + 16)) || 1))
  const { nodes, edges, height } = useMemo(() => {
    const placed = layoutLineage(lineage, { expanded, columns })
    const flowNodes = placed.nodes.map((node): ThreadFlowNode | GroupFlowNode =>
      node.type === 'forkGroup'
        ? { ...node, style: { width: node.width, height: node.height }, draggable: false, connectable: false, selectable: false }
        : { ...node, draggable: false, connectable: false },
    )
    const flowEdges: Edge[] = placed.edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      type: 'smoothstep',
      markerEnd: { type: MarkerType.ArrowClosed, color: edgeStyle[edge.kind].stroke },
      style: edgeStyle[edge.kind],
      data: { kind: edge.kind },
    }))
    return { nodes: flowNodes, edges: flowEdges, height: placed.height }
  }, [lineage, expanded, columns])
  const frameHeight = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, height + 40))
  return (
    <div className="space-y-2">
      <Legend />
      <div
        ref={frameRef}
        className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
        style={{ height: frameHeight }}
        data-testid="lineage-graph"
      >
        {frameWidth > 0 && (
          <ToggleGroupContext value={toggle}>
            <ReactFlow
              key={`${columns}:${[...expanded].join(',')}`}
              nodes={nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              onNodeClick={(_event, node) => {
                if (node.type === 'thread') router.push(`/threads/${encodeURIComponent(node.id)}`)
              }}
              nodesDraggable={false}
              nodesConnectable={false}
              preventScrolling={false}
              zoomOnScroll={false}
              fitView
              // the zoom controls sit at the bottom left, over the canvas: a left gutter keeps every card clear of them
              fitViewOptions={{ padding: { top: '16px', right: '16px', bottom: '16px', left: '64px' }, maxZoom: 1 }}
              minZoom={0.2}
              colorMode="system"
              style={flowTheme}
              proOptions={{ hideAttribution: true }}
            >
              <Background gap={20} color="var(--color-slate-200)" />
              <Controls
                showInteractive={false}
                // the app's palette, which dark mode mirrors: React Flow's own dark buttons had no border on the canvas
                style={{
                  ['--xy-controls-button-background-color' as string]: 'var(--color-white)',
                  ['--xy-controls-button-background-color-hover' as string]: 'var(--color-slate-50)',
                  ['--xy-controls-button-color' as string]: 'var(--color-slate-700)',
                  ['--xy-controls-button-color-hover' as string]: 'var(--color-slate-900)',
                  ['--xy-controls-button-border-color' as string]: 'var(--color-slate-300)',
                  ['--xy-controls-box-shadow' as string]: '0 0 0 1px var(--color-slate-300)',
                }}
              />
            </ReactFlow>
          </ToggleGroupContext>
        )}
      </div>
    </div>
  )
}

function Legend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-slate-600" aria-label="Legend" data-testid="lineage-legend">
      <li className="flex items-center gap-1.5">
        <svg aria-hidden width="28" height="8">
          <line x1="0" y1="4" x2="28" y2="4" style={edgeStyle.branch} />
        </svg>
        ⎇ Branch: shares its source&apos;s history up to the branch point
      </li>
      <li className="flex items-center gap-1.5">
        <svg aria-hidden width="28" height="8">
          <line x1="0" y1="4" x2="28" y2="4" style={edgeStyle.clone} />
        </svg>
        Clone: an independent copy
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="inline-block h-3 w-5 rounded border-2 border-dashed border-slate-300" />
        Group of siblings (expand / collapse)
      </li>
    </ul>
  )
}
