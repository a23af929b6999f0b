'use client'

import '@xyflow/react/dist/style.css'
import { useQuery } from '@tanstack/react-query'
import { Background, Controls, MarkerType, ReactFlow, type Edge } from '@xyflow/react'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useMemo } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { formatDateTime } from '../format.ts'
import { describeError, errorCode } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { Panel } from '../ui/panel.tsx'
import { Loading } from '../ui/progress.tsx'
import { layoutLineage, type ForkEdge, type Lineage, type LineageNode } from './lineage-layout.ts'
import { ThreadNode, type ThreadFlowNode } from './thread-node.tsx'

const nodeTypes = { thread: ThreadNode }

/**
 * The fork as clone metadata records it: the message it was forked after (its
 * text, else its id), else, for clones that did not record it, where the source
 * ended at that moment. `withDate` adds when (the list; the graph stays short).
 */
function forkLabel(fork: ForkEdge['data'], withDate = false): string {
  const when = withDate && fork.clonedAt ? ` ${formatDateTime(fork.clonedAt)}` : ''
  if (fork.forkedAfter) return `forked${when} after “${fork.forkedAfter.snippet ?? fork.forkedAfter.messageId}”`
  return fork.lastMessageId ? `forked${when} · source then ended at ${fork.lastMessageId}` : `forked${when}`
}

/** The clone tree of a thread: ancestors above, clones below, each fork point on its edge. */
export function LineageView({ threadId }: { threadId: string }) {
  const trpc = useTRPC()
  const lineage = useQuery(trpc.clone.lineage.queryOptions({ threadId }))
  return (
    <div className="space-y-5">
      <Link href={`/threads/${encodeURIComponent(threadId)}`} className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-indigo-700">
        <span aria-hidden>←</span> Back to the thread
      </Link>
      <PageHeader title="Lineage" description="Where this thread came from and what was cloned from it. Click a thread to open it." />
      {lineage.error ? (
        <Notice tone="error" title={errorCode(lineage.error) === 'NOT_FOUND' ? 'Thread not found' : 'Could not load the lineage'}>
          {describeError(lineage.error)}
        </Notice>
      ) : !lineage.data ? (
        <Loading label="Loading the lineage…" />
      ) : (
        <LineageContent lineage={lineage.data} />
      )}
    </div>
  )
}

function LineageContent({ lineage }: { lineage: Lineage }) {
  const router = useRouter()
  const { nodes, edges } = useMemo(() => {
    const placed = layoutLineage(lineage)
    const flowNodes: ThreadFlowNode[] = placed.nodes.map((node) => ({ ...node, type: 'thread', draggable: false, connectable: false }))
    const flowEdges: Edge[] = placed.edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      type: 'smoothstep',
      label: forkLabel(edge.data),
      labelStyle: { fontSize: 10, fill: '#475569' },
      labelBgStyle: { fill: '#f8fafc' },
      labelBgPadding: [4, 2] as [number, number],
      markerEnd: { type: MarkerType.ArrowClosed, color: '#94a3b8' },
      style: { stroke: '#94a3b8' },
    }))
    return { nodes: flowNodes, edges: flowEdges }
  }, [lineage])
  const depth = Math.max(...nodes.map((node) => node.data.depth)) + 1
  const height = Math.min(640, Math.max(320, depth * 160))
  const alone = nodes.length === 1
  return (
    <div className="space-y-4">
      {lineage.truncated && <Notice tone="warning">This tree is very large: only its first 1000 threads are drawn.</Notice>}
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm" style={{ height }} data-testid="lineage-graph">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodeClick={(_event, node) => router.push(`/threads/${encodeURIComponent(node.id)}`)}
          nodesDraggable={false}
          nodesConnectable={false}
          fitView
          fitViewOptions={{ padding: 0.2, maxZoom: 1.1 }}
          minZoom={0.2}
        >
          <Background gap={20} color="#e2e8f0" />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      {alone && <Notice tone="info">This thread has no ancestor and no clone yet. Fork it from any message to start a branch.</Notice>}
      <Panel title="As a list" description="The same tree, for reading and keyboard use.">
        <ul className="space-y-1 text-sm">
          {lineage.ancestors.map((ancestor, index) => (
            <li key={ancestor.id} style={{ paddingLeft: index * 16 }}>
              <TreeLink node={ancestor} />
            </li>
          ))}
          <li style={{ paddingLeft: lineage.ancestors.length * 16 }}>
            <TreeLink node={lineage.thread} current />
            <Subtree nodes={lineage.thread.children} />
          </li>
        </ul>
      </Panel>
    </div>
  )
}

function Subtree({ nodes }: { nodes: LineageNode[] }) {
  if (nodes.length === 0) return null
  return (
    <ul className="mt-1 space-y-1 border-l border-slate-200 pl-4">
      {nodes.map((node) => (
        <li key={node.id}>
          <TreeLink node={node} />
          <Subtree nodes={node.children} />
        </li>
      ))}
    </ul>
  )
}

function TreeLink({ node, current = false }: { node: LineageNode; current?: boolean }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <Link href={`/threads/${encodeURIComponent(node.id)}`} className={`hover:underline ${current ? 'font-semibold text-indigo-700' : 'text-slate-800'}`}>
        {node.title || 'Untitled thread'}
      </Link>
      <span className="font-mono text-xs text-slate-400">{node.id}</span>
      {node.clonedAt && (
        <span className="inline-flex items-center gap-1 text-xs text-slate-500">
          <ForkIcon /> {forkLabel(node, true)}
        </span>
      )}
    </span>
  )
}

function ForkIcon() {
  return (
    <svg aria-hidden viewBox="0 0 16 16" className="size-3.5 text-violet-500" fill="none" stroke="currentColor" strokeWidth="1.5">
      <circle cx="4" cy="3" r="1.5" />
      <circle cx="12" cy="3" r="1.5" />
      <circle cx="8" cy="13" r="1.5" />
      <path d="M4 4.5v1.5a2 2 0 0 0 2 2h4a2 2 0 0 0 2-2V4.5M8 8v3.5" />
    </svg>
  )
}
