'use client'

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useTRPC } from '@/trpc/client.tsx'
import { describeError } from '../ui/describe-error.ts'

/** One click: a branch of the thread cut at this message (it shares the history up to it), then its page. */
export function BranchFromHere({ threadId, messageId }: { threadId: string; messageId: string }) {
  const trpc = useTRPC()
  const router = useRouter()
  const queryClient = useQueryClient()
  const branch = useMutation(
    trpc.branches.create.mutationOptions({
      onSuccess: async ({ thread }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.branches.pathKey() })
        await queryClient.invalidateQueries({ queryKey: trpc.threads.list.queryKey() })
        router.push(`/threads/${encodeURIComponent(thread.id)}`)
      },
    }),
  )
  return (
    <>
      <button
        type="button"
        data-shortcut="b"
        onClick={() => branch.mutate({ sourceThreadId: threadId, branchPointMessageId: messageId })}
        disabled={branch.isPending || branch.isSuccess}
        title="A new thread that shares this history up to and including this message (nothing is copied)"
        className="rounded px-1.5 py-0.5 text-xs font-medium text-teal-700 hover:bg-teal-50 disabled:opacity-60"
      >
        <span aria-hidden>⎇ </span>
        {branch.isPending || branch.isSuccess ? 'Branching…' : 'Branch from here'}
      </button>
      {branch.error && (
        <span role="alert" className="text-xs text-red-700">
          {describeError(branch.error)}
        </span>
      )}
    </>
  )
}
