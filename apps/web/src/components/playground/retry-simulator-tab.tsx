'use client'

import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPCClient } from '@/trpc/client.tsx'
import { Badge } from '../badge.tsx'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Spinner } from '../ui/progress.tsx'
import { draftOf, toProviderErrorInput, type ErrorShapeDraft } from './error-shape.ts'
import { ErrorShapeEditor } from './error-shape-editor.tsx'
import { requirePreset, type ErrorPreset } from './provider-error-presets.ts'
import { describeDelaySource, formatDelay } from './retry-decision-view.tsx'
import { defaultRetryOptions, RetryOptionsForm, toRetryOptions, type RetryOptionsDraft } from './retry-options-form.tsx'
import { buildRetryTimeline, simulateRetries, type TimelineStep } from './retry-timeline.ts'
import { explainRetryDecision, needsCustomMatcher, SPEC_ECONNRESET_MATCHER, type RetryDecision } from './verdict-explanation.ts'

const FIRST_PRESET = requirePreset('anthropicRateLimited')

/** An error shape and the processor's options: per attempt, whether it retries, why, and after how long. */
export function RetrySimulatorTab() {
  const client = useTRPCClient()
  const [presetId, setPresetId] = useState(FIRST_PRESET.id)
  const [draft, setDraft] = useState<ErrorShapeDraft>(() => draftOf(FIRST_PRESET.shape))
  const [optionsDraft, setOptionsDraft] = useState<RetryOptionsDraft>(defaultRetryOptions)
  const { error: providerError, problems } = toProviderErrorInput(draft)
  const { options, problem } = toRetryOptions(optionsDraft)
  const simulate = useMutation({
    mutationFn: (error: NonNullable<typeof providerError>) =>
      simulateRetries((retryCount) => client.playground.retryDecision.mutate({ error, options, retryCount })),
  })

  // a result belongs to the inputs that produced it: any edit (valid or not) clears it
  const { reset } = simulate
  function changeDraft(next: ErrorShapeDraft) {
    reset()
    setDraft(next)
  }
  function changeOptions(next: RetryOptionsDraft) {
    reset()
    setOptionsDraft(next)
  }
  function choosePreset(preset: ErrorPreset | null) {
    setPresetId(preset?.id ?? '')
    if (preset) changeDraft(draftOf(preset.shape))
  }
  function addSpecMatcher() {
    changeOptions({ ...optionsDraft, matchers: [...optionsDraft.matchers, { ...SPEC_ECONNRESET_MATCHER, maxRetries: '', delayMs: '' }] })
  }

  return (
    <div className="space-y-5">
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <Panel title="Error shape" description="What every attempt fails with.">
          <ErrorShapeEditor draft={draft} onChange={changeDraft} presetId={presetId} onPreset={choosePreset} problems={problems} />
        </Panel>
        <Panel title="StreamErrorRetryProcessor options">
          <div className="space-y-4">
            <RetryOptionsForm draft={optionsDraft} onChange={changeOptions} />
            {problem && <Notice tone="error">{problem}</Notice>}
            <Button
              variant="primary"
              onClick={() => {
                if (providerError) simulate.mutate(providerError)
              }}
              disabled={!providerError || Boolean(problem) || simulate.isPending}
            >
              {simulate.isPending ? (
                <>
                  <Spinner /> Simulating…
                </>
              ) : (
                'Simulate attempts'
              )}
            </Button>
          </div>
        </Panel>
      </div>
      {simulate.error && (
        <Notice tone="error" title="The simulation failed">
          {describeError(simulate.error)}
        </Notice>
      )}
      {simulate.data && (
        <RetryTimelineView decisions={simulate.data} matchers={options.matchers ?? []} errorKind={draft.kind} onAddSpecMatcher={addSpecMatcher} />
      )}
    </div>
  )
}

