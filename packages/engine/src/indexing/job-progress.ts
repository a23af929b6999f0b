import type { IndexJob } from './types.ts'

/** A job's progress as the UI shows it: done / total, messages per second since it started, and the time left at that rate. */
export type IndexJobProgress = { done: number; total: number; fraction: number; perSecond: number | null; etaSeconds: number | null }

export function indexJobProgress(job: Pick<IndexJob, 'done' | 'total' | 'startedAt' | 'finishedAt' | 'state'>, now: Date): IndexJobProgress {
  const total = Math.max(job.total, job.done)
  const fraction = total === 0 ? (job.state === 'done' ? 1 : 0) : job.done / total
  const end = job.finishedAt ?? now
  const seconds = job.startedAt === null ? 0 : (end.getTime() - job.startedAt.getTime()) / 1000
  const perSecond = seconds > 0 && job.done > 0 ? job.done / seconds : null
  const etaSeconds = perSecond === null || job.state !== 'running' ? null : (total - job.done) / perSecond
  return { done: job.done, total, fraction, perSecond, etaSeconds }
}
