'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import Link from 'next/link'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Field, inputClass, selectClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'

/**
 * "Save as fixture" on a failed attempt: its error and the messages become a
 * regression fixture of a saved rule, which the playground then runs.
 */
export function SaveFixtureForm({ callId, attempt, defaultName }: { callId: string; attempt: number; defaultName: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState(defaultName)
  const [ruleId, setRuleId] = useState('')
  const rules = useQuery({ ...trpc.playground.rules.list.queryOptions(), enabled: open })
  const save = useMutation(
    trpc.playground.fixtures.saveFromCall.mutationOptions({
      onSuccess: async () => {
        setOpen(false)
        await queryClient.invalidateQueries({ queryKey: trpc.playground.rules.list.queryKey() })
      },
    }),
  )
  const chosen = ruleId || rules.data?.[0]?.id || ''
  if (save.data && !open) {
    const rule = rules.data?.find((candidate) => candidate.id === save.data.ruleId)
    const ruleName = rule ? `“${rule.name}”` : 'the rule'
    return (
      <>
        <Notice tone="success" className="mt-2">
          Saved “{save.data.fixture.name}” as a fixture of {ruleName}.{' '}
          <Link href="/playground" className="font-medium underline">
            Run it in the playground
          </Link>
        </Notice>
        {!save.data.check.passed && (
          <Notice tone="warning" className="mt-2" title={`${ruleName} does not handle this error: the fixture fails`} testId="fixture-mismatch">
            <span className="break-words [overflow-wrap:anywhere]">{save.data.check.failures.join('; ')}</span>. Change the rule (its error patterns or its fix)
            until it passes: while it fails, the rule cannot be enabled.
          </Notice>
        )}
      </>
    )
  }
  if (!open) {
    return (
      <Button size="sm" className="mt-2" onClick={() => setOpen(true)}>
        Save as fixture
      </Button>
    )
  }
  return (
    <form
      className="mt-2 space-y-2 rounded-md border border-slate-200 bg-white p-2"
      aria-label="Save as fixture"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate({ callId, attempt, ruleId: chosen, name })
      }}
    >
      {rules.data?.length === 0 ? (
        <Notice tone="info">
          A fixture belongs to a saved rule: save one in the <Link href="/playground">playground</Link> first.
        </Notice>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <Field label="Fixture name">
            <input className={inputClass} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} required />
          </Field>
          <Field label="Saved rule" hint="It must keep matching and repairing this error">
            <select className={selectClass} value={chosen} onChange={(event) => setRuleId(event.target.value)}>
              {rules.data?.map((rule) => (
                <option key={rule.id} value={rule.id}>
                  {rule.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
      {(save.error ?? rules.error) && <Notice tone="error">{describeError(save.error ?? rules.error)}</Notice>}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="primary" type="submit" disabled={!chosen || !name.trim() || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save fixture'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
