'use client'

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import Link from 'next/link'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Button } from '../ui/button.tsx'
import { plural } from '../format.ts'
import { describeError } from '../ui/describe-error.ts'

export type ThreadBranch = Pick<RouterOutputs['branches']['list'][number], 'id' | 'title'>

/** Most branches the confirmation names one by one; the rest are counted. */
const NAMED_BRANCHES = 5

/**
 * Deletes the thread (messages, vectors, thread-scoped memory) after a
 * confirmation; its clones keep their lineage. A thread with branches offers
 * the two ways: make the branches independent first, or delete them too.
 */
export function DeleteThreadButton({ threadId, title, branches }: { threadId: string; title: string; branches: readonly ThreadBranch[] }) {
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
      {branches.length === 0 ? (
        <>
          <span className="text-xs text-slate-600">Delete this thread and its messages? Its clones stay.</span>
          <Button size="sm" variant="danger" onClick={() => remove.mutate({ threadId })} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Yes, delete'}
          </Button>
        </>
      ) : (
        <>
          <span className="text-xs text-slate-600" data-testid="delete-branches-choice">
            This thread has {plural(branches.length, 'branch')} reading its history: <AffectedBranches branches={branches} />. Delete it and:
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

/** The branches a delete affects, by title (each a link), so the operator knows which threads the choice decides for. */
function AffectedBranches({ branches }: { branches: readonly ThreadBranch[] }) {
  const named = branches.slice(0, NAMED_BRANCHES)
  const more = branches.length - named.length
  return (
    <span data-testid="delete-affected-branches">
      {named.map((branch, index) => (
        <span key={branch.id}>
          {index > 0 && ', '}
          <Link href={`/threads/${encodeURIComponent(branch.id)}`} className="break-words font-medium text-indigo-700 hover:underline">
            “{branch.title || 'Untitled branch'}”
          </Link>
        </span>
      ))}
      {more > 0 && ` and ${more} more`}
    </span>
  )
}
