'use client'

import type { CompareEvent } from '@threadline/api'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import Link from 'next/link'
import { useRef, useState } from 'react'
import { useTRPC, useTRPCClient } from '@/trpc/client.tsx'
import { Badge } from '../badge.tsx'
import { Button } from '../ui/button.tsx'
import { textareaClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { ModelSelect, ProviderHint, useModels } from './model-select.tsx'
import { RunParameters } from './run-parameters.tsx'
import { useRunParameters } from './run-parameters-context.tsx'
import { ProcessorActions, TurnStats } from './streaming-reply.tsx'
import { applyTurnEvent, type TurnState } from './use-turn.ts'
import { BackLink } from '../ui/back-link.tsx'
import { formatModelLabel } from '../model-label.ts'

const MAX_COLUMNS = 4

const emptyColumn = (): TurnState => ({ status: 'running', started: null, text: '', reasoning: '', actions: [], finished: null, error: null })

function applyCompareEvent(columns: TurnState[], event: CompareEvent): TurnState[] {
  return columns.map((column, index) => {
    if (index !== event.column) return column
    if (event.type === 'failed') return { ...column, status: 'failed', error: event.message }
    const { column: _column, ...turnEvent } = event
    return applyTurnEvent(column, turnEvent)
  })
}

/** The same next message on 2-4 models in parallel, each on a new branch of the thread, streaming side by side. */
export function CompareModels({ threadId }: { threadId: string }) {
  const trpc = useTRPC()
  const client = useTRPCClient()
  const queryClient = useQueryClient()
  const info = useQuery(trpc.threads.get.queryOptions({ threadId }))
  const models = useModels()
  const [chosen, setChosen] = useState<string[]>(['', ''])
  const [message, setMessage] = useState('')
  const [columns, setColumns] = useState<TurnState[]>([])
  const [ran, setRan] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)
  // the thread page composer's run parameters (the same for every column: the models are what is compared)
  const { drafts, setDrafts, parsed: parameters } = useRunParameters()
  const controller = useRef<AbortController | null>(null)
  const running = columns.some((column) => column.status === 'running')
  const resourceId = info.data?.thread.resourceId ?? ''
  const offered = models.data?.models ?? []

  const run = async () => {
    if (!parameters.ok) return
    const own = new AbortController()
    controller.current = own
    setError(null)
    setRan(chosen)
    let current = chosen.map(emptyColumn)
    setColumns(current)
    try {
      for await (const event of await client.workbench.compare.mutate(
        { threadId, resourceId, message: message.trim(), models: chosen, ...parameters.value },
        { signal: own.signal },
      )) {
        current = applyCompareEvent(current, event)
        setColumns(current)
      }
    } catch (failure) {
      if (!own.signal.aborted) setError(failure instanceof Error ? failure.message : String(failure))
    }
    setColumns(current.map((column) => (column.status === 'running' ? { ...column, status: own.signal.aborted ? 'cancelled' : 'failed' } : column)))
    await queryClient.invalidateQueries(trpc.branches.pathFilter())
  }

  return (
    <div className="space-y-5">
      <BackLink href={`/threads/${encodeURIComponent(threadId)}`}>{info.data?.thread.title || threadId}</BackLink>
      <PageHeader
        title="Compare models"
        description="One next message, run in parallel on each model (or the same model twice), each on its own new branch of this thread; the thread itself is not changed. The branches stay, listed under the thread's last message."
      />
      <form
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        onSubmit={(event) => {
          event.preventDefault()
          void run()
        }}
      >
        <div className="grid gap-2 sm:grid-cols-2">
          {chosen.map((model, index) => (
            <div key={index} className="flex min-w-0 items-center gap-1 [&>label]:flex-1" data-testid="compare-model">
              <ModelSelect
                value={model}
                label={`Model ${index + 1}`}
                onChange={(next) => setChosen((list) => list.map((item, at) => (at === index ? next : item)))}
              />
              {chosen.length > 2 && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove model ${index + 1}`}
                  onClick={() => setChosen((list) => list.filter((_, at) => at !== index))}
                >
                  ✕
                </Button>
              )}
            </div>
          ))}
        </div>
        {chosen.length < MAX_COLUMNS && (
          <Button size="sm" onClick={() => setChosen((list) => [...list, offered[list.length % Math.max(offered.length, 1)]?.model ?? ''])}>
            Add a model
          </Button>
        )}
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-slate-700">Next user message</span>
          <textarea className={`${textareaClass} font-sans text-sm`} rows={3} value={message} onChange={(event) => setMessage(event.target.value)} />
        </label>
        <RunParameters value={drafts} onChange={setDrafts} error={parameters.ok ? null : parameters.error} />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="submit"
            variant="primary"
            disabled={running || resourceId === '' || message.trim() === '' || chosen.some((model) => model === '') || !parameters.ok}
          >
            Run side by side
          </Button>
          {running && (
            <Button variant="danger" onClick={() => controller.current?.abort()}>
              Cancel all
            </Button>
          )}
        </div>
        <ProviderHint />
      </form>
      {error && <Notice tone="error">{error}</Notice>}
      {columns.length > 0 && (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-[repeat(auto-fit,minmax(18rem,1fr))]" data-testid="compare-columns">
          {columns.map((column, index) => (
            <article
              key={index}
              className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm"
              data-testid="compare-column"
              data-status={column.status}
            >
              <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2 text-xs">
                <span className="min-w-0 truncate font-semibold text-slate-700" title={ran[index]}>
                  {formatModelLabel(ran[index] ?? '')}
                </span>
                <span className="ml-auto">
                  <Badge tone={column.status === 'done' ? 'emerald' : column.status === 'running' ? 'indigo' : column.status === 'cancelled' ? 'slate' : 'red'}>
                    {column.status === 'done' ? 'saved on its branch' : column.status}
                  </Badge>
                </span>
              </header>
              <div className="space-y-2 px-4 py-3">
                <p className="whitespace-pre-wrap text-sm leading-6 text-slate-800" data-testid="compare-text">
                  {column.text}
                  {column.status === 'running' && <span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-indigo-400 align-text-bottom" aria-hidden />}
                </p>
                <ProcessorActions actions={column.actions} />
                <TurnStats state={column} />
                {column.error && <Notice tone="error">{column.error}</Notice>}
                {column.status === 'done' && column.started && (
                  <Link
                    href={`/threads/${encodeURIComponent(column.started.threadId)}`}
                    className="inline-block text-sm font-medium text-indigo-700 hover:underline"
                  >
                    Open the branch →
                  </Link>
                )}
              </div>
            </article>
          ))}
        </div>
      )}
    </div>
  )
}
