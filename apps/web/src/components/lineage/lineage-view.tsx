'use client'

import '@xyflow/react/dist/style.css'
import { useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { useTRPC } from '@/trpc/client.tsx'
import { describeError, errorCode } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { Panel } from '../ui/panel.tsx'
import { Loading } from '../ui/progress.tsx'
import { forkLabel } from './fork-label.ts'
import { LineageGraph } from './lineage-graph.tsx'
import type { Lineage, LineageNode } from './lineage-layout.ts'
import { BackLink } from '../ui/back-link.tsx'

/** The lineage of a thread: ancestors above, clones and branches below, as a graph and as a list. */
export function LineageView({ threadId }: { threadId: string }) {
  const trpc = useTRPC()
  const lineage = useQuery(trpc.branches.lineage.queryOptions({ threadId }))
  return (
    <div className="space-y-5">
      <BackLink href={`/threads/${encodeURIComponent(threadId)}`}>Back to the thread</BackLink>
      <PageHeader title="Lineage" description="Where this thread came from, and the clones and branches made from it. Click a thread to open it." />
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
  const alone = lineage.ancestors.length === 0 && lineage.thread.children.length === 0
  return (
    <div className="space-y-4">
      {lineage.truncated && <Notice tone="warning">This tree is very large: only its first 1000 threads are drawn.</Notice>}
      <LineageGraph lineage={lineage} />
      {alone && <Notice tone="info">This thread has no ancestor and no fork yet. Branch or clone it from any message of its timeline.</Notice>}
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
      {node.forkKind !== 'root' && (
        <span className={`text-xs ${node.forkKind === 'branch' ? 'text-teal-700' : 'text-violet-700'}`}>
          {node.forkKind === 'branch' ? '⎇ ' : ''}
          {forkLabel(node, true)}
        </span>
      )}
    </span>
  )
}
