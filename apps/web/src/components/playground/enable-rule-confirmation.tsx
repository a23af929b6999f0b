'use client'

import type { RouterOutputs } from '@/trpc/types.ts'
import { Button } from '../ui/button.tsx'
import { Notice } from '../ui/notice.tsx'
import { Loading } from '../ui/progress.tsx'
import { plural } from '../format.ts'
import { fixtureEffect } from './rule-effects.ts'

type ListedRule = RouterOutputs['playground']['rules']['list'][number]
type FixtureRun = RouterOutputs['playground']['rules']['runFixtures']

/**
 * "Enable" asks first, saying what the rule will change once live: the
 * workbench turns it joins, the errors it reacts to, and what each fixture
 * shows it doing (run now, so a failing one blocks the confirmation).
 */
export function EnableRuleConfirmation({
  rule,
  run,
  pending,
  onConfirm,
  onCancel,
}: {
  rule: ListedRule
  run: FixtureRun | undefined
  pending: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const fixtures = rule.fixtures.length + rule.recordedFixtures
  const failing = run?.results.filter((result) => !result.passed) ?? []
  return (
    <div className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" role="dialog" aria-label={`Enable ${rule.name}`}>
      <p className="font-semibold">Enable “{rule.name}”?</p>
      <p>
        From the next turn on, it runs on the prompt of every workbench turn and in the context-window view, after the built-in rules
        {rule.errorPatterns.length > 0 && (
          <>
            , and it repairs the messages when a provider error matches{' '}
            <span className="font-mono text-xs [overflow-wrap:anywhere]">{rule.errorPatterns.map((pattern) => `/${pattern}/`).join(' ')}</span>
          </>
        )}
        .
      </p>
      {fixtures === 0 ? (
        <Notice tone="warning">It has no fixtures: nothing shows what it will change. Add one in the editor first, or enable it knowingly.</Notice>
      ) : !run ? (
        <Loading label="Running its fixtures…" />
      ) : (
        <ul className="space-y-0.5 text-xs" data-testid="enable-effects">
          {run.results.map((result, index) => {
            const fixture = result.recordedFixtureId === null ? rule.fixtures[index] : undefined
            return (
              <li key={result.recordedFixtureId ?? result.name} className="break-words [overflow-wrap:anywhere]" data-passed={result.passed}>
                {result.passed ? '✓' : '✗'} “{result.name}”: {fixture ? fixtureEffect(fixture) : 'the error of a recorded call'}
                {!result.passed && ` (fails: ${result.failures.join('; ')})`}
              </li>
            )
          })}
        </ul>
      )}
      {failing.length > 0 && <Notice tone="error">{plural(failing.length, 'failing fixture')}: fix the rule before enabling it.</Notice>}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="primary" onClick={onConfirm} disabled={pending || (fixtures > 0 && !run) || failing.length > 0}>
          {pending ? 'Enabling…' : 'Yes, enable'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
