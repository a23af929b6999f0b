'use client'

import { useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { THREAD_DIFF_MAX_MESSAGES } from '@threadline/api/client'
import { useTRPC } from '@/trpc/client.tsx'
import { plural } from '../format.ts'
import type { BranchSummary } from './fork-markers.ts'
import { laterMessagesMoveSentence } from './promote-wording.ts'

type PromoteSummaryProps = {
  threadId: string
  title: string
  parentThreadId: string
  parentTitle: string | null
}

function BranchList({ branches, testId }: { branches: BranchSummary[]; testId: string }) {
  return (
    <ul className="ml-4 list-disc space-y-0.5" data-testid={testId}>
      {branches.map((branch) => (
        <li key={branch.id} className="break-words">
          <Link className="text-indigo-700 hover:underline" href={`/threads/${encodeURIComponent(branch.id)}`}>
            {branch.title || branch.id}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/**
 * What promoteBranch will do, named: the source's later messages and the
 * branches cut in them go to a new branch (the abandoned tail, nothing lost),
 * this branch's own branches become the source's.
 */
export function PromoteSummary({ threadId, title, parentThreadId, parentTitle }: PromoteSummaryProps) {
  const trpc = useTRPC()
  // the counts are the whole diff's; the source's later messages come as one capped page, the largest, to find the siblings cut in them
  const diff = useQuery(trpc.branches.diff.queryOptions({ threadIdA: threadId, threadIdB: parentThreadId, limit: THREAD_DIFF_MAX_MESSAGES }))
  const siblings = useQuery(trpc.branches.list.queryOptions({ threadId: parentThreadId }))
  const children = useQuery(trpc.branches.list.queryOptions({ threadId }))
  const error = diff.error ?? siblings.error ?? children.error
  if (error) return <p className="text-red-700">{error.message}</p>
  if (!diff.data || !siblings.data || !children.data) return <p className="text-slate-500">Counting the messages…</p>

  const parentName = `“${parentTitle || parentThreadId}”`
  const newBranchName = parentTitle ? `“Branch of ${parentTitle}”` : 'an untitled branch'
  // a sibling cut in the source's history past this branch's point reads messages that move: it follows them
  const later = new Set(diff.data.onlyInB.map((message) => message.id))
  const toNewBranch = siblings.data.filter((branch) => branch.id !== threadId && branch.branchPointMessageId !== null && later.has(branch.branchPointMessageId))
  const laterLoaded = diff.data.truncated.onlyInB === null ? null : diff.data.onlyInB.length
  return (
    <div className="space-y-2" data-testid="promote-summary">
      <p>
        {parentName} will continue along this branch: its history becomes the {plural(diff.data.commonMessageCount, 'shared message')} up to the branch point,
        then this branch&apos;s {plural(diff.data.onlyInACount, 'message')}.
      </p>
      <p data-testid="promote-new-branch">{laterMessagesMoveSentence(diff.data.onlyInBCount, parentName, newBranchName)}</p>
      {toNewBranch.length > 0 ? (
        <div>
          <p>
            {plural(toNewBranch.length, 'branch')} cut in {laterLoaded === null ? 'those messages' : `the first ${laterLoaded} of those messages`} move with
            them to the new branch{laterLoaded === null ? '' : ' (and any cut in the later ones)'}:
          </p>
          <BranchList branches={toNewBranch} testId="promote-to-new-branch" />
        </div>
      ) : null}
      {children.data.length > 0 ? (
        <div>
          <p>
            {children.data.length === 1
              ? `1 branch of this branch becomes a branch of ${parentName}:`
              : `${children.data.length} branches of this branch become branches of ${parentName}:`}
          </p>
          <BranchList branches={children.data} testId="promote-to-source" />
        </div>
      ) : null}
      <p className="text-slate-500">
        One transaction. This branch (“{title || threadId}”) is then the source itself, with this branch&apos;s working and observational memory.
      </p>
    </div>
  )
}
