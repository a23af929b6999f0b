'use client'

import { inputClass } from '../ui/field.tsx'

/** The composer's run parameters as typed: '' is the provider's default. */
export type RunParameterDrafts = { temperature: string; maxTokens: string }

export const defaultRunParameters: RunParameterDrafts = { temperature: '', maxTokens: '' }

type Parsed = { temperature?: number; maxTokens?: number }

/**
 * The drafts as workbench.turn takes them, or the first problem. The ranges
 * are the server's (docs/workbench.md, "Run parameters"); it validates again.
 */
export function parseRunParameters(drafts: RunParameterDrafts): { ok: true; value: Parsed } | { ok: false; error: string } {
  const value: Parsed = {}
  if (drafts.temperature.trim() !== '') {
    const temperature = Number(drafts.temperature)
    if (!Number.isFinite(temperature) || temperature < 0 || temperature > 2) return { ok: false, error: 'Temperature must be a number from 0 to 2.' }
    value.temperature = temperature
  }
  if (drafts.maxTokens.trim() !== '') {
    const maxTokens = Number(drafts.maxTokens)
    if (!Number.isInteger(maxTokens) || maxTokens < 1 || maxTokens > 32_768) return { ok: false, error: 'Max tokens must be a whole number from 1 to 32,768.' }
    value.maxTokens = maxTokens
  }
  return { ok: true, value }
}

type NumberFieldProps = {
  label: string
  inputMode: 'decimal' | 'numeric'
  min: number
  max: number
  step: number
  value: string
  onChange: (text: string) => void
}

/** One labelled number input; its text is kept as typed (the form checks it). */
function NumberField({ label, inputMode, min, max, step, value, onChange }: NumberFieldProps) {
  return (
    <label className="block w-32">
      <span className="mb-1 block text-xs font-medium text-slate-700">{label}</span>
      <input
        className={inputClass}
        type="number"
        inputMode={inputMode}
        min={min}
        max={max}
        step={step}
        placeholder="default"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  )
}

/** Temperature and max tokens of the next turn (empty: the provider's default), recorded with its call. */
export function RunParameters({ value, onChange, error }: { value: RunParameterDrafts; onChange: (next: RunParameterDrafts) => void; error: string | null }) {
  return (
    <fieldset className="flex flex-wrap items-end gap-3 text-sm" data-testid="run-parameters">
      <legend className="sr-only">Run parameters</legend>
      <NumberField
        label="Temperature"
        inputMode="decimal"
        min={0}
        max={2}
        step={0.1}
        value={value.temperature}
        onChange={(temperature) => onChange({ ...value, temperature })}
      />
      <NumberField
        label="Max tokens"
        inputMode="numeric"
        min={1}
        max={32_768}
        step={1}
        value={value.maxTokens}
        onChange={(maxTokens) => onChange({ ...value, maxTokens })}
      />
      <p className="min-w-0 flex-1 basis-48 pb-2 text-xs text-slate-500">
        {error ? (
          <span className="text-red-700" role="alert">
            {error}
          </span>
        ) : (
          'Temperature 0–2, max tokens 1–32,768; empty: the provider’s default. Recorded with the call.'
        )}
      </p>
    </fieldset>
  )
}
