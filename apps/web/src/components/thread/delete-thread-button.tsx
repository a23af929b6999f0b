'use client'

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { Button } from '../ui/button.tsx'
import { plural } from '../branches/fork-markers.ts'
import { describeError } from '../ui/describe-error.ts'

/**
 * Deletes the thread (messages, vectors, thread-scoped memory) after a
 * confirmation; its clones keep their lineage. A thread with branches offers
 * the two ways: make the branches independent first, or delete them too.
 */
export function DeleteThreadButton({ threadId, title, branchCount }: { threadId: string; title: string; branchCount: number }) {
  const trpc = useTRPC()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const remove = useMutation(
    trpc.threads.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.threads.list.queryKey() })
        router.push(`/?deleted=${encodeURIComponent(title || threadId)}`)
      },
    }),
  )
  if (!confirming) {
    return (
      <Button size="sm" variant="danger" onClick={() => setConfirming(true)} className="ml-auto">
        Delete…
      </Button>
    )
  }
  return (
    <div className="ml-auto flex flex-wrap items-center gap-2">
      {branchCount === 0 ? (
        <>
          <span className="text-xs text-slate-600">Delete this thread and its messages? Its clones stay.</span>
          <Button size="sm" variant="danger" onClick={() => remove.mutate({ threadId })} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Yes, delete'}
          </Button>
        </>
      ) : (
        <>
          <span className="text-xs text-slate-600" data-testid="delete-branches-choice">
            This thread has {plural(branchCount, 'branch')} reading its history. Delete it and:
          </span>
          <Button size="sm" variant="danger" onClick={() => remove.mutate({ threadId, branches: 'materialize' })} disabled={remove.isPending}>
            Keep its branches (copy their history)
          </Button>
          <Button size="sm" variant="danger" onClick={() => remove.mutate({ threadId, branches: 'delete' })} disabled={remove.isPending}>
            Delete its branches too
          </Button>
        </>
      )}
      <Button size="sm" variant="ghost" onClick={() => setConfirming(false)} disabled={remove.isPending}>
        Cancel
      </Button>
      {remove.error && (
        <span role="alert" className="basis-full text-xs text-red-700">
          {describeError(remove.error)}
        </span>
      )}
    </div>
  )
}
