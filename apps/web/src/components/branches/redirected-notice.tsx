'use client'

import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'next/navigation'
import { useTRPC } from '@/trpc/client.tsx'
import { formatDateTime } from '../format.ts'
import { Notice } from '../ui/notice.tsx'

/**
 * On a thread reached through an old id (`?movedFrom=<id>`: a link to a
 * branch promoted since, from the calls or audit pages or a bookmark): which
 * branch it was, and that its history now lives here.
 */
export function RedirectedNotice({ threadTitle }: { threadTitle: string }) {
  const movedFrom = useSearchParams().get('movedFrom')
  const trpc = useTRPC()
  const old = useQuery(trpc.threads.get.queryOptions({ threadId: movedFrom ?? '' }, { enabled: Boolean(movedFrom) }))
  const redirect = old.data?.redirectedFrom
  if (!movedFrom || !redirect) return null
  return (
    <Notice tone="info" title={`Branch “${redirect.title || 'Untitled branch'}” was promoted`} testId="redirected-notice">
      Its history now lives in “{threadTitle || 'Untitled thread'}” (promoted {formatDateTime(redirect.at)}). Links to its old id{' '}
      <span className="font-mono text-xs [overflow-wrap:anywhere]">{redirect.threadId}</span> lead here.
    </Notice>
  )
}
