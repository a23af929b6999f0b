'use client'

import { useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { formatDateTime } from '../format.ts'
import { threadMessageHref } from './anchors.ts'
import { ButtonLink } from '../ui/button.tsx'
import { Panel } from '../ui/panel.tsx'

type ThreadInfo = RouterOutputs['threads']['get']

/** A clone's source by its title (its id while loading, or when the source is gone). */
function SourceTitle({ threadId }: { threadId: string }) {
  const trpc = useTRPC()
  const source = useQuery(trpc.threads.get.queryOptions({ threadId }, { retry: false }))
  return source.data ? source.data.thread.title || 'Untitled thread' : <span className="font-mono">{threadId}</span>
}

/** Where the thread came from (clone metadata, with a link to the source) and a way to its lineage graph. */
export function LineagePanel({ info }: { info: ThreadInfo | undefined }) {
  const threadId = info?.thread.id
  const clone = info?.clone ?? null
  const branch = info?.branch ?? null
  return (
    <Panel
      title="Lineage"
      description={
        branch
          ? 'This thread is a branch: it shares its source’s history up to the branch point.'
          : clone
            ? 'This thread is a clone.'
            : 'This thread is an original.'
      }
      actions={
        threadId && (
          <>
            {clone && (
              <ButtonLink
                size="sm"
                href={`/compare?a=${encodeURIComponent(clone.sourceThreadId)}&b=${encodeURIComponent(threadId)}`}
                data-testid="clone-compare-with-source"
              >
                Compare with source
              </ButtonLink>
            )}
            <ButtonLink size="sm" href={`/threads/${encodeURIComponent(threadId)}/lineage`}>
              Lineage graph
            </ButtonLink>
          </>
        )
      }
      testId="clone-panel"
    >
      {branch && (
        <dl className="mb-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-xs" data-testid="branch-metadata">
          <dt className="text-slate-500">Branch of</dt>
          <dd className="break-words">
            {branch.parentThreadId ? (
              <Link className="text-indigo-700 hover:underline" href={`/threads/${encodeURIComponent(branch.parentThreadId)}`}>
                {branch.parentTitle || branch.parentThreadId}
              </Link>
            ) : (
              'a thread out of your scope'
            )}
          </dd>
          <dt className="text-slate-500" title="The last message this branch inherits">
            Branch point
          </dt>
          <dd className="break-all font-mono">
            <Link className="text-indigo-700 hover:underline" href={threadMessageHref(branch.branchPointThreadId, branch.branchPointMessageId)}>
              {branch.branchPointMessageId}
            </Link>
          </dd>
          <dt className="text-slate-500">Branched at</dt>
          <dd>{formatDateTime(branch.branchedAt)}</dd>
        </dl>
      )}
      {clone ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-xs">
          <dt className="text-slate-500">Source</dt>
          <dd className="break-words">
            <Link className="text-indigo-700 hover:underline" href={`/threads/${encodeURIComponent(clone.sourceThreadId)}`} data-testid="clone-source-link">
              <SourceTitle threadId={clone.sourceThreadId} />
            </Link>
          </dd>
          <dt className="text-slate-500">Cloned at</dt>
          <dd>{formatDateTime(new Date(clone.clonedAt))}</dd>
          {clone.lastClonedMessageId && (
            <>
              <dt className="text-slate-500" title="The source message this clone was forked after (its last copied message)">
                Forked after
              </dt>
              <dd className="break-all font-mono">
                <Link
                  className="text-indigo-700 hover:underline"
                  href={threadMessageHref(clone.sourceThreadId, clone.lastClonedMessageId)}
                  data-testid="clone-fork-point"
                >
                  {clone.lastClonedMessageId}
                </Link>
              </dd>
            </>
          )}
          {clone.lastMessageId && (
            <>
              <dt className="text-slate-500" title="The last message the source had when it was cloned">
                Source's last message
              </dt>
              <dd className="break-all font-mono">
                <Link className="text-indigo-700 hover:underline" href={threadMessageHref(clone.sourceThreadId, clone.lastMessageId)}>
                  {clone.lastMessageId}
                </Link>
              </dd>
            </>
          )}
        </dl>
      ) : (
        !branch && <p className="text-xs text-slate-500">Clones and branches made from it appear in its lineage graph.</p>
      )}
    </Panel>
  )
}