function RetryTimelineView({
  decisions,
  matchers,
  errorKind,
  onAddSpecMatcher,
}: {
  decisions: RetryDecision[]
  matchers: readonly { pattern: string; flags?: string | undefined }[]
  errorKind: ErrorShapeDraft['kind']
  onAddSpecMatcher: () => void
}) {
  const { steps, totalWaitMs } = buildRetryTimeline(decisions)
  const attempts = decisions.length
  const final = decisions.at(-1)
  if (final === undefined) return null
  const longestWait = Math.max(1, ...steps.map((step) => (step.kind === 'wait' ? step.delayMs : 0)))
  return (
    <Panel
      title="Attempts and waits"
      description={`${attempts} attempt${attempts === 1 ? '' : 's'}, ${formatDelay(totalWaitMs)} spent waiting. ${
        final.retry ? 'The simulation stops at 11 attempts.' : `Then it gives up. ${explainRetryDecision(final, matchers)}`
      }`}
      testId="retry-timeline"
    >
      <div className="space-y-5">
        {needsCustomMatcher(errorKind, final) && (
          <Notice tone="warning" title="Needs a custom matcher (see README)" testId="needs-custom-matcher">
            <p>
              A dropped connection carries no status, no retry flag and no provider error body, so no built-in rule recognises it: whatever maxRetries says,
              only a custom matcher retries it. The spec’s example matches <code className="font-mono">/{SPEC_ECONNRESET_MATCHER.pattern}/</code>
              {SPEC_ECONNRESET_MATCHER.flags}.
            </p>
            <Button size="sm" className="mt-2" onClick={onAddSpecMatcher}>
              Add the spec’s ECONNRESET matcher
            </Button>
          </Notice>
        )}
        <ol className="flex flex-wrap items-center gap-y-3" aria-label="Timeline">
          {steps.map((step, index) => (
            <li key={index} className="flex items-center">
              {step.kind === 'attempt' ? <AttemptMarker step={step} /> : <WaitBar step={step} longestWait={longestWait} />}
            </li>
          ))}
        </ol>
        <ol className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
          {decisions.map((decision, index) => (
            <li key={index} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2" data-testid="retry-attempt">
              <span className="w-20 font-medium">Attempt {index + 1}</span>
              <Badge tone="red">failed</Badge>
              <span aria-hidden className="text-slate-400">
                →
              </span>
              {decision.retry ? (
                <span>
                  <Badge tone="emerald">retry</Badge> after <strong className="tabular-nums">{formatDelay(decision.delayMs)}</strong>{' '}
                  <span className="text-xs text-slate-500">({describeDelaySource(decision.delaySource)})</span>
                </span>
              ) : (
                <Badge tone="slate">stop</Badge>
              )}
              <span className="basis-full text-xs text-slate-500 sm:basis-auto">{explainRetryDecision(decision, matchers)}</span>
            </li>
          ))}
        </ol>
      </div>
    </Panel>
  )
}

function AttemptMarker({ step }: { step: Extract<TimelineStep<RetryDecision>, { kind: 'attempt' }> }) {
  return (
    <span
      className={`flex h-10 items-center gap-1.5 rounded-md border px-3 text-xs font-semibold ${
        step.last && !step.decision.retry ? 'border-red-300 bg-red-50 text-red-800' : 'border-slate-300 bg-white text-slate-700'
      }`}
    >
      <span aria-hidden>✗</span> Attempt {step.number}
      {step.last && !step.decision.retry && <span className="font-normal">· gives up</span>}
    </span>
  )
}

/** A wait, its length drawn in proportion to the longest wait of the run. */
function WaitBar({ step, longestWait }: { step: Extract<TimelineStep<RetryDecision>, { kind: 'wait' }>; longestWait: number }) {
  const width = 56 + Math.round((step.delayMs / longestWait) * 180)
  return (
    <span
      className="flex flex-col items-center px-1"
      data-testid="retry-wait"
      title={`waits ${formatDelay(step.delayMs)} (${describeDelaySource(step.decision.delaySource)})`}
    >
      <span className="text-[11px] font-semibold tabular-nums text-indigo-700">wait {formatDelay(step.delayMs)}</span>
      <span className="mt-0.5 block h-2 rounded-full bg-indigo-400" style={{ width }} />
      <span className="mt-0.5 text-[10px] text-slate-400">{describeDelaySource(step.decision.delaySource)}</span>
    </span>
  )
}
