'use client'

import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { useDebouncedValue } from '../use-debounced-value.ts'
import { describeError } from '../ui/describe-error.ts'
import { textareaClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { Loading, meterTrackClass } from '../ui/progress.tsx'
import { formatWindow, ModelSelect, ProviderHint } from './model-select.tsx'
import { BackLink } from '../ui/back-link.tsx'
import { CappedBlock } from '../ui/capped-block.tsx'
import { SentPrompt } from './sent-prompt.tsx'
import { ObservationText } from '../thread/observation-text.tsx'
import { plural } from '../format.ts'

type View = RouterOutputs['workbench']['context']
type Section = View['sections'][number]

const sectionTone: Record<Section['kind'], string> = {
  system: 'bg-amber-400',
  'working-memory': 'bg-teal-500',
  'observational-memory': 'bg-sky-500',
  recall: 'bg-violet-500',
  'last-messages': 'bg-indigo-500',
  'new-message': 'bg-emerald-500',
}

/** What a turn with the chosen model would send now: memory's sections (how each was found), then the prompt after the compat rules. */
export function ContextWindowView({ threadId }: { threadId: string }) {
  const trpc = useTRPC()
  const info = useQuery(trpc.threads.get.queryOptions({ threadId }))
  const [model, setModel] = useState('')
  const [draft, setDraft] = useState('')
  const message = useDebouncedValue(draft, 400)
  const resourceId = info.data?.thread.resourceId ?? ''
  const view = useQuery(
    trpc.workbench.context.queryOptions(
      { threadId, resourceId, model, ...(message.trim() ? { message } : {}) },
      { enabled: resourceId !== '' && model !== '' },
    ),
  )
  return (
    <div className="space-y-5">
      <BackLink href={`/threads/${encodeURIComponent(threadId)}`}>{info.data?.thread.title || threadId}</BackLink>
      <PageHeader
        title="Context window"
        description="What the next turn sends. First what memory assembled, section by section and labelled by how it was found (instructions, working and observational memory, recall, recent messages), fitted to the model's context window; then the prompt as sent, after ProviderHistoryCompat's proactive rules, with each rule's changes marked. The total counts the prompt as sent."
      />
      <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="space-y-2">
          <ModelSelect value={model} onChange={setModel} testId="context-model" />
          <ProviderHint />
        </div>
        <label className="block text-sm">
          <span className="sr-only">Next user message (optional)</span>
          <textarea
            className={`${textareaClass} font-sans text-sm`}
            rows={2}
            placeholder="The next user message (optional): it also drives semantic recall"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
      </div>
      {info.error || view.error ? (
        <Notice tone="error" title="Could not build the context window">
          {describeError(info.error ?? view.error)}
        </Notice>
      ) : !view.data ? (
        <Loading label="Counting tokens…" />
      ) : (
        <ContextBreakdown view={view.data} threadId={threadId} />
      )}
    </div>
  )
}

function ContextBreakdown({ view, threadId }: { view: View; threadId: string }) {
  const limit = view.contextWindow
  const used = Math.min(1, view.totalTokens / limit)
  const estimate = view.model.tokenCount === 'estimate'
  return (
    <div className="space-y-4" data-testid="context-window">
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm">
            <span className="text-2xl font-semibold tabular-nums" data-testid="context-total">
              {view.totalTokens.toLocaleString('en-US')}
            </span>{' '}
            <span className="text-slate-500">
              of {limit.toLocaleString('en-US')} tokens ({formatWindow(limit)}), {view.replyReserve.toLocaleString('en-US')} kept for the reply
              {view.toolTokens > 0 ? `; ${view.toolTokens.toLocaleString('en-US')} of them tool definitions` : ''}
            </span>
          </p>
          <Badge tone={estimate ? 'amber' : 'emerald'} title={`${view.model.encoding} BPE (js-tiktoken)`}>
            {estimate ? `estimate (${view.model.encoding}; not this model family's tokenizer)` : `exact · ${view.model.encoding}`}
          </Badge>
        </div>
        <div
          className={`mt-3 flex h-3 overflow-hidden rounded-full ${meterTrackClass}`}
          role="img"
          aria-label={`${Math.round(used * 100)}% of the context window`}
        >
          {view.sections.map((section) => (
            <div
              key={section.kind}
              className={sectionTone[section.kind]}
              style={{ width: `${(section.tokens / limit) * 100}%` }}
              title={`${section.title}: ${section.tokens}`}
            />
          ))}
        </div>
        {view.rulesApplied.length > 0 && <p className="mt-3 text-xs text-amber-800">Compat rules that rewrote this prompt: {view.rulesApplied.join(', ')}</p>}
      </section>
      <h2 className="text-sm font-semibold text-slate-700">Assembled by memory (before the compat rules)</h2>
      <ol className="space-y-3" aria-label="Assembled by memory (before the compat rules)">
        {view.sections.map((section) => (
          <li key={section.kind} className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="context-section" data-kind={section.kind}>
            <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2">
              <span className={`size-2.5 rounded-full ${sectionTone[section.kind]}`} aria-hidden />
              <h3 className="text-sm font-semibold">{section.title}</h3>
              <span className="ml-auto text-xs tabular-nums text-slate-500">
                {section.tokens.toLocaleString('en-US')} tokens
                {section.text === null ? ` · ${plural(section.messages.length, 'message')}` : ''}
              </span>
            </header>
            {section.text !== null ? (
              <CappedBlock lines={section.text.split('\n').length}>
                {section.kind === 'observational-memory' ? (
                  // its priority emoji drawn as dots: without a colour emoji font they are empty boxes
                  <ObservationText text={section.text} className="px-4 py-2 font-mono" />
                ) : (
                  <pre className="whitespace-pre-wrap break-words px-4 py-2 font-mono text-xs leading-5 text-slate-700">{section.text}</pre>
                )}
              </CappedBlock>
            ) : section.messages.length === 0 ? (
              <p className="px-4 py-2 text-xs text-slate-500">{section.kind === 'recall' ? 'No message recalled beyond the last ones.' : 'None.'}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {section.messages.map((message) => (
                  <li key={message.id} className="flex items-baseline gap-3 px-4 py-1.5 text-xs">
                    <span className="w-16 shrink-0 font-medium text-slate-600">{message.role}</span>
                    <span className="min-w-0 flex-1 truncate text-slate-700" title={message.snippet}>
                      {message.snippet}
                    </span>
                    {message.threadId !== threadId && (
                      <span className="flex max-w-40 shrink-0" data-testid="recall-origin">
                        <Badge truncate title={`from ${message.threadId}: stored in that thread (an ancestor of a branch, or another thread of the resource)`}>
                          from {message.threadId}
                        </Badge>
                      </span>
                    )}
                    <span className="shrink-0 tabular-nums text-slate-500">{message.tokens}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <SentPrompt view={view} />
      <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm" data-testid="left-out">
        <h2 className="font-semibold">Left out</h2>
        <p className="mt-1 text-slate-600">
          {plural(view.olderMessages, 'older message')} beyond the last ones (not recalled)
          {view.overLimit.length > 0 ? `, and ${view.overLimit.length} dropped to fit the context window:` : '; nothing dropped for the context limit.'}
        </p>
        {view.overLimit.length > 0 && (
          <ul className="mt-2 space-y-1 text-xs">
            {view.overLimit.map((message) => (
              <li key={message.id} className="flex gap-3">
                <span className="w-16 shrink-0 text-slate-600">{message.role}</span>
                <span className="min-w-0 flex-1 truncate">{message.snippet}</span>
                <span className="tabular-nums text-slate-500">{message.tokens}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
