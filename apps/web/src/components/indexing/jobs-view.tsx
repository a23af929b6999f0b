'use client'

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { indexJobStateSchema, type IndexJobState } from '@threadline/engine'
import Link from 'next/link'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { EmptyState } from '../empty-state.tsx'
import { formatDateTime } from '../format.ts'
import { Pagination } from '../pagination.tsx'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { Field, selectClass } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { PageHeader } from '../ui/page-header.tsx'
import { Loading, meterTrackClass } from '../ui/progress.tsx'
import { useSearchParamsState } from '../use-search-params-state.ts'
import { formatDuration, formatRate, isActive, jobStateTone } from './job-format.ts'

type JobRow = RouterOutputs['indexing']['list']['items'][number]

const headerCell = 'px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500'
const reasonLabel = { save: 'saved messages', index: 'Index all', seed: 'demo seed' } as const

/** The background index jobs, newest first: state, progress, attempts and errors; active ones refresh and can be cancelled. */
export function IndexJobsView() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParamsState()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const parsedState = indexJobStateSchema.safeParse(params.get('state'))
  const state: IndexJobState | undefined = parsedState.success ? parsedState.data : undefined
  const jobs = useQuery(
    trpc.indexing.list.queryOptions(
      { page, pageSize: 20, ...(state ? { state } : {}) },
      {
        placeholderData: keepPreviousData,
        refetchInterval: (query) => (query.state.data?.items.some((job) => isActive(job.state)) ? 1000 : false),
      },
    ),
  )
  const cancel = useMutation(
    trpc.indexing.cancel.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.indexing.list.queryKey() }) }),
  )
  return (
    <div className="space-y-5">
      <PageHeader
        title="Index jobs"
        description="Background jobs that embed messages for vector recall: saved messages, “Index all” of a thread or resource, and the demo seed."
        actions={
          <Field label="State">
            <select
              className={selectClass}
              value={state ?? ''}
              onChange={(event) => setParams({ state: event.target.value === '' ? null : event.target.value, page: null })}
            >
              <option value="">all</option>
              {indexJobStateSchema.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </Field>
        }
      />
      {cancel.error && (
        <Notice tone="error" title="Could not cancel the job">
          {describeError(cancel.error)}
        </Notice>
      )}
      {jobs.error ? (
        <Notice tone="error" title="Could not load the jobs">
          {describeError(jobs.error)}
        </Notice>
      ) : !jobs.data ? (
        <Loading label="Loading jobs…" />
      ) : jobs.data.items.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState
            title="No index jobs"
            description="Jobs appear when messages are saved with an embedding model configured, or when you choose “Index all” on the Recall page."
          />
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          {/* Cancel sits under the state it ends, not in a column of its own: at 800 px that column left Created no room */}
          <table className="w-full min-w-[40rem] table-fixed border-collapse text-sm" data-testid="index-jobs">
            <thead className="border-b border-slate-200 bg-slate-50/80">
              <tr>
                <th scope="col" className={headerCell}>
                  Scope
                </th>
                <th scope="col" className={`${headerCell} w-28`}>
                  State
                </th>
                <th scope="col" className={`${headerCell} w-40 xl:w-64`}>
                  Progress
                </th>
                <th scope="col" className={`${headerCell} w-24 text-right`}>
                  Attempts
                </th>
                <th scope="col" className={`${headerCell} w-48`}>
                  Created
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {jobs.data.items.map((job) => (
                <JobRowView key={job.id} job={job} onCancel={() => cancel.mutate({ jobId: job.id })} cancelling={cancel.isPending} />
              ))}
            </tbody>
          </table>
          <Pagination
            page={jobs.data.page}
            pageCount={jobs.data.pageCount}
            pageSize={jobs.data.pageSize}
            total={jobs.data.total}
            noun="job"
            onPageChange={(next) => setParams({ page: next === 1 ? null : String(next) })}
          />
        </div>
      )}
    </div>
  )
}

function JobRowView({ job, onCancel, cancelling }: { job: JobRow; onCancel: () => void; cancelling: boolean }) {
  const { progress } = job
  return (
    <tr className="align-top" data-testid="index-job-row">
      <td className="min-w-0 px-4 py-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-slate-900">{job.resourceId}</span>
          {job.threadId && (
            <Link href={`/threads/${encodeURIComponent(job.threadId)}`} className="truncate font-mono text-xs text-indigo-700 hover:underline">
              {job.threadId}
            </Link>
          )}
        </div>
        <p className="mt-0.5 break-words text-xs text-slate-500">
          {reasonLabel[job.reason]} · <span className="font-mono">{job.model}</span>
        </p>
        {job.lastError && (
          <p className="mt-1 break-words text-xs text-red-700" data-testid="index-job-error">
            {job.lastError}
          </p>
        )}
        {job.failures.length > 0 && (
          <p
            className="mt-1 break-words text-xs text-amber-700"
            data-testid="index-job-failures"
            title={job.failures.map((failure) => `${failure.messageId}: ${failure.error}`).join('\n')}
          >
            {job.failures.length} {job.failures.length === 1 ? 'message' : 'messages'} refused by the embedder (the others got vectors):{' '}
            {job.failures[0]?.error}
          </p>
        )}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-col items-start gap-1.5">
          <Badge tone={jobStateTone[job.state]}>{job.state}</Badge>
          {isActive(job.state) && (
            <Button size="sm" variant="danger" onClick={onCancel} disabled={cancelling}>
              Cancel
            </Button>
          )}
        </div>
      </td>
      <td className="px-4 py-3">
        <div className="flex items-baseline justify-between gap-2 text-xs tabular-nums text-slate-600">
          <span>
            {progress.done.toLocaleString('en')} / {progress.total.toLocaleString('en')}
          </span>
          <span className="text-slate-400">
            {formatRate(progress.perSecond)}
            {job.state === 'running' ? ` · ETA ${formatDuration(progress.etaSeconds)}` : ''}
          </span>
        </div>
        <div className={`mt-1.5 h-1.5 overflow-hidden rounded-full ${meterTrackClass}`}>
          <div className="h-full rounded-full bg-indigo-500" style={{ width: `${Math.round(progress.fraction * 100)}%` }} />
        </div>
      </td>
      <td className="px-4 py-3 text-right tabular-nums text-slate-600">
        {job.attempts} / {job.maxAttempts}
      </td>
      <td className="px-4 py-3 text-xs text-slate-500">
        {/* a date breaks only before it, never between its day and its time */}
        <time dateTime={job.createdAt.toISOString()} className="whitespace-nowrap">
          {formatDateTime(job.createdAt)}
        </time>
        {job.finishedAt && (
          <p>
            ended <span className="whitespace-nowrap">{formatDateTime(job.finishedAt)}</span>
          </p>
        )}
      </td>
    </tr>
  )
}
