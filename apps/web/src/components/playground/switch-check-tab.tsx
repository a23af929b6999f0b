'use client'

import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterInputs } from '@/trpc/types.ts'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Field, inputClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Spinner } from '../ui/progress.tsx'
import { ThreadField } from './thread-field.tsx'
import { SwitchCheckTable, type FamilyDetail } from './switch-check-table.tsx'

type CheckInput = RouterInputs['playground']['switchCheck']['families']
type Entry<T> = { pending: boolean; error: unknown; data: T | undefined }

/** The newest messages a check covers unless changed, and at most (the server's window). */
const DEFAULT_NEWEST = 100
const MAX_NEWEST = 200

/** Per family of the last check: a request's state, started by `start` and dropped again by `clear`. */
function useFamilyEntries<T>() {
  const [entries, setEntries] = useState<Record<string, Entry<T>>>({})
  const update = (family: string, entry: Entry<T> | null) =>
    setEntries((current) => {
      const { [family]: _replaced, ...rest } = current
      return entry === null ? rest : { ...rest, [family]: entry }
    })
  function start(family: string, request: Promise<T>) {
    update(family, { pending: true, error: null, data: undefined })
    request.then(
      (data) => update(family, { pending: false, error: null, data }),
      (error: unknown) => update(family, { pending: false, error, data: undefined }),
    )
  }
  return { entries, start, clear: (family: string) => update(family, null), reset: () => setEntries({}) }
}

/** Switch check: for every provider family, is this thread accepted as stored, what would the compiler change (and drop), and does the compiled continuation go through. */
export function SwitchCheckTab({ initialThreadId }: { initialThreadId: string }) {
  const trpc = useTRPC()
  const [threadId, setThreadId] = useState(initialThreadId)
  const [newest, setNewest] = useState(DEFAULT_NEWEST)
  const check = useMutation(trpc.playground.switchCheck.families.mutationOptions())
  const diff = useMutation(trpc.playground.switchCheck.diff.mutationOptions())
  const run = useMutation(trpc.playground.switchCheck.run.mutationOptions())
  const diffs = useFamilyEntries<Awaited<ReturnType<typeof diff.mutateAsync>>>()
  const runs = useFamilyEntries<Awaited<ReturnType<typeof run.mutateAsync>>>()
  /** the thread and window of the table shown: its diffs and continuations use the same */
  const checked: CheckInput | undefined = check.variables

  function onCheck() {
    diffs.reset()
    runs.reset()
    check.mutate({ threadId, limit: newest })
  }

  const detailOf = (family: string): FamilyDetail => ({ diff: diffs.entries[family] ?? null, run: runs.entries[family] ?? null })
  const validNewest = Number.isInteger(newest) && newest >= 1 && newest <= MAX_NEWEST
  const coverage = check.data?.window

  return (
    <div className="space-y-5">
      <Panel
        title="Thread"
        description="Its newest messages, continued by one user turn, are sent to every provider family's strict loopback dialect through the family's real AI SDK package."
      >
        <div className="grid items-end gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_auto]">
          <ThreadField value={threadId} onChange={setThreadId} />
          <Field label="Newest messages" hint={`1 to ${MAX_NEWEST}`}>
            <input className={inputClass} type="number" min={1} max={MAX_NEWEST} value={newest} onChange={(event) => setNewest(Number(event.target.value))} />
          </Field>
          <Button variant="primary" onClick={onCheck} disabled={threadId === '' || !validNewest || check.isPending}>
            {check.isPending ? (
              <>
                <Spinner /> Checking…
              </>
            ) : (
              'Check every family'
            )}
          </Button>
        </div>
      </Panel>

      {check.error && (
        <Notice tone="error" title="The check failed">
          {describeError(check.error)}
        </Notice>
      )}
      {check.data && checked && (
        <Panel
          title="Provider families"
          description={`${check.data.families.filter((row) => row.asIs.accepted).length} of ${check.data.families.length} accept the history as stored; the compiler makes the rest acceptable before the call. ${check.data.families.filter((row) => row.compiledContent.dropped.length === 0).length} of ${check.data.families.length} compiled prompts keep every stored text and every call with its result. Nothing is saved.`}
          testId="switch-check-result"
        >
          <div className="space-y-3">
            {coverage && (
              <Notice tone="info" testId="switch-check-window">
                {coverage.checked < coverage.total
                  ? `Checked the newest ${coverage.checked} of the thread's ${coverage.total} messages (the window is bounded: at most ${MAX_NEWEST} messages and 256 KB).`
                  : `Checked all ${coverage.total} messages of the thread.`}
              </Notice>
            )}
            <SwitchCheckTable
              rows={check.data.families}
              detailOf={detailOf}
              onDiff={(family) => (diffs.entries[family] ? diffs.clear(family) : diffs.start(family, diff.mutateAsync({ ...checked, family })))}
              onRun={(family) => runs.start(family, run.mutateAsync({ ...checked, family }))}
            />
          </div>
        </Panel>
      )}
    </div>
  )
}
