'use client'

import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTRPC, useTRPCClient } from '@/trpc/client.tsx'
import type { RouterInputs, RouterOutputs } from '@/trpc/types.ts'

/** Where a window opens: the newest messages, the first, #N, a message, or a page next to a loaded one. */
export type TimelineAt = RouterInputs['threads']['timeline']['page']['at']
export type TimelineMessage = RouterOutputs['threads']['timeline']['page']['items'][number]

/** Messages per page: a page is one keyset read of the (thread_id, created_at, id) index. */
export const TIMELINE_PAGE_SIZE = 50
/** Pages kept in the page at once: loading more in one direction drops the farthest in the other. */
const MAX_PAGES = 8

/**
 * The loaded part of a thread's timeline: pages opened at `at`, widened a page
 * at a time either way, at most MAX_PAGES of them. Its key lives under
 * `threads`, so a turn (which invalidates `threads`) reloads it where it is.
 * Not `enabled`: nothing is read (until the URL says where to open).
 */
export function useTimelineWindow(threadId: string, at: TimelineAt, enabled: boolean) {
  const trpc = useTRPC()
  const client = useTRPCClient()
  const query = useInfiniteQuery({
    queryKey: [...trpc.threads.timeline.page.queryKey({ threadId, at, limit: TIMELINE_PAGE_SIZE }), 'window'],
    queryFn: ({ pageParam }) => client.threads.timeline.page.query({ threadId, at: pageParam, limit: TIMELINE_PAGE_SIZE }),
    initialPageParam: at,
    getPreviousPageParam: (first) => (first.before === null ? undefined : { before: first.before }),
    getNextPageParam: (last) => (last.after === null ? undefined : { after: last.after }),
    maxPages: MAX_PAGES,
    enabled,
  })
  const pages = query.data?.pages
  const messages = useMemo(
    () => pages?.flatMap((page) => page.items.map((message, index) => ({ message, position: page.firstPosition + index }))) ?? [],
    [pages],
  )
  return {
    query,
    messages,
    /** the thread's message count, as of the newest page read */
    total: pages?.at(-1)?.total ?? 0,
    firstPosition: messages[0]?.position ?? 0,
  }
}
