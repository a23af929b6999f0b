'use client'

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { messageParts, type StoredMessage } from '@threadline/engine'
import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { DialogFooter } from '../ui/dialog-footer.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Field, inputClass } from '../ui/field.tsx'
import { suggestBranchTitle } from './branch-title.ts'

/**
 * "Branch from here" (and `b` on a focused message): a small dialog asks for
 * the branch's name, prefilled from the message and selected, so `b`, type,
 * Enter is one flow. Nothing is written until Enter; Escape (or Cancel) leaves
 * no thread behind.
 */
export function BranchFromHere({ threadId, message }: { threadId: string; message: StoredMessage }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        data-shortcut="b"
        onClick={() => setOpen(true)}
        title="A new thread that shares this history up to and including this message (nothing is copied)"
        className="rounded px-1.5 py-0.5 text-xs font-medium text-teal-700 hover:bg-teal-50"
      >
        <span aria-hidden>⎇ </span>
        Branch from here
      </button>
      {open && <BranchDialog threadId={threadId} message={message} onClose={() => setOpen(false)} />}
    </>
  )
}

function BranchDialog({ threadId, message, onClose }: { threadId: string; message: StoredMessage; onClose: () => void }) {
  const trpc = useTRPC()
  const router = useRouter()
  const queryClient = useQueryClient()
  const dialog = useRef<HTMLDialogElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [title, setTitle] = useState(() => suggestBranchTitle(messageParts(message).find((part) => part.type === 'text')?.text ?? ''))
  const branch = useMutation(
    trpc.branches.create.mutationOptions({
      onSuccess: async ({ thread }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.branches.pathKey() })
        await queryClient.invalidateQueries({ queryKey: trpc.threads.list.queryKey() })
        router.push(`/threads/${encodeURIComponent(thread.id)}`)
      },
    }),
  )
  const busy = branch.isPending || branch.isSuccess
  useEffect(() => {
    dialog.current?.showModal()
    input.current?.select()
  }, [])
  return (
    <dialog
      ref={dialog}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onClose()
      }}
      aria-labelledby="branch-dialog-title"
      data-testid="branch-dialog"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/50"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!busy) branch.mutate({ sourceThreadId: threadId, branchPointMessageId: message.id, ...(title.trim() === '' ? {} : { title: title.trim() }) })
        }}
      >
        <div className="space-y-3 px-5 py-4">
          <h2 id="branch-dialog-title" className="text-base font-semibold">
            Branch from this message
          </h2>
          <Field label="Branch name" hint="Enter creates the branch (it shares the history up to this message); Escape cancels.">
            <input ref={input} className={inputClass} value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} disabled={busy} />
          </Field>
          {branch.error && (
            <p role="alert" className="text-sm text-red-700">
              {describeError(branch.error)}
            </p>
          )}
        </div>
        <DialogFooter confirmLabel="Create branch" pendingLabel="Branching…" pending={busy} onCancel={onClose} />
      </form>
    </dialog>
  )
}
