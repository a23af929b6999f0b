'use client'

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { errorPatternSourcesSchema, fieldIssues, ruleNameSchema, ruleSourceSchema } from '@threadline/engine'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Button } from '../ui/button.tsx'
import { CodeEditor } from '../ui/code-editor.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Field, inputClass, textareaClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { Panel } from '../ui/panel.tsx'
import type { LoadedRule } from './saved-rules.tsx'

type Evaluation = RouterOutputs['playground']['runPrompt']

/** A regression test of the rule: this prompt, for this model, must (not) be rewritten by the rule. */
function fixtureOfRun(run: { model: string; evaluation: Evaluation }, count: number) {
  const custom = run.evaluation.rules.find((rule) => rule.origin === 'custom')
  return {
    name: `prompt ${count + 1} for ${run.model}`,
    kind: 'prompt' as const,
    model: run.model,
    prompt: run.evaluation.inputPrompt,
    expect: { fires: custom?.fired ?? false },
  }
}

// the rule's fields as the engine takes them (the server checks the fixtures)
const ruleFieldsSchema = z.object({ name: ruleNameSchema, code: ruleSourceSchema, errorPatterns: errorPatternSourcesSchema })

function parseFixtures(text: string): { fixtures?: unknown[]; problem?: string } {
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? { fixtures: value } : { problem: 'Fixtures must be a JSON array' }
  } catch (error) {
    return { problem: `The fixtures are not valid JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
}

/** Saves the editor's rule with its error patterns and fixtures (create, or update the loaded rule). */
export function SaveRuleForm({
  code,
  name,
  loaded,
  onSaved,
  lastRun,
}: {
  code: string
  name: string
  loaded: LoadedRule | null
  onSaved: (rule: LoadedRule) => void
  lastRun: { model: string; evaluation: Evaluation } | null
}) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [ruleName, setRuleName] = useState(name)
  const [description, setDescription] = useState('')
  const [patterns, setPatterns] = useState('')
  const [fixturesText, setFixturesText] = useState('[]')
  const [saved, setSaved] = useState<{ name: string; enabled: boolean } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    setRuleName(name)
  }, [name])
  useEffect(() => {
    if (!loaded) return
    setDescription(loaded.description)
    setPatterns(loaded.errorPatterns.join('\n'))
    setFixturesText(JSON.stringify(loaded.fixtures, null, 2))
  }, [loaded])

  const onSuccess = async (rule: LoadedRule) => {
    setSaved({ name: rule.name, enabled: rule.enabled })
    onSaved(rule)
    await queryClient.invalidateQueries({ queryKey: trpc.playground.rules.list.queryKey() })
  }
  const create = useMutation(trpc.playground.rules.create.mutationOptions({ onSuccess }))
  const update = useMutation(trpc.playground.rules.update.mutationOptions({ onSuccess }))
  const saving = create.isPending || update.isPending
  const error = create.error ?? update.error

  function addLastRun() {
    if (!lastRun) return
    const parsed = parseFixtures(fixturesText)
    const fixtures = parsed.fixtures ?? []
    setFixturesText(JSON.stringify([...fixtures, fixtureOfRun(lastRun, fixtures.length)], null, 2))
  }

  function save(asNew: boolean) {
    setSaved(null)
    setProblem(null)
    const parsed = parseFixtures(fixturesText)
    if (!parsed.fixtures) {
      setProblem(parsed.problem ?? null)
      return
    }
    const rule = ruleFieldsSchema.safeParse({
      name: ruleName,
      code,
      errorPatterns: patterns
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    })
    if (!rule.success) {
      const [issue] = fieldIssues(rule.error)
      setProblem(issue === undefined ? 'The rule is not valid' : `${issue.path}: ${issue.message}`)
      return
    }
    const fields = {
      ...rule.data,
      description,
      // checked by the server (the fixtures schema): errors come back naming the fixture
      fixtures: parsed.fixtures as never,
    }
    if (loaded && !asNew) update.mutate({ id: loaded.id, ...fields })
    else create.mutate(fields)
  }

  return (
    <Panel title="Save the rule" description="Saved rules keep their fixtures: regression tests run against the rule alone.">
      <div className="space-y-3">
        <Field label="Name">
          <input className={inputClass} value={ruleName} onChange={(event) => setRuleName(event.target.value)} placeholder="my-custom-rule" />
        </Field>
        <Field label="Description">
          <input className={inputClass} value={description} onChange={(event) => setDescription(event.target.value)} />
        </Field>
        <Field label="Error patterns" hint="Reactive rules only: one RegExp source per line, matched against provider error texts.">
          <textarea className={`${textareaClass} h-16`} value={patterns} onChange={(event) => setPatterns(event.target.value)} spellCheck={false} />
        </Field>
        <div>
          <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm font-medium text-slate-700">Fixtures (JSON)</span>
            <Button size="sm" onClick={addLastRun} disabled={!lastRun}>
              Add the last run as a fixture
            </Button>
          </div>
          <CodeEditor language="json" label="Fixtures JSON" value={fixturesText} onChange={setFixturesText} maxHeight="16rem" />
        </div>
        {problem && <Notice tone="error">{problem}</Notice>}
        {error && (
          <Notice tone="error" title="Not saved">
            {describeError(error)}
          </Notice>
        )}
        {saved && (
          <Notice tone="success">
            Saved “{saved.name}”.{' '}
            {saved.enabled ? 'It is enabled: workbench turns run it.' : 'It is disabled: no workbench turn runs it until you enable it under Saved rules.'}
          </Notice>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="primary"
            onClick={() => save(false)}
            disabled={saving || !ruleNameSchema.safeParse(ruleName).success || !ruleSourceSchema.safeParse(code).success}
          >
            {saving ? 'Saving…' : loaded ? 'Update saved rule' : 'Save rule'}
          </Button>
          {loaded && (
            <Button onClick={() => save(true)} disabled={saving || !ruleNameSchema.safeParse(ruleName).success}>
              Save as a new rule
            </Button>
          )}
        </div>
      </div>
    </Panel>
  )
}
