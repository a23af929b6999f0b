'use client'

import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterInputs, RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { plural } from '../format.ts'
import { Button } from '../ui/button.tsx'
import { CodeEditor } from '../ui/code-editor.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Spinner } from '../ui/progress.tsx'
import { Tabs } from '../ui/tabs.tsx'
import { draftOf, toProviderErrorInput, type ErrorShapeDraft } from './error-shape.ts'
import { ErrorShapeEditor } from './error-shape-editor.tsx'
import { isModel, ModelField } from './model-field.tsx'
import { JsonDiff } from './prompt-diff.tsx'
import { requirePreset, type ErrorPreset } from './provider-error-presets.ts'
import { ReactiveRuleList } from './reactive-rule-list.tsx'
import { RetryDecisionView } from './retry-decision-view.tsx'
import { ThreadField } from './thread-field.tsx'
import { explainCombined, explainCompatVerdict, explainRetryDecision } from './verdict-explanation.ts'
import { ThreadWindowNotice } from './thread-window-notice.tsx'

type Evaluation = RouterOutputs['playground']['runError']
type RunErrorInput = RouterInputs['playground']['runError']

const FIRST_PRESET = requirePreset('anthropicInvalidToolUseId')

/** A provider error against stored messages: which reactive rules match, what their fix changes, and the retry decision. */
export function ApiErrorsTab({ initialThreadId }: { initialThreadId: string }) {
  const trpc = useTRPC()
  const [presetId, setPresetId] = useState(FIRST_PRESET.id)
  const [draft, setDraft] = useState<ErrorShapeDraft>(() => draftOf(FIRST_PRESET.shape))
  const [messagesSource, setMessagesSource] = useState<'thread' | 'json'>('thread')
  const [threadId, setThreadId] = useState(initialThreadId || FIRST_PRESET.threadId || '')
  const [messagesText, setMessagesText] = useState('[]')
  const [model, setModel] = useState(FIRST_PRESET.model)
  const [problem, setProblem] = useState<string | null>(null)
  /** messages of the thread before the window the last run saw */
  const [windowStart, setWindowStart] = useState(0)
  const run = useMutation(trpc.playground.runError.mutationOptions())
  const { error: providerError, problems } = toProviderErrorInput(draft)
  // a result belongs to the inputs that produced it: any edit (valid or not) clears it
  const changed =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      run.reset()
      set(value)
    }

  function choosePreset(preset: ErrorPreset | null) {
    setPresetId(preset?.id ?? '')
    if (!preset) return
    run.reset()
    setDraft(draftOf(preset.shape))
    setModel(preset.model)
    if (preset.threadId) setThreadId(preset.threadId)
  }

  function onRun() {
    setProblem(null)
    if (!providerError) return
    let messages: Pick<RunErrorInput, 'threadId' | 'messages'>
    if (messagesSource === 'thread') messages = { threadId }
    else {
      try {
        messages = { messages: JSON.parse(messagesText) as never }
      } catch (error) {
        setProblem(`The messages are not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
        return
      }
    }
    setWindowStart(0)
    run.mutate({ ...messages, error: providerError, model: model.trim() })
  }

  /** The last run again on another window of its thread (no cursor: the first). */
  function runWindow(cursor: string | undefined, start: number) {
    if (run.variables === undefined) return
    const { cursor: _previous, ...last } = run.variables
    setWindowStart(start)
    run.mutate({ ...last, ...(cursor === undefined ? {} : { cursor }) })
  }

  const ready = providerError !== undefined && isModel(model) && (messagesSource === 'json' || threadId !== '')
  return (
    <div className="space-y-5">
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <Panel title="Provider error" description="Status, headers and body all matter: matchers read all three.">
          <ErrorShapeEditor draft={draft} onChange={changed(setDraft)} presetId={presetId} onPreset={choosePreset} problems={problems} />
        </Panel>
        <Panel title="Messages and target" description="The stored history a fix would repair (nothing is saved).">
          <div className="space-y-4">
            <Tabs
              label="Messages source"
              size="sm"
              items={[
                { id: 'thread', label: 'Stored thread' },
                { id: 'json', label: 'Messages JSON' },
              ]}
              selected={messagesSource}
              onSelect={changed(setMessagesSource)}
            />
            {messagesSource === 'thread' ? (
              <ThreadField value={threadId} onChange={changed(setThreadId)} />
            ) : (
              <CodeEditor language="json" label="Stored messages JSON" value={messagesText} onChange={changed(setMessagesText)} maxHeight="16rem" />
            )}
            {problem && <Notice tone="error">{problem}</Notice>}
            <ModelField id="error-model" value={model} onChange={changed(setModel)} />
            <Button variant="primary" onClick={onRun} disabled={!ready || run.isPending}>
              {run.isPending ? (
                <>
                  <Spinner /> Evaluating…
                </>
              ) : (
                'Match the error'
              )}
            </Button>
          </div>
        </Panel>
      </div>
      {run.error && (
        <Notice tone="error" title="The evaluation failed">
          {describeError(run.error)}
        </Notice>
      )}
      {run.data?.truncated && (
        <ThreadWindowNotice
          truncated={run.data.truncated}
          start={windowStart}
          pending={run.isPending}
          onNext={runWindow}
          onRestart={() => runWindow(undefined, 0)}
        />
      )}
      {run.data && <ErrorEvaluationView evaluation={run.data} />}
    </div>
  )
}

/** What both error processors make of one provider error on stored messages (also shown by the prompt tab's reactive rules). */
export function ErrorEvaluationView({ evaluation }: { evaluation: Evaluation }) {
  const { changes } = evaluation
  const touched = new Set([...changes.changedMessageIds, ...changes.removedMessageIds, ...changes.addedMessageIds])
  const matched = evaluation.rules.filter((rule) => rule.matched).length
  return (
    <div className="space-y-5" data-testid="error-result">
      <Panel
        title="Reactive rules"
        description={matched === 0 ? 'No rule recognised this error.' : `${plural(matched, 'rule')} matched.`}
        actions={
          <Badge tone={evaluation.compatRetry ? 'emerald' : 'slate'}>
            {evaluation.compatRetry ? `ProviderHistoryCompat retries (fixed by ${evaluation.fixedBy})` : 'ProviderHistoryCompat does not retry'}
          </Badge>
        }
      >
        <ReactiveRuleList rules={evaluation.rules} />
      </Panel>
      <Panel title="Why" description="Each processor decides on its own; the agent retries when either asks." testId="verdict-why">
        <ul className="space-y-1 text-sm">
          <li data-testid="compat-why">{explainCompatVerdict(evaluation)}</li>
          <li data-testid="retry-why-sentence">{explainRetryDecision(evaluation.retryDecision)}</li>
          <li className="font-medium" data-testid="combined-why">
            {explainCombined(evaluation.compatRetry, evaluation.retryDecision.retry)}
          </li>
        </ul>
      </Panel>
      {/* one below the other: beside the retry decision the side-by-side diff had a third of the width less, and wrapped every line */}
      <Panel
        title="Messages before and after the fix"
        description={touched.size === 0 ? 'The messages are unchanged.' : `${plural(touched.size, 'message')} changed.`}
      >
        {touched.size === 0 ? (
          <p className="text-sm text-slate-500">No fix changed the stored messages.</p>
        ) : (
          <div className="space-y-3">
            {changes.toolCallIdChanges.length > 0 && (
              <table className="w-full table-fixed text-left text-xs" data-testid="tool-id-changes">
                <thead className="text-slate-500">
                  <tr>
                    <th className="w-1/4 pb-1 font-medium">message</th>
                    <th className="pb-1 font-medium">tool-call ID before</th>
                    <th className="pb-1 font-medium">after</th>
                  </tr>
                </thead>
                <tbody className="font-mono">
                  {changes.toolCallIdChanges.map((change) => (
                    <tr key={`${change.messageId}-${change.from}`} className="align-top">
                      <td className="py-0.5 pr-2 text-slate-500 [overflow-wrap:anywhere]">{change.messageId}</td>
                      <td className="py-0.5 pr-2 text-red-700 [overflow-wrap:anywhere]">{change.from}</td>
                      <td className="py-0.5 text-emerald-700 [overflow-wrap:anywhere]">{change.to}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <JsonDiff
              before={evaluation.before.filter((message) => touched.has(message.id))}
              after={evaluation.after.filter((message) => touched.has(message.id))}
              leftTitle="Stored messages"
              rightTitle="After the fix"
            />
          </div>
        )}
      </Panel>
      <Panel title="Retry decision" description="What StreamErrorRetryProcessor decides for the same error.">
        <RetryDecisionView decision={evaluation.retryDecision} />
      </Panel>
    </div>
  )
}
