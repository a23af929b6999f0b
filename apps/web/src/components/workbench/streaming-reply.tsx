'use client'

import Link from 'next/link'
import { Badge } from '../badge.tsx'
import { Button } from '../ui/button.tsx'
import { Notice } from '../ui/notice.tsx'
import { enabledRulesActed, type ProcessorAction, type TurnState } from './use-turn.ts'
import { formatModelLabel } from '../model-label.ts'

function describeAction(action: ProcessorAction): string {
  switch (action.type) {
    case 'rules':
      return `Compat rules rewrote the prompt: ${action.rules.join(', ')}`
    case 'waiting':
      return `Provider error, retry ${action.attempt} in ${(action.delayMs / 1000).toFixed(1)} s (${action.delaySource}): ${action.reason}`
    case 'retry':
      return `Retrying (attempt ${action.attempt + 1})`
  }
}

export function ProcessorActions({ actions }: { actions: ProcessorAction[] }) {
  if (actions.length === 0) return null
  return (
    <ul className="space-y-1 text-xs text-amber-800" data-testid="processor-actions">
      {actions.map((action, index) => (
        <li key={index} className="break-words">
          {describeAction(action)}
        </li>
      ))}
    </ul>
  )
}

/** Every finished turn says whether the operators' enabled rules changed what was sent, naming them. */
export function EnabledRulesActed({ names }: { names: readonly string[] }) {
  return (
    <span
      data-testid="enabled-rules-acted"
      title="Saved playground rules (enabled ones only run) that rewrote the prompt of this turn"
      className={`inline-flex rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset [overflow-wrap:anywhere] ${
        names.length > 0 ? 'bg-violet-50 text-violet-700 ring-violet-200' : 'bg-slate-100 text-slate-600 ring-slate-200'
      }`}
    >
      Enabled rules acted: {names.length > 0 ? names.join(', ') : 'none'}
    </span>
  )
}

export function TurnStats({ state }: { state: TurnState }) {
  const finished = state.finished
  if (!finished) return null
  // the scripted demo provider makes its usage up from the request's size: say so
  const demo = state.started?.model.startsWith('demo/') === true
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-500" data-testid="turn-stats">
      <EnabledRulesActed names={enabledRulesActed(state.actions)} />
      <dl className="contents">
        <div>
          <dt className="inline">latency </dt>
          <dd className="inline font-medium tabular-nums text-slate-700">{(finished.latencyMs / 1000).toFixed(2)} s</dd>
        </div>
        {finished.firstTokenMs !== null && (
          <div>
            <dt className="inline">first token </dt>
            <dd className="inline font-medium tabular-nums text-slate-700">{(finished.firstTokenMs / 1000).toFixed(2)} s</dd>
          </div>
        )}
        <div>
          <dt className="inline">{demo ? 'estimated tokens in/out ' : 'tokens in/out '}</dt>
          <dd
            className="inline font-medium tabular-nums text-slate-700"
            title={demo ? 'The demo provider estimates its counts (about 4 characters a token); no tokenizer counted them' : undefined}
          >
            {demo ? '~' : ''}
            {finished.usage.inputTokens} / {demo ? '~' : ''}
            {finished.usage.outputTokens}
            {demo ? ' (demo estimate)' : ''}
          </dd>
        </div>
        <div>
          <dt className="inline">retries </dt>
          <dd className="inline font-medium tabular-nums text-slate-700">{finished.retries}</dd>
        </div>
      </dl>
    </div>
  )
}

/** The user message of the running turn: the server saves it with the reply, so the timeline shows it only then. */
export function SentMessage({ text, saved }: { text: string; saved: boolean }) {
  return (
    <article className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="sent-message" data-saved={saved}>
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2 text-xs text-slate-500">
        <Badge tone="slate">user</Badge>
        <span>{saved ? 'saved' : 'sending · saved with the reply'}</span>
      </header>
      <p className="whitespace-pre-wrap px-4 py-3 text-sm leading-6 text-slate-800 [overflow-wrap:anywhere]">{text}</p>
    </article>
  )
}

/** The reply as it streams, what the processors did, and how the turn ended. */
export function StreamingReply({ state, onCancel, showBranchLink = false }: { state: TurnState; onCancel: () => void; showBranchLink?: boolean }) {
  if (state.status === 'idle') return null
  const branch = showBranchLink ? state.started?.threadId : undefined
  return (
    <article className="rounded-lg border border-indigo-200 bg-white shadow-sm" data-testid="streaming-reply" data-status={state.status} aria-live="polite">
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2 text-xs text-slate-500">
        <Badge tone="indigo">assistant</Badge>
        {state.started && <span className="font-medium text-slate-600">{formatModelLabel(state.started.model)}</span>}
        {state.started && (
          <span title="Stored messages sent as context, and the whole prompt's tokens">
            {state.started.contextMessages} messages of context · {state.started.promptTokens} prompt tokens
          </span>
        )}
        <span className="ml-auto">
          {state.status === 'running' ? (
            <Button size="sm" variant="danger" onClick={onCancel}>
              Cancel
            </Button>
          ) : (
            <Badge tone={state.status === 'done' ? 'emerald' : state.status === 'cancelled' ? 'slate' : 'red'}>
              {state.status === 'done' ? 'saved' : state.status === 'cancelled' ? 'cancelled' : 'failed · nothing saved'}
            </Badge>
          )}
        </span>
      </header>
      <div className="space-y-2 px-4 py-3">
        {state.reasoning && <p className="whitespace-pre-wrap text-xs italic leading-5 text-slate-500">{state.reasoning}</p>}
        <p className="whitespace-pre-wrap text-sm leading-6 text-slate-800" data-testid="streaming-text">
          {state.text}
          {state.status === 'running' && <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-indigo-400 align-text-bottom" aria-hidden />}
        </p>
        <ProcessorActions actions={state.actions} />
        <TurnStats state={state} />
        {state.error && <Notice tone="error">{state.error}</Notice>}
        {branch && state.status === 'done' && (
          <Link
            href={`/threads/${encodeURIComponent(branch)}`}
            className="inline-block text-sm font-medium text-indigo-700 hover:underline"
            data-testid="open-branch"
          >
            Open the branch →
          </Link>
        )}
      </div>
    </article>
  )
}
