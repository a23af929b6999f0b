'use client'

import { fieldIssues, streamErrorRetryOptionsDataSchema } from '@threadline/engine'
import type { RouterInputs } from '@/trpc/types.ts'
import { Button } from '../ui/button.tsx'
import { checkboxClass, Field, inputClass } from '../ui/field.tsx'

export type RetryOptionsInput = NonNullable<RouterInputs['playground']['retryDecision']['options']>

export type MatcherDraft = { pattern: string; flags: string; maxRetries: string; delayMs: string }
export type RetryOptionsDraft = { maxRetries: string; delayMs: string; retryUnknownErrors: boolean; maxRetryAfterMs: string; matchers: MatcherDraft[] }

export const defaultRetryOptions: RetryOptionsDraft = { maxRetries: '1', delayMs: '0', retryUnknownErrors: false, maxRetryAfterMs: '30000', matchers: [] }

/** `{ [key]: number }` for a filled number field (not a number: NaN, which the schema refuses), `{}` for an empty one. */
function optionalNumberField<Key extends string>(key: Key, text: string): Partial<Record<Key, number>> {
  return text.trim() === '' ? {} : ({ [key]: Number(text) } as Record<Key, number>)
}

/** The options as the server takes them (the engine's schema); empty fields keep the processor's defaults. */
export function toRetryOptions(draft: RetryOptionsDraft): { options: RetryOptionsInput; problem?: string } {
  const options: RetryOptionsInput = {
    ...optionalNumberField('maxRetries', draft.maxRetries),
    ...optionalNumberField('delayMs', draft.delayMs),
    retryUnknownErrors: draft.retryUnknownErrors,
    ...optionalNumberField('maxRetryAfterMs', draft.maxRetryAfterMs),
    ...(draft.matchers.length > 0
      ? {
          matchers: draft.matchers.map((matcher) => ({
            pattern: matcher.pattern,
            flags: matcher.flags,
            ...optionalNumberField('maxRetries', matcher.maxRetries),
            ...optionalNumberField('delayMs', matcher.delayMs),
          })),
        }
      : {}),
  }
  const parsed = streamErrorRetryOptionsDataSchema.safeParse(options)
  if (parsed.success) return { options }
  const [issue] = fieldIssues(parsed.error)
  return { options: {}, problem: issue === undefined ? 'The options are not valid' : `${issue.path}: ${issue.message}` }
}

/** StreamErrorRetryProcessor's options, including custom matchers (error-text patterns). */
export function RetryOptionsForm({ draft, onChange }: { draft: RetryOptionsDraft; onChange: (draft: RetryOptionsDraft) => void }) {
  const set = <Key extends keyof RetryOptionsDraft>(key: Key, value: RetryOptionsDraft[Key]) => onChange({ ...draft, [key]: value })
  const setMatcher = (index: number, patch: Partial<MatcherDraft>) =>
    set(
      'matchers',
      draft.matchers.map((matcher, position) => (position === index ? { ...matcher, ...patch } : matcher)),
    )
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="maxRetries" hint="Default 1.">
          <input className={inputClass} type="number" min={0} max={10} value={draft.maxRetries} onChange={(event) => set('maxRetries', event.target.value)} />
        </Field>
        <Field label="delayMs" hint="The minimum wait.">
          <input className={inputClass} type="number" min={0} value={draft.delayMs} onChange={(event) => set('delayMs', event.target.value)} />
        </Field>
        <Field label="maxRetryAfterMs" hint="Caps the provider's delay.">
          <input className={inputClass} type="number" min={0} value={draft.maxRetryAfterMs} onChange={(event) => set('maxRetryAfterMs', event.target.value)} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className={checkboxClass}
          checked={draft.retryUnknownErrors}
          onChange={(event) => set('retryUnknownErrors', event.target.checked)}
        />
        retryUnknownErrors (retry what no rule recognises, except terminal errors)
      </label>
      <div className="space-y-2">
        <div className="flex items-center justify-between">
          <p className="text-sm font-medium text-slate-700">Custom matchers</p>
          <Button size="sm" onClick={() => set('matchers', [...draft.matchers, { pattern: '', flags: 'i', maxRetries: '', delayMs: '' }])}>
            Add a matcher
          </Button>
        </div>
        {draft.matchers.length === 0 && <p className="text-xs text-slate-500">None: only the built-in rules decide.</p>}
        {draft.matchers.map((matcher, index) => (
          <div key={index} className="grid items-end gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[minmax(0,1fr)_4rem_5rem_6rem_auto]">
            <Field label="Pattern (RegExp)">
              <input
                className={`${inputClass} font-mono`}
                value={matcher.pattern}
                placeholder="ECONNRESET|socket hang up"
                onChange={(event) => setMatcher(index, { pattern: event.target.value })}
              />
            </Field>
            <Field label="Flags">
              <input className={`${inputClass} font-mono`} value={matcher.flags} onChange={(event) => setMatcher(index, { flags: event.target.value })} />
            </Field>
            <Field label="maxRetries">
              <input
                className={inputClass}
                type="number"
                min={0}
                max={10}
                value={matcher.maxRetries}
                onChange={(event) => setMatcher(index, { maxRetries: event.target.value })}
              />
            </Field>
            <Field label="delayMs">
              <input
                className={inputClass}
                type="number"
                min={0}
                value={matcher.delayMs}
                onChange={(event) => setMatcher(index, { delayMs: event.target.value })}
              />
            </Field>
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                set(
                  'matchers',
                  draft.matchers.filter((_matcher, position) => position !== index),
                )
              }
            >
              Remove
            </Button>
          </div>
        ))}
      </div>
    </div>
  )
}
