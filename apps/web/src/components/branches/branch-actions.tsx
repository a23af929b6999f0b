'use client'

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { Button, ButtonLink } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { describeError } from '../ui/describe-error.ts'
import { plural } from '../format.ts'
import { PromoteSummary } from './promote-summary.tsx'

type BranchActionsProps = {
  threadId: string
  title: string
  parentThreadId: string
  parentTitle: string | null
  /** the messages this branch reads from its ancestors */
  inheritedCount: number
}

/** A branch's own actions: compare it with its source, promote it into the source, or make it independent. */
export function BranchActions({ threadId, title, parentThreadId, parentTitle, inheritedCount }: BranchActionsProps) {
  const trpc = useTRPC()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [dialog, setDialog] = useState<'promote' | 'materialize' | null>(null)
  const refresh = () => queryClient.invalidateQueries()
  const promote = useMutation(
    trpc.branches.promote.mutationOptions({
      onSuccess: async (result) => {
        // stale, not refetched here: this page's id now redirects, and refetching it would race the push with the redirect
        await queryClient.invalidateQueries({ refetchType: 'none' })
        setDialog(null)
        router.push(`/threads/${encodeURIComponent(result.thread.id)}?promoted=${encodeURIComponent(result.newBranchThread.id)}`)
      },
    }),
  )
  const materialize = useMutation(
    trpc.branches.materialize.mutationOptions({
      onSuccess: async () => {
        await refresh()
        setDialog(null)
      },
    }),
  )
  const parentName = `“${parentTitle || parentThreadId}”`
  return (
    <>
      <ButtonLink size="sm" href={`/compare?a=${encodeURIComponent(parentThreadId)}&b=${encodeURIComponent(threadId)}`}>
        Compare with source
      </ButtonLink>
      <Button size="sm" onClick={() => setDialog('promote')}>
        Promote…
      </Button>
      <Button size="sm" onClick={() => setDialog('materialize')}>
        Materialize…
      </Button>
      <ConfirmDialog
        open={dialog === 'promote'}
        title="Promote this branch"
        confirmLabel="Promote"
        pending={promote.isPending}
        error={promote.error ? describeError(promote.error) : null}
        onConfirm={() => promote.mutate({ branchThreadId: threadId })}
        onCancel={() => setDialog(null)}
        testId="promote-dialog"
      >
        {dialog === 'promote' ? <PromoteSummary threadId={threadId} title={title} parentThreadId={parentThreadId} parentTitle={parentTitle} /> : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'materialize'}
        title="Materialize this branch"
        confirmLabel="Materialize"
        pending={materialize.isPending}
        error={materialize.error ? describeError(materialize.error) : null}
        onConfirm={() => materialize.mutate({ threadId })}
        onCancel={() => setDialog(null)}
        testId="materialize-dialog"
      >
        <p>
          The {plural(inheritedCount, 'inherited message')} this branch reads from {parentName} will be copied into it (with their vectors), under the same
          thread id.
        </p>
        <p>It becomes an independent thread: later changes to its ancestors no longer matter to it, and it no longer blocks them.</p>
      </ConfirmDialog>
    </>
  )
}
