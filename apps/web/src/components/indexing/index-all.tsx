'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import Link from 'next/link'
import { useEffect } from 'react'
import { useTRPC } from '@/trpc/client.tsx'
import type { RouterOutputs } from '@/trpc/types.ts'
import { Badge } from '../badge.tsx'
import { Button } from '../ui/button.tsx'
import { describeError } from '../ui/describe-error.ts'
import { ProgressBar, Spinner } from '../ui/progress.tsx'
import { formatDuration, formatRate, isActive, jobStateTone } from './job-format.ts'

export type IndexScope = { threadId: string } | { resourceId: string }
type IndexJobView = RouterOutputs['indexing']['job']

/**
 * "Index all" of a thread or a resource: shown only while something has no
 * vector of the server's embedding model or a job runs. Starts a background
 * job, follows its progress (done / total, rate, ETA) and can cancel it.
 * Nothing shows with full-text recall alone (no model or no pgvector).
 */
export function IndexAll({ scope, label }: { scope: IndexScope; label: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const status = useQuery(
    trpc.indexing.status.queryOptions(scope, {
      refetchInterval: (query) => (query.state.data?.job && isActive(query.state.data.job.state) ? 1000 : false),
    }),
  )
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.indexing.status.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.recall.status.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.indexing.list.queryKey() }),
    ])
  const start = useMutation(trpc.indexing.start.mutationOptions({ onSuccess: refresh }))
  const cancel = useMutation(trpc.indexing.cancel.mutationOptions({ onSuccess: refresh }))
  const data = status.data
  // when a job ends, the counts shown elsewhere (the thread's embeddings panel, the jobs list) are stale
  const endedJob = data?.job && !isActive(data.job.state) ? data.job.id : null
  useEffect(() => {
    if (endedJob === null) return
    void queryClient.invalidateQueries({ queryKey: trpc.recall.status.queryKey() })
    void queryClient.invalidateQueries({ queryKey: trpc.indexing.list.queryKey() })
  }, [endedJob, queryClient, trpc])
  if (data?.model == null) return null
  const job = data.job
  const running = job !== null && isActive(job.state)
  const finishedHere = start.data !== undefined && job?.id === start.data.id && job.state === 'done'
  if (!running && data.unindexed === 0 && job?.state !== 'failed' && !finishedHere) return null
  const error = start.error ?? cancel.error
  return (
    <div className="mt-3 space-y-2 border-t border-slate-100 pt-3 text-xs text-slate-500" data-testid="index-all">
      {finishedHere && data.unindexed === 0 ? (
        <p role="status" className="font-medium text-emerald-700">
          Indexed {job.progress.done.toLocaleString('en')} message{job.progress.done === 1 ? '' : 's'} in{' '}
          {formatDuration(job.startedAt && job.finishedAt ? (job.finishedAt.getTime() - job.startedAt.getTime()) / 1000 : null)}: all of {label} is indexed.
        </p>
      ) : running ? (
        <JobProgress job={job} onCancel={() => cancel.mutate({ jobId: job.id })} cancelling={cancel.isPending} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <span>
            {data.unindexed} of {data.messages} message{data.messages === 1 ? '' : 's'} in {label} {data.unindexed === 1 ? 'has' : 'have'} no vector yet:
            full-text search finds them, vector search does not.
          </span>
          <Button size="sm" variant="primary" onClick={() => start.mutate(scope)} disabled={start.isPending}>
            {start.isPending ? <Spinner className="size-3.5" /> : null} Index all
          </Button>
          {job !== null && job.state !== 'done' && <LastJob job={job} />}
        </div>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {describeError(error)}
        </p>
      )}
    </div>
  )
}

function JobProgress({ job, onCancel, cancelling }: { job: IndexJobView; onCancel: () => void; cancelling: boolean }) {
  const { progress } = job
  return (
    <div className="space-y-1.5" data-testid="index-progress">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <span className="flex items-center gap-2 font-medium text-slate-700">
          <Spinner className="size-3.5" />
          {job.state === 'queued' ? 'Waiting for a worker…' : 'Indexing…'}
          <span className="tabular-nums" data-testid="index-progress-count">
            {progress.done.toLocaleString('en')} / {progress.total.toLocaleString('en')}
          </span>
        </span>
        <span className="flex items-center gap-3 tabular-nums">
          <span title="Messages per second since the job started">{formatRate(progress.perSecond)}</span>
          <span title="Time left at that rate">ETA {formatDuration(progress.etaSeconds)}</span>
          <Button size="sm" variant="danger" onClick={onCancel} disabled={cancelling}>
            Cancel
          </Button>
        </span>
      </div>
      <ProgressBar value={progress.fraction} label="Messages indexed" />
    </div>
  )
}

function LastJob({ job }: { job: IndexJobView }) {
  return (
    <span className="flex min-w-0 items-center gap-2" data-testid="index-last-job">
      <Badge tone={jobStateTone[job.state]}>{job.state}</Badge>
      <span className="tabular-nums">
        {job.progress.done} / {job.progress.total}
      </span>
      {job.lastError && (
        <span className="truncate text-red-700" title={job.lastError}>
          {job.lastError}
        </span>
      )}
      <Link href="/recall/jobs" className="font-medium text-indigo-700 hover:underline">
        Jobs
      </Link>
    </span>
  )
}
