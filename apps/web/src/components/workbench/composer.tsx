'use client'

import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC, useTRPCClient } from '@/trpc/client.tsx'
import { Button } from '../ui/button.tsx'
import { textareaClass } from '../ui/field.tsx'
import { ModelSelect, ProviderHint } from './model-select.tsx'
import { RunParameters } from './run-parameters.tsx'
import { useRunParameters } from './run-parameters-context.tsx'
import { EnabledRulesActed, SentMessage, StreamingReply } from './streaming-reply.tsx'
import { enabledRulesActed, useTurn } from './use-turn.ts'

/** Refetches the thread views once a turn saved its messages (the timeline, branches, memory panels, the recall index's counts). */
export function useRefreshThreadViews() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.threads.pathFilter()),
      queryClient.invalidateQueries(trpc.branches.pathFilter()),
      queryClient.invalidateQueries(trpc.memory.pathFilter()),
      queryClient.invalidateQueries(trpc.calls.pathFilter()),
      queryClient.invalidateQueries(trpc.recall.pathFilter()),
    ])
}

/** Continue the thread: the next user message, the model's reply streamed below, saved to this thread. */
export function Composer({ threadId, resourceId }: { threadId: string; resourceId: string }) {
  const client = useTRPCClient()
  const refresh = useRefreshThreadViews()
  const [model, setModel] = useState('')
  const [message, setMessage] = useState('')
  // the thread's run parameters: Edit, Regenerate and Compare models send them too
  const { drafts, setDrafts, parsed: parameters } = useRunParameters()
  // the message being sent: shown above the streaming reply until the saved turn replaces both; Cancel (or a failure) puts it back in the composer
  const [sentText, setSentText] = useState('')
  // the saved reply replaces the live one: the last turn's rules stay said here
  const [lastTurnRules, setLastTurnRules] = useState<string[] | null>(null)
  const turn = useTurn((state) => {
    // the saved messages replace the live reply in the timeline; a cancel that came after the
    // server had saved the turn shows it too (the server saves nothing once the cancel reaches it)
    if (state.status === 'done') {
      setLastTurnRules(enabledRulesActed(state.actions))
      void refresh().then(turn.reset)
    }
    if (state.status === 'cancelled' || state.status === 'failed') setMessage((current) => (current === '' ? sentText : current))
    if (state.status === 'cancelled') void refresh()
  })
  const running = turn.state.status === 'running'
  const send = () => {
    const text = message.trim()
    if (!text || !model || !parameters.ok) return
    const { value } = parameters
    setSentText(text)
    setMessage('')
    setLastTurnRules(null)
    void turn.run((signal) => client.workbench.turn.mutate({ threadId, resourceId, model, message: text, ...value }, { signal }))
  }
  return (
    <section aria-label="Continue the thread" className="space-y-3" data-testid="composer">
      {(running || turn.state.status === 'done') && <SentMessage text={sentText} saved={turn.state.status === 'done'} />}
      <StreamingReply state={turn.state} onCancel={turn.cancel} />
      {turn.state.status === 'idle' && lastTurnRules && (
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500" data-testid="last-turn-rules">
          Last turn: <EnabledRulesActed names={lastTurnRules} />
        </p>
      )}
      <form
        className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-slate-700">Continue the thread</span>
          <textarea
            className={`${textareaClass} font-sans text-sm`}
            rows={3}
            value={message}
            placeholder="The next user message…"
            onChange={(event) => setMessage(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                event.preventDefault()
                send()
              }
            }}
          />
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <div className="min-w-0 flex-1 basis-64">
            <ModelSelect value={model} onChange={setModel} testId="composer-model" />
          </div>
          <Button type="submit" variant="primary" disabled={running || !model || message.trim() === '' || !parameters.ok}>
            Send
          </Button>
          {running && (
            <Button variant="danger" onClick={turn.cancel}>
              Cancel
            </Button>
          )}
        </div>
        <RunParameters value={drafts} onChange={setDrafts} error={parameters.ok ? null : parameters.error} />
        <p className="text-xs text-slate-500">Ctrl+Enter sends · saved to this thread when the reply completes</p>
        <ProviderHint />
      </form>
    </section>
  )
}
