'use client'

import { keepPreviousData, useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { useState } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge, type BadgeTone } from '../badge.tsx'
import { EmptyState } from '../empty-state.tsx'
import { formatDateTime } from '../format.ts'
import { describeError } from '../ui/describe-error.ts'
import { Field, inputClass, selectClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { Panel } from '../ui/panel.tsx'
import { Loading } from '../ui/progress.tsx'
import { useDebouncedValue } from '../use-debounced-value.ts'
import { auditListInput, emptyAuditFilters, type AuditFilterFields } from './audit-filters.ts'

type AuditEvent = RouterOutputs['audit']['list']['events'][number]

const PAGE_SIZE = 50

const pageButtonClass =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50'

function actionTone(action: string): BadgeTone {
  if (action.endsWith('.delete') || action === 'token.revoke') return 'red'
  if (action.startsWith('token.') || action === 'operator.signIn') return 'violet'
  if (action.startsWith('rule.')) return 'amber'
  return 'indigo'
}

function detailsText(details: AuditEvent['details']): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ')
}

function AuditRow({ event }: { event: AuditEvent }) {
  const details = detailsText(event.details)
  return (
    <li data-testid="audit-row" className="px-4 py-2.5 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone={actionTone(event.action)}>{event.action}</Badge>
        <span className="min-w-0 break-words font-medium [overflow-wrap:anywhere]">{event.actor.name}</span>
        <Badge tone={event.actor.kind === 'operator' ? 'slate' : 'teal'}>{event.actor.kind === 'operator' ? 'operator' : 'API token'}</Badge>
        <span className="text-slate-500">{formatDateTime(event.at)}</span>
        <span className="text-slate-500" title="client address">
          from {event.clientAddress}
        </span>
        {event.forwardedFor && (
          <span className="text-slate-400 [overflow-wrap:anywhere]" title="X-Forwarded-For as the request claimed it (untrusted)">
            claims {event.forwardedFor}
          </span>
        )}
      </div>
      <div className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-600">
        {event.threadId && (
          <Link href={`/threads/${encodeURIComponent(event.threadId)}`} className="text-indigo-700 hover:underline [overflow-wrap:anywhere]">
            Thread {event.threadId}
          </Link>
        )}
        {event.resourceId && <span className="[overflow-wrap:anywhere]">Resource {event.resourceId}</span>}
        {event.targetId && <span className="[overflow-wrap:anywhere]">Target {event.targetId}</span>}
        {details && <span className="break-words [overflow-wrap:anywhere]">{details}</span>}
      </div>
    </li>
  )
}

/** Who did what, when and from where: newest first, with filters, paged by cursor. */
export function AuditPage() {
  const trpc = useTRPC()
  const [fields, setFields] = useState<AuditFilterFields>(emptyAuditFilters)
  // the cursors of the pages before the current one: Older pushes, Newer pops
  const [cursors, setCursors] = useState<string[]>([])
  const debounced = useDebouncedValue(fields, 300)
  const actors = useQuery(trpc.audit.actors.queryOptions(undefined, { staleTime: 30_000 }))
  const actions = useQuery(trpc.audit.actions.queryOptions(undefined, { staleTime: Infinity }))
  const events = useQuery(trpc.audit.list.queryOptions(auditListInput(debounced, cursors.at(-1), PAGE_SIZE), { placeholderData: keepPreviousData }))

  const change = (patch: Partial<AuditFilterFields>) => {
    setFields((current) => ({ ...current, ...patch }))
    setCursors([])
  }
  const page = cursors.length + 1
  const shown = events.data?.events.length ?? 0
  const first = (page - 1) * PAGE_SIZE + (shown === 0 ? 0 : 1)

  return (
    <div className="space-y-6">
      <PageHeader title="Audit log" description="Who did what, when and from where: clones, branches, deletes, memory edits, tokens, rules and sign-ins." />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Actor">
          <select className={selectClass} value={fields.actorId} onChange={(event) => change({ actorId: event.target.value })}>
            <option value="">Anyone</option>
            {actors.data?.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name} ({actor.kind === 'operator' ? 'operator' : 'token'})
              </option>
            ))}
          </select>
        </Field>
        <Field label="Action">
          <select className={selectClass} value={fields.action} onChange={(event) => change({ action: event.target.value })}>
            <option value="">Any action</option>
            {actions.data?.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Thread">
          <input className={inputClass} value={fields.threadId} placeholder="thread id" onChange={(event) => change({ threadId: event.target.value })} />
        </Field>
        <Field label="Resource">
          <input className={inputClass} value={fields.resourceId} placeholder="resource id" onChange={(event) => change({ resourceId: event.target.value })} />
        </Field>
        <Field label="From">
          <input type="datetime-local" className={inputClass} value={fields.from} onChange={(event) => change({ from: event.target.value })} />
        </Field>
        <Field label="To">
          <input type="datetime-local" className={inputClass} value={fields.to} onChange={(event) => change({ to: event.target.value })} />
        </Field>
      </div>
      <Panel title="Entries" description="Newest first; an action that failed leaves no entry" bodyClassName="">
        {events.error ? (
          <div className="p-4">
            <Notice tone="error">{describeError(events.error)}</Notice>
          </div>
        ) : !events.data ? (
          <Loading label="Loading the audit log…" />
        ) : events.data.events.length === 0 ? (
          <EmptyState title="No entries" description="No audited action matches these filters." />
        ) : (
          <>
            <ul className="divide-y divide-slate-100" aria-label="Audit entries">
              {events.data.events.map((event) => (
                <AuditRow key={event.id} event={event} />
              ))}
            </ul>
            <nav
              aria-label="Pagination"
              className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-slate-50/60 px-4 py-3 text-sm text-slate-600"
            >
              <p>
                Entries <span className="font-medium tabular-nums text-slate-900">{first}</span>–
                <span className="font-medium tabular-nums text-slate-900">{first + shown - 1}</span>
                {events.data.nextCursor === null ? ' (the oldest)' : ''}
              </p>
              <div className="flex gap-2">
                <button type="button" className={pageButtonClass} disabled={cursors.length === 0} onClick={() => setCursors((stack) => stack.slice(0, -1))}>
                  Newer
                </button>
                <button
                  type="button"
                  className={pageButtonClass}
                  disabled={events.data.nextCursor === null}
                  onClick={() => {
                    const next = events.data.nextCursor
                    if (next !== null) setCursors((stack) => [...stack, next])
                  }}
                >
                  Older
                </button>
              </div>
            </nav>
          </>
        )}
      </Panel>
    </div>
  )
}
