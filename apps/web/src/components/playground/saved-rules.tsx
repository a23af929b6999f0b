'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { EmptyState } from '../empty-state.tsx'
import { formatRelative } from '../format.ts'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { InlineDelete } from '../ui/inline-delete.tsx'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Loading } from '../ui/progress.tsx'
import { EnableRuleConfirmation } from './enable-rule-confirmation.tsx'
import { RecordedFixtures } from './recorded-fixtures.tsx'

export type LoadedRule = RouterOutputs['playground']['rules']['get']
type FixtureRun = RouterOutputs['playground']['rules']['runFixtures']

/**
 * The saved rules: load one into the editor, run its fixtures (a rule whose
 * fixtures fail is flagged), list and delete its recorded fixtures, enable it
 * (after a confirmation saying what it will change) or disable it, delete it
 * (after a confirmation).
 */
export function SavedRules({ onLoad }: { onLoad: (rule: LoadedRule) => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const rules = useQuery(trpc.playground.rules.list.queryOptions())
  const [results, setResults] = useState<Record<string, FixtureRun>>({})
  const [deleted, setDeleted] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<string | null>(null)
  const [enabling, setEnabling] = useState<string | null>(null)
  const health = useQuery(trpc.playground.rules.fixtureHealth.queryOptions())
  const failingOf = new Map(health.data?.map((entry) => [entry.ruleId, entry.failing]))
  const runFixtures = useMutation(
    trpc.playground.rules.runFixtures.mutationOptions({
      onSuccess: async (run) => {
        setResults((current) => ({ ...current, [run.ruleId]: run }))
        // the run stored its result: the flag follows it
        await refresh()
      },
    }),
  )
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.playground.rules.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.playground.rules.fixtureHealth.queryKey() }),
    ])
  const setEnabled = useMutation(
    trpc.playground.rules.update.mutationOptions({
      onSuccess: async () => {
        setEnabling(null)
        await refresh()
      },
    }),
  )
  const remove = useMutation(
    trpc.playground.rules.delete.mutationOptions({
      onSuccess: async (_result, input) => {
        setConfirming(null)
        setDeleted(rules.data?.find((rule) => rule.id === input.id)?.name ?? input.id)
        await refresh()
      },
    }),
  )
  return (
    <Panel title="Saved rules" bodyClassName="">
      {deleted && (
        <Notice tone="success" className="m-3">
          Deleted “{deleted}”.
        </Notice>
      )}
      {(runFixtures.error ?? remove.error ?? setEnabled.error) && (
        <Notice tone="error" className="m-3">
          {describeError(runFixtures.error ?? remove.error ?? setEnabled.error)}
        </Notice>
      )}
      {rules.error ? (
        <Notice tone="error" title="Could not load the saved rules" className="m-3">
          {describeError(rules.error)}
        </Notice>
      ) : !rules.data ? (
        <div className="px-4">
          <Loading label="Loading saved rules…" />
        </div>
      ) : rules.data.length === 0 ? (
        <EmptyState title="No saved rules" description="Write a rule in the editor, test it, then save it with its fixtures." />
      ) : (
        <ul className="divide-y divide-slate-100">
          {rules.data.map((rule) => {
            const run = results[rule.id]
            const fixtures = rule.fixtures.length + rule.recordedFixtures
            const failing = failingOf.get(rule.id) ?? []
            return (
              <li key={rule.id} className="space-y-2 px-4 py-3" data-testid="saved-rule">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm font-medium">{rule.name}</span>
                  {rule.enabled ? (
                    <Badge tone="emerald" title="Runs on every workbench turn">
                      enabled
                    </Badge>
                  ) : (
                    <Badge title="Saved, not live: no workbench turn runs it">disabled</Badge>
                  )}
                  {failing.length > 0 && (
                    <span data-testid="fixtures-failing">
                      <Badge tone="red" title={failing.join(', ')}>
                        {failing.length} failing fixture{failing.length === 1 ? '' : 's'}
                      </Badge>
                    </span>
                  )}
                  <Badge tone="sky">
                    {fixtures} fixture{fixtures === 1 ? '' : 's'}
                    {rule.recordedFixtures > 0 && ` (${rule.recordedFixtures} from recorded calls)`}
                  </Badge>
                  {rule.errorPatterns.length > 0 && <Badge tone="amber">reactive</Badge>}
                  <span className="text-xs text-slate-400">updated {formatRelative(rule.updatedAt)}</span>
                  {fixtures > 0 && rule.fixturesCheckedAt && (
                    <span
                      className="text-xs text-slate-400"
                      data-testid="fixtures-checked"
                      title="Fixtures run when the rule or a fixture changes, not on each visit"
                    >
                      fixtures checked {formatRelative(rule.fixturesCheckedAt)}
                    </span>
                  )}
                </div>
                {rule.description && <p className="text-xs text-slate-600">{rule.description}</p>}
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => onLoad(rule)}>
                    Load into the editor
                  </Button>
                  <Button size="sm" onClick={() => runFixtures.mutate({ id: rule.id })} disabled={fixtures === 0 || runFixtures.isPending}>
                    Run fixtures
                  </Button>
                  {rule.enabled ? (
                    <Button size="sm" onClick={() => setEnabled.mutate({ id: rule.id, enabled: false })} disabled={setEnabled.isPending}>
                      Disable
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      onClick={() => {
                        setEnabling(rule.id)
                        // the confirmation shows this run, never an older one
                        setResults(({ [rule.id]: _stale, ...others }) => others)
                        if (fixtures > 0) runFixtures.mutate({ id: rule.id })
                      }}
                      disabled={enabling === rule.id}
                    >
                      Enable…
                    </Button>
                  )}
                  <InlineDelete
                    confirming={confirming === rule.id}
                    question={`Delete “${rule.name}”?`}
                    pending={remove.isPending}
                    onAsk={() => {
                      setDeleted(null)
                      setConfirming(rule.id)
                    }}
                    onConfirm={() => remove.mutate({ id: rule.id })}
                    onCancel={() => setConfirming(null)}
                  />
                </div>
                {enabling === rule.id && !rule.enabled && (
                  <EnableRuleConfirmation
                    rule={rule}
                    run={results[rule.id]}
                    pending={setEnabled.isPending}
                    onConfirm={() => setEnabled.mutate({ id: rule.id, enabled: true })}
                    onCancel={() => setEnabling(null)}
                  />
                )}
                {rule.recordedFixtures > 0 && <RecordedFixtures ruleId={rule.id} count={rule.recordedFixtures} />}
                {/* an open enable confirmation shows this run itself */}
                {run && enabling !== rule.id && (
                  <Notice tone={run.passed ? 'success' : 'error'} title={run.passed ? 'Every fixture passed' : 'Some fixtures failed'}>
                    <ul className="text-xs">
                      {run.results.map((result) => (
                        <li
                          key={result.recordedFixtureId ?? result.name}
                          data-testid="fixture-result"
                          data-passed={result.passed}
                          className="break-words [overflow-wrap:anywhere]"
                        >
                          {result.passed ? '✓' : '✗'} {result.name}
                          {result.recordedFixtureId && ' (recorded call)'}
                          {result.failures.length > 0 && `: ${result.failures.join('; ')}`}
                        </li>
                      ))}
                    </ul>
                  </Notice>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </Panel>
  )
}
