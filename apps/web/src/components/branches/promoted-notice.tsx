'use client'

import { useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { useSearchParams } from 'next/navigation'
import { useTRPC } from '@/trpc/client.tsx'
import { Notice } from '../ui/notice.tsx'

/** After a promote (`?promoted=<new branch id>`): where the source's former continuation went, by its title. */
export function PromotedNotice() {
  const params = useSearchParams()
  const newBranch = params.get('promoted')
  const trpc = useTRPC()
  const tail = useQuery(trpc.threads.get.queryOptions({ threadId: newBranch ?? '' }, { enabled: Boolean(newBranch) }))
  if (!newBranch) return null
  return (
    <Notice tone="success" title="Branch promoted: this thread now continues along it" testId="promoted-notice">
      The messages it had after the branch point are kept on a new branch:{' '}
      <Link className="font-medium underline" href={`/threads/${encodeURIComponent(newBranch)}`}>
        {tail.data ? `“${tail.data.thread.title || 'Untitled thread'}”` : 'the new branch'}
      </Link>
      .
    </Notice>
  )
}
