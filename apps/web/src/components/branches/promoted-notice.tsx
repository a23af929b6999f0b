'use client'

import Link from 'next/link'
import { useSearchParams } from 'next/navigation'
import { Notice } from '../ui/notice.tsx'

/** After a promote (`?promoted=<new branch id>`): where the source's former continuation went. */
export function PromotedNotice() {
  const params = useSearchParams()
  const newBranch = params.get('promoted')
  if (!newBranch) return null
  return (
    <Notice tone="success" title="Branch promoted: this thread now continues along it" testId="promoted-notice">
      The messages it had after the branch point are kept on a new branch:{' '}
      <Link className="font-medium underline" href={`/threads/${encodeURIComponent(newBranch)}`}>
        {newBranch}
      </Link>
      .
    </Notice>
  )
}
