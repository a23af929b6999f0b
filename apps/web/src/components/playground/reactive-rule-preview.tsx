'use client'

import { useMutation } from '@tanstack/react-query'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { plural } from '../format.ts'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Spinner } from '../ui/progress.tsx'
import { ErrorEvaluationView } from './api-errors-tab.tsx'
import { draftOf, toProviderErrorInput } from './error-shape.ts'
import { presetForRule, providerOfModel, type ErrorPreset } from './provider-error-presets.ts'
import { RuleFailureNotice } from './rule-failure.tsx'

type Preview = RouterOutputs['playground']['runPrompt']['reactive'][number]

/** A built-in rule whose recorded error comes from another provider cannot act for this model; a custom rule might. */
function actsFor(rule: Preview, model: string): boolean {
  const preset = presetForRule(rule.name)
  return preset === undefined || providerOfModel(preset.model) === providerOfModel(model)
}

/**
 * The reactive rules, which the prompt view alone would hide: they change
 * nothing before the call, and repair the stored messages only after the
 * provider rejects the request with their error.
 */
/** The stored thread's window the prompt run saw (its `cursor`); null for a pasted prompt. */
type ThreadWindow = { threadId: string; cursor?: string | undefined } | null

export function ReactiveRulePreview({ rules, model, thread }: { rules: Preview[]; model: string; thread: ThreadWindow }) {
  const relevant = rules.filter((rule) => actsFor(rule, model))
  const others = rules.length - relevant.length
  const repairing = relevant.filter((rule) => rule.wouldFix === true).length
  return (
    <Panel
      title="Reactive rules: after the provider rejects the request"
      description={
        thread === null
          ? `${plural(relevant.length, 'reactive rule')} for ${model}; they repair stored messages, so try them on a stored thread.`
          : repairing > 0
            ? `${plural(repairing, 'rule')} would repair this thread once ${model} rejects it with the error below.`
            : `No reactive rule for ${model} would change this thread.`
      }
      testId="reactive-preview"
    >
      <ol className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Reactive rules">
        {relevant.map((rule) => (
          <ReactiveRuleRow key={rule.name} rule={rule} model={model} thread={thread} />
        ))}
        {relevant.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">None for this model.</li>}
      </ol>
      {others > 0 && <p className="mt-2 text-xs text-slate-500">Not listed: {plural(others, 'reactive rule')} for another provider’s error.</p>}
    </Panel>
  )
}

function ReactiveRuleRow({ rule, model, thread }: { rule: Preview; model: string; thread: ThreadWindow }) {
  const preset = presetForRule(rule.name)
  return (
    <li className="space-y-1.5 px-3 py-2" data-testid="reactive-preview-rule" data-rule={rule.name} data-would-fix={String(rule.wouldFix)}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-medium text-slate-800 [overflow-wrap:anywhere]">{rule.name}</span>
        <Badge tone={rule.origin === 'custom' ? 'violet' : 'slate'}>{rule.origin}</Badge>
        <span className="ml-auto">
          {rule.wouldFix === null ? (
            <Badge tone="slate">needs stored messages</Badge>
          ) : (
            <Badge tone={rule.wouldFix ? 'amber' : 'slate'}>{rule.wouldFix ? 'would repair this thread' : 'nothing to repair'}</Badge>
          )}
        </span>
      </div>
      <p className="text-xs text-slate-600">
        Waits for an error matching{' '}
        {rule.errorPatterns.map((pattern, index) => (
          <code key={index} className="mr-1 rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-800 [overflow-wrap:anywhere]">
            /{pattern.source}/{pattern.flags}
          </code>
        ))}
      </p>
      {rule.error && <RuleFailureNotice name={rule.name} failure={rule.error} />}
      {preset && thread !== null && <RunRecordedError preset={preset} model={model} thread={thread} />}
    </li>
  )
}

/** Runs the reactive path (both error processors) against the rule's recorded provider error, on the thread: nothing is saved. */
function RunRecordedError({ preset, model, thread }: { preset: ErrorPreset; model: string; thread: NonNullable<ThreadWindow> }) {
  const trpc = useTRPC()
  const run = useMutation(trpc.playground.runError.mutationOptions())
  const { error } = toProviderErrorInput(draftOf(preset.shape))
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-600">
        Recorded error: <span className="font-medium">{preset.provider}</span> {preset.label}
      </p>
      <Button
        size="sm"
        onClick={() => {
          if (error) run.mutate({ threadId: thread.threadId, ...(thread.cursor === undefined ? {} : { cursor: thread.cursor }), model: model.trim(), error })
        }}
        disabled={!error || run.isPending}
      >
        {run.isPending ? (
          <>
            <Spinner /> Running…
          </>
        ) : (
          'Run the reactive path against this error'
        )}
      </Button>
      {run.error && (
        <Notice tone="error" title="The evaluation failed">
          {describeError(run.error)}
        </Notice>
      )}
      {run.data && <ErrorEvaluationView evaluation={run.data} />}
    </div>
  )
}
