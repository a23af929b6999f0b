'use client'

import { Handle, Position, type Node, type NodeProps } from '@xyflow/react'
import { createContext, use } from 'react'
import { forkCounts } from './fork-label.ts'
import type { GroupNodeData } from './lineage-layout.ts'

export type GroupFlowNode = Node<GroupNodeData, 'forkGroup'>

/** Expands or collapses the children group of a thread (by the thread's id); null outside a lineage graph. */
export const ToggleGroupContext = createContext<((parentId: string) => void) | null>(null)

/** Siblings drawn as one: a summary card (collapsed) or the frame around their grid of cards (expanded). */
export function GroupNode({ data }: NodeProps<GroupFlowNode>) {
  const toggle = use(ToggleGroupContext)
  const { children, expanded, parentId } = data
  return (
    <div
      className={`h-full w-full rounded-xl border-2 border-dashed ${expanded ? 'border-slate-300 bg-slate-50/60' : 'border-slate-300 bg-white shadow-sm'}`}
      data-testid="lineage-group"
      data-expanded={expanded}
    >
      <Handle type="target" position={Position.Top} className="!opacity-0" isConnectable={false} />
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-800">
            <span aria-hidden>⎇ </span>
            {children.length} forks
          </p>
          <p className="truncate text-[11px] text-slate-500">{forkCounts(children)}</p>
        </div>
        <button
          type="button"
          className="nodrag shrink-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
          onClick={(event) => {
            event.stopPropagation()
            toggle?.(parentId)
          }}
          aria-expanded={expanded}
        >
          {expanded ? 'Collapse' : 'Expand'}
        </button>
      </div>
    </div>
  )
}
