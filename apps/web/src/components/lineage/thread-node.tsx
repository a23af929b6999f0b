'use client'

import { Handle, Position, type Node, type NodeProps } from '@xyflow/react'
import { formatDateTime } from '../format.ts'
import type { PlacedNode } from './lineage-layout.ts'

export type ThreadFlowNode = Node<PlacedNode['data'], 'thread'>

const roleStyle = {
  current: 'border-indigo-500 bg-indigo-50 ring-2 ring-indigo-500/30',
  ancestor: 'border-slate-300 bg-white',
  descendant: 'border-violet-300 bg-white',
} as const

const roleLabel = { current: 'this thread', ancestor: 'ancestor', descendant: 'clone' } as const

/** A thread in the lineage graph; clicking it opens the thread. */
export function ThreadNode({ data }: NodeProps<ThreadFlowNode>) {
  const { thread, role } = data
  return (
    <div
      className={`h-[84px] w-[250px] cursor-pointer rounded-lg border px-3 py-2 shadow-sm transition-shadow hover:shadow-md ${roleStyle[role]}`}
      data-testid="lineage-node"
      data-thread-id={thread.id}
      title={`Open ${thread.title || thread.id}`}
    >
      <Handle type="target" position={Position.Top} className="!bg-slate-400" isConnectable={false} />
      <div className="flex items-center justify-between gap-2">
        <span
          className={`text-[10px] font-semibold uppercase tracking-wide ${role === 'current' ? 'text-indigo-700' : role === 'descendant' ? 'text-violet-700' : 'text-slate-500'}`}
        >
          {roleLabel[role]}
        </span>
        <span className="truncate text-[10px] text-slate-400">{thread.resourceId}</span>
      </div>
      <p className="mt-0.5 truncate text-sm font-medium text-slate-900">{thread.title || 'Untitled thread'}</p>
      <p className="truncate font-mono text-[10px] text-slate-500">{thread.id}</p>
      <p className="truncate text-[10px] text-slate-400">created {formatDateTime(thread.createdAt)}</p>
      <Handle type="source" position={Position.Bottom} className="!bg-slate-400" isConnectable={false} />
    </div>
  )
}
