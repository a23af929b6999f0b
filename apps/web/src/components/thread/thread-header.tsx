import type { RouterOutputs } from '@/trpc/types.ts'
import { CopyableId } from '../ui/copyable-id.tsx'
import { Badge } from '../badge.tsx'
import { formatDateTime } from '../format.ts'
import { BranchActions } from '../branches/branch-actions.tsx'
import { ButtonLink } from '../ui/button.tsx'
import { DeleteThreadButton, type ThreadBranch } from './delete-thread-button.tsx'

type Thread = RouterOutputs['threads']['byId']['thread']
type BranchInfo = NonNullable<RouterOutputs['threads']['get']['branch']>

export function ThreadHeader({
  thread,
  messageCount,
  branch,
  inheritedCount,
  branches,
}: {
  thread: Thread
  messageCount: number
  /** null: not a branch */
  branch: BranchInfo | null
  inheritedCount: number
  /** direct branches of this thread */
  branches: readonly ThreadBranch[]
}) {
  const id = encodeURIComponent(thread.id)
  return (
    <header className="rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight">{thread.title || 'Untitled thread'}</h1>
          <p className="mt-1 flex min-w-0 text-xs">
            <CopyableId id={thread.id} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{thread.resourceId}</Badge>
          {branch && (
            <Badge tone="teal" title={`Shares its history with ${branch.parentTitle || branch.parentThreadId || 'its source'} up to the branch point`}>
              ⎇ Branch
            </Badge>
          )}
          {thread.sourceThreadId !== null && (
            <Badge tone="violet" title="Its source and clone metadata are in the side panel">
              Clone
            </Badge>
          )}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-3 text-sm sm:max-w-2xl">
        <div>
          <dt className="text-slate-500">Messages</dt>
          <dd className="font-medium tabular-nums">
            {messageCount}
            {inheritedCount > 0 && <span className="ml-1 text-xs font-normal text-slate-500">({inheritedCount} inherited)</span>}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Created</dt>
          <dd className="font-medium">{formatDateTime(thread.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Updated</dt>
          <dd className="font-medium">{formatDateTime(thread.updatedAt)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <ButtonLink size="sm" variant="primary" href={`/threads/${id}/fork`}>
          Clone…
        </ButtonLink>
        <ButtonLink size="sm" href={`/threads/${id}/lineage`}>
          Lineage
        </ButtonLink>
        <ButtonLink size="sm" href={`/recall?thread=${id}`}>
          Search this thread
        </ButtonLink>
        <ButtonLink size="sm" href={`/playground?thread=${id}`}>
          Test in playground
        </ButtonLink>
        <ButtonLink size="sm" href={`/threads/${id}/context`}>
          Context window
        </ButtonLink>
        <ButtonLink size="sm" href={`/threads/${id}/compare-models`}>
          Compare models
        </ButtonLink>
        {branch?.parentThreadId && (
          <BranchActions
            threadId={thread.id}
            title={thread.title}
            parentThreadId={branch.parentThreadId}
            parentTitle={branch.parentTitle}
            inheritedCount={inheritedCount}
          />
        )}
        <DeleteThreadButton threadId={thread.id} title={thread.title} branches={branches} />
      </div>
    </header>
  )
}
