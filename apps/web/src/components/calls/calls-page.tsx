'use client'

import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { builtInCompatRules } from '@threadline/engine'
import Link from 'next/link'
import { threadMessageHref } from '../thread/anchors.ts'
import { useEffect, useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import { Badge } from '../badge.tsx'
import { EmptyState } from '../empty-state.tsx'
import { formatDateTime } from '../format.ts'
import { describeError } from '../ui/describe-error.ts'
import { Field, inputClass, selectClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { Panel } from '../ui/panel.tsx'
import { Loading } from '../ui/progress.tsx'
import { Button } from '../ui/button.tsx'
import { useDebouncedValue } from '../use-debounced-value.ts'
import { useSearchParamsState } from '../use-search-params-state.ts'
import { summarizeCalls } from './call-summary.ts'
import { CallTrace } from './call-trace.tsx'
import { formatModelLabel } from '../model-label.ts'

const showFilter = { all: {}, failed: { outcome: 'failed' as const }, retried: { hadRetries: true }, repaired: { repaired: true } }
type Show = keyof typeof showFilter

const PAGE_SIZE = 100

/** Recent LLM calls across threads, with filters in the URL (`?show=failed&model=…&rule=…`); a row opens its trace. */
export function CallsPage() {
  const trpc = useTRPC()
  const [params, setParams] = useSearchParamsState()
  const shown = params.get('show') ?? 'all'
  const show: Show = shown in showFilter ? (shown as Show) : 'all'
  const rule = params.get('rule') ?? ''
  const urlModel = params.get('model') ?? ''
  const [model, setModel] = useState(urlModel)
  const [open, setOpen] = useState<string | null>(null)
  const debouncedModel = useDebouncedValue(model.trim(), 300)
  // typing replaces the URL's model (one history entry per search, not per key); back/forward bring theirs back
  useEffect(() => {
    if (debouncedModel !== urlModel) setParams({ model: debouncedModel })
  }, [debouncedModel])
  useEffect(() => setModel(urlModel), [urlModel])
  const calls = useInfiniteQuery(
    trpc.calls.list.infiniteQueryOptions(
      { ...showFilter[show], ...(urlModel ? { model: urlModel } : {}), ...(rule ? { rule } : {}), limit: PAGE_SIZE },
      { placeholderData: keepPreviousData, getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  )
  const rows = calls.data?.pages.flatMap((page) => page.calls)
  // built-in rules, then the custom ones the API knows for this caller (and the URL's rule, even when no call has it any more)
  const rules = useQuery(trpc.calls.rules.queryOptions())
  const builtIn = rules.data?.builtIn ?? builtInCompatRules.map((builtInRule) => builtInRule.name)
  const custom = [...new Set([...(rules.data?.custom ?? []), ...(rule && !builtIn.includes(rule) ? [rule] : [])])]
  return (
    <div className="space-y-6">
      <PageHeader title="LLM calls" description="Every recorded provider call: what the processors changed and why it retried." />
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Show">
          <select
            className={selectClass}
            value={show}
            onChange={(event) => setParams({ show: event.target.value === 'all' ? null : event.target.value }, 'push')}
          >
            <option value="all">All calls</option>
            <option value="failed">Failed</option>
            <option value="retried">Retried</option>
            <option value="repaired">Repaired</option>
          </select>
        </Field>
        <Field label="Model" hint="provider/model or the model id">
          <input className={inputClass} value={model} placeholder="anthropic/claude-sonnet-4-5" onChange={(event) => setModel(event.target.value)} />
        </Field>
        <Field label="Rule">
          <select className={selectClass} value={rule} onChange={(event) => setParams({ rule: event.target.value }, 'push')}>
            <option value="">Any rule</option>
            <optgroup label="Built-in">
              {builtIn.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </optgroup>
            {custom.length > 0 && (
              <optgroup label="Custom">
                {custom.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </Field>
      </div>
      <Panel title="Calls" description="Newest first" bodyClassName="">
        {calls.error ? (
          <div className="p-4">
            <Notice tone="error">{describeError(calls.error)}</Notice>
          </div>
        ) : !rows ? (
          <Loading label="Loading calls…" />
        ) : rows.length === 0 ? (
          <EmptyState title="No calls" description="No recorded call matches these filters. Workbench turns record their calls." />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Calls">
            {rows.map((call) => (
              <li key={call.id} data-testid="call-row" className="px-4 py-2.5">
                <button type="button" aria-expanded={open === call.id} onClick={() => setOpen(open === call.id ? null : call.id)} className="w-full text-left">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge tone={call.outcome === 'success' ? 'emerald' : 'red'}>{call.outcome}</Badge>
                    <span className="font-medium" title={`${call.provider}/${call.modelId}`}>
                      {formatModelLabel(`${call.provider}/${call.modelId}`)}
                    </span>
                    <span className="text-slate-500">{formatDateTime(call.startedAt)}</span>
                    <span className="text-slate-500">{call.latencyMs} ms</span>
                  </div>
                  <p className="mt-0.5 break-words text-xs text-slate-600 [overflow-wrap:anywhere]">{summarizeCalls([call])}</p>
                </button>
                {call.threadId && (
                  <Link
                    href={call.responseMessageId ? threadMessageHref(call.threadId, call.responseMessageId) : `/threads/${encodeURIComponent(call.threadId)}`}
                    className="text-xs text-indigo-700 hover:underline"
                  >
                    Thread {call.threadId}
                    {call.responseMessageId ? ', at its reply' : ''}
                  </Link>
                )}
                {open === call.id && (
                  <div className="mt-2">
                    <CallTrace callId={call.id} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {calls.hasNextPage && (
          <div className="border-t border-slate-100 px-4 py-3">
            <Button size="sm" onClick={() => void calls.fetchNextPage()} disabled={calls.isFetchingNextPage}>
              {calls.isFetchingNextPage ? 'Loading…' : `Load ${PAGE_SIZE} more`}
            </Button>
          </div>
        )}
      </Panel>
    </div>
  )
}
