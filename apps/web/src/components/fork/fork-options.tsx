'use client'

import { messageSnippet } from '@threadline/engine'
import type { Dispatch, SetStateAction } from 'react'
import { Button } from '../ui/button.tsx'
import { checkboxClass, Field, FieldSet, inputClass, selectClass, textareaClass } from '../ui/field.tsx'
import { Panel } from '../ui/panel.tsx'
import type { Boundary, ForkForm, ForkFormErrors } from './fork-form.ts'
import { MessagePicker, type PickedMessage } from './message-picker.tsx'

const boundaries: { id: Boundary; label: string; hint: string }[] = [
  { id: 'exact', label: 'Exact', hint: 'exactly the selected messages, even if that cuts a tool call from its result' },
  { id: 'expand', label: 'Expand', hint: 'add messages so no tool pair is cut and it does not start on an orphaned assistant turn' },
  { id: 'trim', label: 'Trim', hint: 'drop the orphaned half of a cut tool pair and leading assistant turns' },
]

/** Every cloneThread option. */
export function ForkOptions({
  form,
  setForm,
  errors,
  sourceId,
  forkPoint,
  onForkPoint,
  picked,
  onPick,
  sourceTitle,
  sourceResourceId,
  resources,
}: {
  form: ForkForm
  setForm: Dispatch<SetStateAction<ForkForm>>
  errors: ForkFormErrors
  sourceId: string
  /** the fork point's message, once known (form.upTo names it) */
  forkPoint: PickedMessage | null
  onForkPoint: (picked: PickedMessage | null) => void
  /** the hand-picked messages, in thread order */
  picked: PickedMessage[]
  onPick: (picked: PickedMessage, pick: boolean) => void
  sourceTitle: string
  sourceResourceId: string
  resources: string[]
}) {
  const set = <Key extends keyof ForkForm>(key: Key, value: ForkForm[Key]) => setForm((current) => ({ ...current, [key]: value }))
  return (
    <Panel title="Options" description="Every option of cloneThread; the preview updates as you type.">
      <div className="space-y-4">
        {/* each on its own row: beside the ID field, a title of a few words overflowed its half */}
        <div className="space-y-4">
          {/* the default title in full in the hint, which wraps: a placeholder that long was cut mid-word */}
          <Field label="Title" hint={sourceTitle ? `Empty: “Clone of ${sourceTitle}”.` : 'Empty: no title.'}>
            <input
              className={inputClass}
              value={form.title}
              placeholder={sourceTitle ? 'Clone of the source title' : ''}
              onChange={(event) => set('title', event.target.value)}
            />
          </Field>
          <Field label="New thread ID" hint="Empty: a generated UUID." error={errors.newThreadId}>
            <input
              className={`${inputClass} font-mono`}
              value={form.newThreadId}
              onChange={(event) => set('newThreadId', event.target.value)}
              spellCheck={false}
            />
          </Field>
        </div>
        <Field label="Resource" hint="Same resource: working and observational memory are shared when resource-scoped; another: they are copied.">
          <select className={selectClass} value={form.resourceId} onChange={(event) => set('resourceId', event.target.value)}>
            <option value="">{sourceResourceId} (same as the source)</option>
            {resources
              .filter((id) => id !== sourceResourceId)
              .map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
          </select>
        </Field>
        <Field label="Metadata (JSON)" hint="Merged over the source's metadata; clone metadata is added automatically." error={errors.metadata}>
          <textarea
            className={`${textareaClass} h-20`}
            value={form.metadataText}
            onChange={(event) => set('metadataText', event.target.value)}
            spellCheck={false}
          />
        </Field>

        <div className="border-t border-slate-100 pt-4">
          <p className="text-sm font-semibold text-slate-800">Which messages</p>
          <p className="text-xs text-slate-500">Filters apply together; the limit then keeps the most recent N.</p>
        </div>
        {/* a fieldset, not a label: a label around the picker's buttons forwards a click to its first control,
            which after "Fork here" is the chosen point's "Clear" (the choice undid itself) */}
        <FieldSet legend="Fork point" hint={errors.upTo ? undefined : 'Clone up to and including this message: find it by #N or by its words.'}>
          {form.upTo === '' ? (
            <MessagePicker threadId={sourceId} label="Fork point" actionLabel="Fork here" onPick={onForkPoint} />
          ) : (
            <div className="flex min-w-0 items-center gap-2 rounded-md border border-indigo-200 bg-indigo-50/60 px-3 py-2 text-xs" data-testid="fork-point">
              <span className="shrink-0 font-mono tabular-nums text-slate-600">{forkPoint ? `#${forkPoint.position?.toLocaleString('en')}` : '…'}</span>
              <span className="w-16 shrink-0 font-medium text-slate-700">{forkPoint?.message.role}</span>
              <span className="min-w-0 flex-1 truncate text-slate-700">{forkPoint ? messageSnippet(forkPoint.message, 100) : form.upTo}</span>
              <Button size="sm" variant="ghost" onClick={() => onForkPoint(null)}>
                Clear
              </Button>
            </div>
          )}
          {errors.upTo && (
            <p className="mt-1 text-xs text-red-700" role="alert">
              {errors.upTo}
            </p>
          )}
        </FieldSet>
        <Field label="Message limit" hint="Most recent N; empty or 0: all." error={errors.messageLimit}>
          <input
            className={`${inputClass} sm:max-w-[12rem]`}
            type="number"
            min={0}
            value={form.messageLimit}
            onChange={(event) => set('messageLimit', event.target.value)}
          />
        </Field>
        {/* two per row: a datetime-local field needs about 15rem to show its whole value */}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="From (inclusive)" error={errors.dates}>
            <input className={inputClass} type="datetime-local" value={form.startDate} onChange={(event) => set('startDate', event.target.value)} />
          </Field>
          <Field label="Until (inclusive)" hint={form.upTo ? 'Set by the fork point.' : undefined}>
            <input
              className={inputClass}
              type="datetime-local"
              value={form.upTo ? '' : form.endDate}
              disabled={form.upTo !== ''}
              onChange={(event) => set('endDate', event.target.value)}
            />
          </Field>
        </div>
        <div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={form.handPick}
              onChange={(event) => set('handPick', event.target.checked)}
              aria-invalid={errors.pickedIds !== undefined}
              aria-describedby={errors.pickedIds ? 'hand-pick-error' : undefined}
            />
            Hand-pick messages (find them here; untick them in the preview)
          </label>
          {form.handPick && (
            <div className="mt-2 space-y-2">
              <MessagePicker threadId={sourceId} label="Hand-pick a message" actionLabel="Pick" onPick={(message) => onPick(message, true)} />
              <p className="text-xs text-slate-500" data-testid="picked-count">
                {picked.length} picked
              </p>
            </div>
          )}
          {errors.pickedIds && (
            <p id="hand-pick-error" role="alert" className="mt-1 text-xs text-red-700" data-testid="hand-pick-error">
              {errors.pickedIds}
            </p>
          )}
        </div>
        <FieldSet legend="Boundary policy">
          <div className="grid gap-2 sm:grid-cols-3">
            {boundaries.map((boundary) => (
              <label
                key={boundary.id}
                className={`flex cursor-pointer flex-col rounded-md border px-3 py-2 text-xs ${
                  form.boundary === boundary.id ? 'border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500' : 'border-slate-200 hover:bg-slate-50'
                }`}
              >
                <span className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  <input
                    type="radio"
                    name="boundary"
                    className="accent-indigo-600"
                    checked={form.boundary === boundary.id}
                    onChange={() => set('boundary', boundary.id)}
                  />
                  {boundary.label}
                </span>
                <span className="mt-1 text-slate-500">{boundary.hint}</span>
              </label>
            ))}
          </div>
        </FieldSet>
      </div>
    </Panel>
  )
}
