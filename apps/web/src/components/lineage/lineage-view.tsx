'use client'

import '@xyflow/react/dist/style.css'
import { useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { describeError, errorCode } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { Panel } from '../ui/panel.tsx'
import { ButtonLink } from '../ui/button.tsx'
import { checkboxClass } from '../ui/field.tsx'
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

/** Two threads picked in the list, for Compare (a third pick replaces the older one). */
function useComparePicks() {
  const [picked, setPicked] = useState<LineageNode[]>([])
  const toggle = (node: LineageNode) =>
    setPicked((current) => (current.some((each) => each.id === node.id) ? current.filter((each) => each.id !== node.id) : [...current, node].slice(-2)))
  return { picked, toggle, isPicked: (id: string) => picked.some((each) => each.id === id) }
}

function LineageContent({ lineage }: { lineage: Lineage }) {
  const alone = lineage.ancestors.length === 0 && lineage.thread.children.length === 0
  const picks = useComparePicks()
  const [first, second] = picks.picked
  return (
    <div className="space-y-4">
      {lineage.truncated && <Notice tone="warning">This tree is very large: only its first 1000 threads are drawn.</Notice>}
      <LineageGraph lineage={lineage} />
      {alone && <Notice tone="info">This thread has no ancestor and no fork yet. Branch or clone it from any message of its timeline.</Notice>}
      <Panel
        title="As a list"
        description="The same tree, for reading and keyboard use. Tick two threads to compare them."
        actions={
          first && second ? (
            <ButtonLink
              size="sm"
              variant="primary"
              href={`/compare?a=${encodeURIComponent(first.id)}&b=${encodeURIComponent(second.id)}`}
              data-testid="lineage-compare"
            >
              Compare “{first.title || 'Untitled'}” with “{second.title || 'Untitled'}”
            </ButtonLink>
          ) : (
            <span className="text-xs text-slate-500">{picks.picked.length === 1 ? 'Tick one more to compare' : 'Tick two to compare'}</span>
          )
        }
      >
        <ul className="space-y-1 text-sm">
          {lineage.ancestors.map((ancestor, index) => (
            <li key={ancestor.id} style={{ paddingLeft: index * 16 }}>
              <TreeLink node={ancestor} picks={picks} />
            </li>
          ))}
          <li style={{ paddingLeft: lineage.ancestors.length * 16 }}>
            <TreeLink node={lineage.thread} picks={picks} current />
            <Subtree nodes={lineage.thread.children} picks={picks} />
          </li>
        </ul>
      </Panel>
    </div>
  )
}

type Picks = ReturnType<typeof useComparePicks>

function Subtree({ nodes, picks }: { nodes: LineageNode[]; picks: Picks }) {
  if (nodes.length === 0) return null
  return (
    <ul className="mt-1 space-y-1 border-l border-slate-200 pl-4">
      {nodes.map((node) => (
        <li key={node.id}>
          <TreeLink node={node} picks={picks} />
          <Subtree nodes={node.children} picks={picks} />
        </li>
      ))}
    </ul>
  )
}

function TreeLink({ node, picks, current = false }: { node: LineageNode; picks: Picks; current?: boolean }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <input
        type="checkbox"
        className={`${checkboxClass} self-center`}
        checked={picks.isPicked(node.id)}
        onChange={() => picks.toggle(node)}
        aria-label={`Pick “${node.title || 'Untitled thread'}” to compare`}
      />
      <Link href={`/threads/${encodeURIComponent(node.id)}`} className={`hover:underline ${current ? 'font-semibold text-indigo-700' : 'text-slate-800'}`}>
        {node.title || 'Untitled thread'}
      </Link>
      {node.forkKind !== 'root' && (
        <span className={`text-xs ${node.forkKind === 'branch' ? 'text-teal-700' : 'text-violet-700'}`}>
          {node.forkKind === 'branch' ? '⎇ ' : ''}
          {forkLabel(node, true)}
        </span>
      )}
    </span>
  )
}
