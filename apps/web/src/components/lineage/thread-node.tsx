'use client'

import { Handle, Position, type Node, type NodeProps } from '@xyflow/react'
import Link from 'next/link'
import { formatDateTime } from '../format.ts'
import { forkLabel } from './fork-label.ts'
import type { ThreadNodeData } from './lineage-layout.ts'

export type ThreadFlowNode = Node<ThreadNodeData, 'thread'>

const frame = {
  current: 'border-indigo-500 bg-indigo-50 ring-2 ring-indigo-500/30',
  ancestor: 'border-slate-300 bg-white',
  clone: 'border-violet-300 border-dashed bg-white',
  branch: 'border-teal-400 bg-white',
} as const

const kindText = { root: 'text-slate-500', clone: 'text-violet-700', branch: 'text-teal-700' } as const

/** A thread in the lineage graph: how it was forked, from where; clicking it opens the thread. */
export function ThreadNode({ data }: NodeProps<ThreadFlowNode>) {
  const { thread, role, hiddenDescendants } = data
  const style = role === 'current' ? frame.current : thread.forkKind === 'root' ? frame.ancestor : frame[thread.forkKind]
  const kind = role === 'current' ? `this thread · ${thread.forkKind}` : role === 'ancestor' ? `ancestor · ${thread.forkKind}` : thread.forkKind
  return (
    <div
      className={`h-[84px] w-[250px] cursor-pointer rounded-lg border px-3 py-2 shadow-sm transition-shadow hover:shadow-md ${style}`}
      data-testid="lineage-node"
      data-thread-id={thread.id}
      data-fork-kind={thread.forkKind}
      title={`Open ${thread.title || thread.id}`}
    >
      <Handle type="target" position={Position.Top} className="!opacity-0" isConnectable={false} />
      <div className="flex items-center justify-between gap-2">
        {/* on one line: the resource beside it gives way (it wrapped to two, "this thread · / branch") */}
        <span
          className={`shrink-0 whitespace-nowrap text-[10px] font-semibold uppercase tracking-wide ${role === 'current' ? 'text-indigo-700' : kindText[thread.forkKind]}`}
          data-testid="lineage-node-kind"
        >
          {thread.forkKind === 'branch' && <span aria-hidden>⎇ </span>}
          {kind}
        </span>
        {hiddenDescendants > 0 ? (
          <Link
            href={`/threads/${encodeURIComponent(thread.id)}/lineage`}
            onClick={(event) => event.stopPropagation()}
            className="min-w-0 truncate text-[10px] font-medium text-indigo-700 hover:underline"
            title="Its own forks are drawn in its lineage"
          >
            +{hiddenDescendants} below
          </Link>
        ) : (
          <span className="min-w-0 truncate text-[10px] text-slate-400" title={thread.resourceId}>
            {thread.resourceId}
          </span>
        )}
      </div>
      <p className="mt-0.5 truncate text-sm font-medium text-slate-900">{thread.title || 'Untitled thread'}</p>
      <p className="truncate text-[10px] text-slate-500" title={forkLabel(thread, true)}>
        {thread.forkKind === 'root' ? `created ${formatDateTime(thread.createdAt)}` : forkLabel(thread)}
      </p>
      <Handle type="source" position={Position.Bottom} className="!opacity-0" isConnectable={false} />
    </div>
  )
}
