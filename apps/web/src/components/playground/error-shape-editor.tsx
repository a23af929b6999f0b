'use client'

import { CodeEditor } from '../ui/code-editor.tsx'
import { Field, inputClass, selectClass, textareaClass } from '../ui/field.tsx'
import { Tabs } from '../ui/tabs.tsx'
import type { ErrorShapeDraft, ErrorShapeProblems } from './error-shape.ts'
import { errorPresets, type ErrorPreset } from './provider-error-presets.ts'

const providers = [...new Set(errorPresets.map((preset) => preset.provider))]

/** A provider error: a preset from real providers, or status + headers + body (or a stream chunk) pasted by hand. */
export function ErrorShapeEditor({
  draft,
  onChange,
  presetId,
  onPreset,
  problems,
}: {
  draft: ErrorShapeDraft
  onChange: (draft: ErrorShapeDraft) => void
  presetId: string
  onPreset: (preset: ErrorPreset | null) => void
  problems: ErrorShapeProblems
}) {
  const set = <Key extends keyof ErrorShapeDraft>(key: Key, value: ErrorShapeDraft[Key]) => {
    onPreset(null)
    onChange({ ...draft, [key]: value })
  }
  return (
    <div className="space-y-3">
      <Field label="Preset" hint="Real error shapes reported by users of each provider's API.">
        <select
          className={selectClass}
          value={presetId}
          onChange={(event) => onPreset(errorPresets.find((preset) => preset.id === event.target.value) ?? null)}
          aria-label="Error preset"
        >
          <option value="">Custom (paste below)</option>
          {providers.map((provider) => (
            <optgroup key={provider} label={provider}>
              {errorPresets
                .filter((preset) => preset.provider === provider)
                .map((preset) => (
                  <option key={preset.id} value={preset.id}>
                    {preset.provider}: {preset.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </Field>
      <Tabs
        label="Error kind"
        size="sm"
        items={[
          { id: 'http', label: 'HTTP response' },
          { id: 'stream-chunk', label: 'Stream error chunk' },
          { id: 'connection', label: 'Connection error' },
        ]}
        selected={draft.kind}
        onSelect={(kind) => set('kind', kind)}
      />
      {draft.kind === 'http' ? (
        <>
          <div className="grid gap-3 sm:grid-cols-[7rem_minmax(0,1fr)]">
            <Field label="Status" error={problems.status}>
              <input
                className={inputClass}
                inputMode="numeric"
                value={draft.status}
                onChange={(event) => set('status', event.target.value)}
                aria-label="HTTP status"
              />
            </Field>
            <Field label="Headers" hint="One “Name: value” per line." error={problems.headers}>
              <textarea
                className={`${textareaClass} h-[4.5rem]`}
                value={draft.headers}
                onChange={(event) => set('headers', event.target.value)}
                spellCheck={false}
                aria-label="Response headers"
              />
            </Field>
          </div>
          <div>
            <p className="mb-1 text-sm font-medium text-slate-700">Body</p>
            <CodeEditor language="json" label="Response body" value={draft.body} onChange={(value) => set('body', value)} maxHeight="14rem" />
          </div>
        </>
      ) : draft.kind === 'connection' ? (
        <div className="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)]">
          <Field label="Code" hint="The Node error code." error={problems.code}>
            <input className={`${inputClass} font-mono`} value={draft.code} onChange={(event) => set('code', event.target.value)} aria-label="Error code" />
          </Field>
          <Field label="Message" hint="No status, headers or body: the connection dropped." error={problems.message}>
            <input className={inputClass} value={draft.message} onChange={(event) => set('message', event.target.value)} aria-label="Error message" />
          </Field>
        </div>
      ) : (
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">Chunk (JSON)</p>
          <CodeEditor language="json" label="Stream chunk" value={draft.chunk} onChange={(value) => set('chunk', value)} maxHeight="14rem" />
          {problems.chunk && (
            <p role="alert" className="mt-1 text-xs text-red-700">
              {problems.chunk}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
