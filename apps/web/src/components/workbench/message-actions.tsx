'use client'

import { messageParts, type StoredMessage } from '@threadline/engine'
import { useState } from 'react'
import { useTRPCClient } from '@/trpc/client.tsx'
import { Button } from '../ui/button.tsx'
import { textareaClass } from '../ui/field.tsx'
import { useRefreshThreadViews } from './composer.tsx'
import { ModelSelect } from './model-select.tsx'
import { useRunParameters } from './run-parameters-context.tsx'
import { runParametersLabel } from './run-parameters-label.ts'
import { StreamingReply } from './streaming-reply.tsx'
import { useTurn } from './use-turn.ts'

const textOf = (message: StoredMessage) =>
  messageParts(message)
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('\n')

/**
 * Edit (a user message) or Regenerate (an assistant message): the turn runs on
 * a new branch cut before the user message; this thread is left as it is.
 */
export function MessageActions({ message, threadId, resourceId }: { message: StoredMessage; threadId: string; resourceId: string }) {
  const client = useTRPCClient()
  const refresh = useRefreshThreadViews()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [model, setModel] = useState('')
  // the composer's run parameters: the re-run turn differs only in what this panel changes
  const { parsed: parameters } = useRunParameters()
  const turn = useTurn((state) => {
    if (state.status === 'done') void refresh()
  })
  if (message.role === 'system') return null
  const isEdit = message.role === 'user'
  const running = turn.state.status === 'running'
  const start = () => {
    if (!parameters.ok) return
    const { value } = parameters
    void turn.run((signal) =>
      isEdit
        ? client.workbench.edit.mutate({ threadId, resourceId, messageId: message.id, message: text, model, ...value }, { signal })
        : client.workbench.regenerate.mutate({ threadId, resourceId, messageId: message.id, model, ...value }, { signal }),
    )
  }
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => {
          if (!open) {
            setText(textOf(message))
            turn.reset()
          }
          setOpen(!open)
        }}
        className="rounded px-1.5 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
        title={
          isEdit
            ? 'Write another version of this message on a new branch and run the turn there'
            : 'Run this turn again on a new branch, optionally with another model'
        }
      >
        {isEdit ? 'Edit' : 'Regenerate'}
      </button>
      {open && (
        <div className="w-full space-y-2 border-t border-slate-100 pt-2" data-testid={isEdit ? 'edit-panel' : 'regenerate-panel'}>
          {isEdit && (
            <label className="block text-sm">
              <span className="mb-1 block text-xs font-medium text-slate-700">Edited message</span>
              <textarea className={`${textareaClass} font-sans text-sm`} rows={3} value={text} onChange={(event) => setText(event.target.value)} />
            </label>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <div className="min-w-0 flex-1 basis-64">
              <ModelSelect value={model} onChange={setModel} label={isEdit ? 'Model for the edit' : 'Model to regenerate with'} />
            </div>
            <Button size="sm" variant="primary" disabled={running || (isEdit && text.trim() === '') || !model || !parameters.ok} onClick={start}>
              {isEdit ? 'Run on a new branch' : 'Regenerate on a new branch'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)} disabled={running}>
              Close
            </Button>
          </div>
          <p className="text-xs text-slate-500">
            This thread stays as it is: the turn runs on a branch cut before {isEdit ? 'this message' : 'the user message before this reply'}.
          </p>
          <p className="text-xs text-slate-500" data-testid="turn-run-parameters">
            {parameters.ok
              ? `Run parameters from the composer: ${runParametersLabel({ temperature: parameters.value.temperature, maxOutputTokens: parameters.value.maxTokens })}.`
              : `The composer's run parameters need fixing first: ${parameters.error}`}
          </p>
          <StreamingReply state={turn.state} onCancel={turn.cancel} showBranchLink />
        </div>
      )}
    </>
  )
}
