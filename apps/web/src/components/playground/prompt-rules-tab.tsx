'use client'

import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterInputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { plural } from '../format.ts'
import { Button } from '../ui/button.tsx'
import { CodeEditor } from '../ui/code-editor.tsx'
import { describeError } from '../ui/describe-error.ts'
import { checkboxClass, Field, FieldSet, inputClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import { Spinner } from '../ui/progress.tsx'
import { Tabs } from '../ui/tabs.tsx'
import { isModel, ModelField } from './model-field.tsx'
import { ProactiveRuleList } from './proactive-rule-list.tsx'
import { ReactiveRulePreview } from './reactive-rule-preview.tsx'
import { JsonDiff } from './prompt-diff.tsx'
import { RuleFailureNotice } from './rule-failure.tsx'
import { SAMPLE_PROMPT } from './sample-prompt.ts'
import { SavedRules, type LoadedRule } from './saved-rules.tsx'
import { SaveRuleForm } from './save-rule-form.tsx'
import { ThreadField } from './thread-field.tsx'
import { ThreadWindowNotice } from './thread-window-notice.tsx'

type Source = 'thread' | 'prompt'
type RunPromptInput = RouterInputs['playground']['runPrompt']

/** The `nextModel` a thread's metadata names (the demo threads say where their next turns go). */
function nextModelOf(metadata: Record<string, unknown> | undefined): string | null {
  const value = metadata?.nextModel
  return typeof value === 'string' && isModel(value) ? value : null
}

/** Proactive rules against a stored thread or a pasted prompt, for one target model; plus the custom rule editor. */
export function PromptRulesTab({ initialThreadId }: { initialThreadId: string }) {
  const trpc = useTRPC()
  const template = useQuery(trpc.playground.template.queryOptions(undefined, { staleTime: Infinity }))
  const [source, setSource] = useState<Source>('thread')
  const [threadId, setThreadId] = useState(initialThreadId)
  const [instructions, setInstructions] = useState('')
  const [promptText, setPromptText] = useState(SAMPLE_PROMPT)
  const [model, setModel] = useState('cerebras/gpt-oss-120b')
  const [builtIns, setBuiltIns] = useState<string[] | null>(null)
  const [useCustom, setUseCustom] = useState(false)
  const [ruleName, setRuleName] = useState('')
  const [code, setCode] = useState<string | null>(null)
  const [loaded, setLoaded] = useState<LoadedRule | null>(null)
  const [promptProblem, setPromptProblem] = useState<string | null>(null)
  /** messages of the thread before the window the last run saw */
  const [windowStart, setWindowStart] = useState(0)

  const thread = useQuery(trpc.threads.get.queryOptions({ threadId }, { enabled: threadId !== '' }))
  const suggestedModel = nextModelOf(thread.data?.thread.metadata)
  useEffect(() => {
    if (suggestedModel) setModel(suggestedModel)
  }, [suggestedModel])

  const allBuiltIns = template.data?.builtInRules ?? []
  const chosenBuiltIns = builtIns ?? allBuiltIns
  const ruleCode = code ?? template.data?.code ?? ''
  const run = useMutation(trpc.playground.runPrompt.mutationOptions())

  function onRun() {
    setPromptProblem(null)
    let promptSource: RunPromptInput['source']
    if (source === 'thread') {
      promptSource = { kind: 'thread', threadId, ...(instructions.trim() ? { instructions } : {}) }
    } else {
      try {
        promptSource = { kind: 'prompt', prompt: JSON.parse(promptText) as unknown }
      } catch (error) {
        setPromptProblem(`The prompt is not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
        return
      }
    }
    setWindowStart(0)
    run.mutate({
      source: promptSource,
      model: model.trim(),
      builtInRules: chosenBuiltIns,
      customRules: useCustom ? [{ code: ruleCode, ...(ruleName.trim() ? { name: ruleName.trim() } : {}) }] : [],
    })
  }

  /** The last run again on another window of its thread (no cursor: the first). */
  function runWindow(cursor: string | undefined, start: number) {
    const last = run.variables
    if (last?.source.kind !== 'thread') return
    const { cursor: _previous, ...thread } = last.source
    setWindowStart(start)
    run.mutate({ ...last, source: { ...thread, ...(cursor === undefined ? {} : { cursor }) } })
  }

  function loadRule(rule: LoadedRule) {
    setLoaded(rule)
    setCode(rule.code)
    setRuleName(rule.name)
    setUseCustom(true)
  }

  const customReports = run.data?.rules.filter((rule) => rule.origin === 'custom') ?? []
  const ready = isModel(model) && (source === 'prompt' || threadId !== '') && (!useCustom || ruleCode.trim() !== '')

  return (
    <div className="space-y-5">
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <Panel title="Input" description="The prompt the agent would send, and where it goes.">
          <div className="space-y-4">
            <Tabs
              label="Prompt source"
              size="sm"
              items={[
                { id: 'thread', label: 'Stored thread' },
                { id: 'prompt', label: 'Paste a prompt (JSON)' },
              ]}
              selected={source}
              onSelect={setSource}
            />
            {source === 'thread' ? (
              <>
                <ThreadField value={threadId} onChange={setThreadId} />
                {suggestedModel && (
                  <p className="text-xs text-slate-500">
                    This thread's next turns go to <span className="font-mono">{suggestedModel}</span> (its metadata): chosen as the target.
                  </p>
                )}
                <Field label="Instructions (optional)" hint="A system prompt placed before the thread's messages.">
                  <input className={inputClass} value={instructions} onChange={(event) => setInstructions(event.target.value)} />
                </Field>
              </>
            ) : (
              <div>
                <p className="mb-1 text-sm font-medium text-slate-700">Prompt (LanguageModelV3 messages)</p>
                <CodeEditor language="json" label="Prompt JSON" value={promptText} onChange={setPromptText} maxHeight="20rem" />
                {promptProblem && (
                  <Notice tone="error" className="mt-2">
                    {promptProblem}
                  </Notice>
                )}
              </div>
            )}
            <ModelField id="prompt-model" value={model} onChange={setModel} />
            <FieldSet legend="Built-in rules">
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {allBuiltIns.map((name) => (
                  <label key={name} className="flex items-center gap-2 font-mono text-xs">
                    <input
                      type="checkbox"
                      className={checkboxClass}
                      checked={chosenBuiltIns.includes(name)}
                      onChange={(event) => setBuiltIns(event.target.checked ? [...chosenBuiltIns, name] : chosenBuiltIns.filter((other) => other !== name))}
                    />
                    {name}
                  </label>
                ))}
              </div>
            </FieldSet>
          </div>
        </Panel>

        <Panel
          title="Custom rule"
          description="A CompatRule in plain JavaScript, run in the sandbox after the built-ins."
          actions={
            <label className="flex items-center gap-2 text-xs font-medium text-slate-700">
              <input type="checkbox" className={checkboxClass} checked={useCustom} onChange={(event) => setUseCustom(event.target.checked)} />
              Include in the run
            </label>
          }
        >
          <div className="space-y-3">
            {loaded && (
              <p className="flex items-center gap-2 text-xs text-slate-600">
                Editing saved rule <Badge tone="violet">{loaded.name}</Badge>
              </p>
            )}
            <Field label="Name" hint="Empty: the name in the code.">
              <input className={inputClass} value={ruleName} onChange={(event) => setRuleName(event.target.value)} placeholder="my-custom-rule" />
            </Field>
            {template.data ? (
              <CodeEditor
                language="javascript"
                label="Custom rule code"
                value={ruleCode}
                onChange={(value) => {
                  setCode(value)
                  setUseCustom(true)
                }}
                minHeight="16rem"
                maxHeight="26rem"
              />
            ) : template.error ? (
              <Notice tone="error" title="Could not load the rule template">
                {describeError(template.error)}
              </Notice>
            ) : (
              <p className="flex items-center gap-2 text-xs text-slate-500">
                <Spinner className="size-3.5" /> Loading the template…
              </p>
            )}
            {useCustom && customReports.map((report) => report.error && <RuleFailureNotice key={report.name} name={report.name} failure={report.error} />)}
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setCode(null)
                  setLoaded(null)
                  setRuleName('')
                }}
              >
                Reset to the template
              </Button>
            </div>
          </div>
        </Panel>
      </div>

      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <Button variant="primary" onClick={onRun} disabled={!ready || run.isPending}>
          {run.isPending ? (
            <>
              <Spinner /> Running the rules…
            </>
          ) : (
            'Run rules'
          )}
        </Button>
        <p className="text-xs text-slate-500">The same engine code as production; nothing is saved.</p>
      </div>

      {run.error && (
        <Notice tone="error" title="The run failed">
          {describeError(run.error)}
        </Notice>
      )}
      {run.data && (
        <Panel
          title="Outbound prompt, before and after"
          description={
            run.data.promptChanged
              ? `Changed by ${plural(run.data.rules.filter((rule) => rule.fired).length, 'rule')} for ${model}.`
              : `No proactive rule changed the prompt for ${model}. Reactive rules act only after a rejection: see below.`
          }
          testId="prompt-result"
        >
          <div className="space-y-4">
            {run.data.truncated && (
              <ThreadWindowNotice
                truncated={run.data.truncated}
                start={windowStart}
                pending={run.isPending}
                onNext={runWindow}
                onRestart={() => runWindow(undefined, 0)}
              />
            )}
            <ProactiveRuleList rules={run.data.rules} />
            {run.data.promptChanged ? (
              <JsonDiff before={run.data.inputPrompt} after={run.data.finalPrompt} leftTitle="Before the rules" rightTitle={`Sent to ${model}`} />
            ) : (
              <Notice tone="info">The prompt goes out unchanged.</Notice>
            )}
          </div>
        </Panel>
      )}
      {run.data && (
        <ReactiveRulePreview
          rules={run.data.reactive}
          model={run.variables.model}
          thread={run.variables.source.kind === 'thread' ? { threadId: run.variables.source.threadId, cursor: run.variables.source.cursor } : null}
        />
      )}

      <div className="grid items-start gap-5 lg:grid-cols-2">
        <SaveRuleForm
          code={ruleCode}
          name={ruleName}
          loaded={loaded}
          onSaved={loadRule}
          lastRun={run.data ? { model: model.trim(), evaluation: run.data } : null}
        />
        <SavedRules onLoad={loadRule} />
      </div>
    </div>
  )
}
