'use client'

import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { selectClass } from '../ui/field.tsx'
import { formatModelLabel } from '../model-label.ts'

export type ModelOption = RouterOutputs['workbench']['models']['models'][number]

export function formatWindow(tokens: number): string {
  return tokens >= 1_000_000 ? `${(tokens / 1_000_000).toFixed(tokens % 1_000_000 === 0 ? 0 : 2)}M` : `${Math.round(tokens / 1000)}k`
}

/** The models the server offers (configured providers, or the scripted demo) and the hint when none is configured. */
export function useModels() {
  const trpc = useTRPC()
  return useQuery(trpc.workbench.models.queryOptions(undefined, { staleTime: 60_000 }))
}

/** A model picker: each option with its context window; picks the first model when none is chosen. */
export function ModelSelect({
  value,
  onChange,
  label = 'Model',
  testId,
}: {
  value: string
  onChange: (model: string) => void
  label?: string
  testId?: string
}) {
  const models = useModels()
  const options = models.data?.models ?? []
  const first = options[0]?.model
  useEffect(() => {
    if (value === '' && first) onChange(first)
  }, [value, first, onChange])
  return (
    <label className="block min-w-0 text-sm">
      <span className="sr-only">{label}</span>
      <select
        className={selectClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={options.length === 0}
        aria-label={label}
        data-testid={testId}
      >
        {options.length === 0 && <option value="">{models.isLoading ? 'Loading models…' : 'No model configured'}</option>}
        {options.map((option) => (
          <option key={option.model} value={option.model}>
            {formatModelLabel(option.model)} · {formatWindow(option.contextWindow)} context
          </option>
        ))}
      </select>
    </label>
  )
}

/** Which variable to set when no real provider is configured (the demo provider stands in meanwhile). */
export function ProviderHint() {
  const models = useModels()
  if (!models.data?.hint) return null
  const demo = models.data.models.some((option) => option.demo)
  return (
    <p className="text-xs text-slate-500" data-testid="provider-hint">
      {models.data.hint}
      {demo && ' Until then, “Demo: scripted replies” answers from a local loopback server: no model reads your messages.'}
    </p>
  )
}
