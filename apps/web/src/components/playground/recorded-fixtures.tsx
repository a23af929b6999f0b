'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { formatRelative } from '../format.ts'
import { describeError } from '../ui/describe-error.ts'
import { InlineDelete } from '../ui/inline-delete.tsx'
import { Notice } from '../ui/notice.tsx'
import { Loading } from '../ui/progress.tsx'

/** A saved rule's fixtures recorded from calls ("Save as fixture"): listed when opened, each deleted on its own (after a confirmation). */
export function RecordedFixtures({ ruleId, count }: { ruleId: string; count: number }) {
  const [open, setOpen] = useState(false)
  return (
    <details className="text-xs" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-indigo-700">Recorded fixtures ({count})</summary>
      {open && <RecordedFixtureList ruleId={ruleId} />}
    </details>
  )
}

function RecordedFixtureList({ ruleId }: { ruleId: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const fixtures = useQuery(trpc.playground.fixtures.list.queryOptions({ ruleId }))
  const [confirming, setConfirming] = useState<string | null>(null)
  const [deleted, setDeleted] = useState<string | null>(null)
  const remove = useMutation(
    trpc.playground.fixtures.delete.mutationOptions({
      onSuccess: async (_result, input) => {
        setConfirming(null)
        setDeleted(fixtures.data?.find((fixture) => fixture.id === input.id)?.fixture.name ?? input.id)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.playground.fixtures.list.queryKey({ ruleId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.playground.rules.list.queryKey() }),
        ])
      },
    }),
  )
  if (fixtures.error) return <Notice tone="error">{describeError(fixtures.error)}</Notice>
  if (!fixtures.data) return <Loading label="Loading recorded fixtures…" />
  return (
    <div className="mt-2 space-y-2">
      {deleted && <Notice tone="success">Deleted the recorded fixture “{deleted}”.</Notice>}
      {remove.error && <Notice tone="error">{describeError(remove.error)}</Notice>}
      {fixtures.data.length === 0 ? (
        <p className="text-slate-600">No recorded fixture left.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Recorded fixtures">
          {fixtures.data.map((recorded) => (
            <li key={recorded.id} data-testid="recorded-fixture" className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="min-w-48 flex-1 break-words font-medium [overflow-wrap:anywhere]">{recorded.fixture.name}</span>
              <span className="break-words text-slate-500 [overflow-wrap:anywhere]">
                call {recorded.sourceCallId}, attempt {recorded.sourceAttempt} · saved {formatRelative(recorded.createdAt)}
              </span>
              <InlineDelete
                confirming={confirming === recorded.id}
                question="Delete this fixture?"
                pending={remove.isPending}
                ariaLabel={`Delete recorded fixture ${recorded.fixture.name}`}
                onAsk={() => {
                  setDeleted(null)
                  setConfirming(recorded.id)
                }}
                onConfirm={() => remove.mutate({ id: recorded.id })}
                onCancel={() => setConfirming(null)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
