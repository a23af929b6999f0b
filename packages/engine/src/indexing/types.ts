// Durable background indexing (issue 16): the job store port, implemented by
// @threadline/db over an `index_jobs` table claimed with FOR UPDATE SKIP LOCKED.
import { z } from 'zod'
import type { StoredMessage } from '../messages/types.ts'
import type { MessageVector } from '../storage/types.ts'

export const indexJobStateSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled'])
export type IndexJobState = z.infer<typeof indexJobStateSchema>

/** Why a job exists: messages saved through the API, an operator's "Index all", the demo seed. */
export const indexJobReasonSchema = z.enum(['save', 'index', 'seed'])
export type IndexJobReason = z.infer<typeof indexJobReasonSchema>

/** A message the embedder refused (the others of its batch got vectors): recorded on its job, never retried by it. */
export const indexMessageFailureSchema = z.object({ messageId: z.string(), error: z.string() })
export type IndexMessageFailure = z.infer<typeof indexMessageFailureSchema>

/** What a job embeds: a resource's messages, or one thread's (its effective history). */
export type IndexScope = { resourceId: string; threadId?: string | undefined }

export type IndexJob = {
  id: string
  resourceId: string
  /** null: the whole resource */
  threadId: string | null
  /** the saved messages to (re)embed; empty: those of the scope without a vector of `model` */
  messageIds: string[]
  model: string
  state: IndexJobState
  reason: IndexJobReason
  /** messages to go through (counted when enqueued, again when claimed) and gone through */
  total: number
  done: number
  /** where the job stands (opaque: the store's keyset position): a reclaimed job goes on after it */
  cursor: string | null
  attempts: number
  maxAttempts: number
  lastError: string | null
  /** messages that failed alone, with the embedder's reason (the job goes on without them) */
  failures: IndexMessageFailure[]
  runAfter: Date
  lockedBy: string | null
  leaseExpiresAt: Date | null
  createdAt: Date
  startedAt: Date | null
  updatedAt: Date
  finishedAt: Date | null
}

export type EnqueueIndexJob = IndexScope & {
  model: string
  reason: IndexJobReason
  messageIds?: string[]
  maxAttempts?: number
}

export type IndexJobQuery = {
  /** undefined: every resource (an operator) */
  resourceIds?: string[] | undefined
  threadId?: string | undefined
  state?: IndexJobState | undefined
  page: number
  pageSize: number
}

export type IndexJobPage = { items: IndexJob[]; total: number }

/** One batch a worker has embedded: written with the job's progress in ONE transaction, only while it holds the lease. */
export type IndexBatchResult = {
  jobId: string
  workerId: string
  leaseMs: number
  /** the batch's last message: a reclaimed job goes on after it */
  last: Pick<StoredMessage, 'id' | 'createdAt'>
  /** messages gone through (with or without text to embed) */
  processed: number
  vectors: MessageVector[]
  /** the batch's messages the embedder refused, appended to the job's failures */
  failures: IndexMessageFailure[]
}

export interface IndexJobStore {
  /** A queued job; an "Index all" of a scope already queued or running returns that job instead of a second one. */
  enqueue(job: EnqueueIndexJob): Promise<IndexJob>
  /**
   * Claims one runnable job of `model` (queued and due, or running with an
   * expired lease: its worker died) with FOR UPDATE SKIP LOCKED, so concurrent
   * workers never claim the same job; counts an attempt and takes the lease.
   * Fair per resource (round-robin, oldest job first in each): a resource with
   * fewer jobs running goes first, then the one served least recently, so one
   * tenant's backlog delays another tenant's job by about one job, not all of them.
   */
  claim(args: { workerId: string; model: string; leaseMs: number }): Promise<IndexJob | null>
  /** The job's next messages after its cursor, in id order. */
  readBatch(job: IndexJob, size: number): Promise<StoredMessage[]>
  /**
   * Writes the vectors and the progress; IndexJobLeaseLostError (nothing written)
   * when the lease is no longer this worker's. Returns the job's new cursor.
   */
  writeBatch(batch: IndexBatchResult): Promise<string>
  /** Marks the job done (only while this worker holds it). */
  finish(args: { jobId: string; workerId: string }): Promise<void>
  /** Records a failed attempt: queued again after `retryInMs`, or failed for good once its attempts are used up. */
  fail(args: { jobId: string; workerId: string; error: string; retryInMs: number }): Promise<IndexJob | null>
  /** Cancels a queued or running job (a running worker stops at its next batch); null when unknown. */
  cancel(jobId: string): Promise<IndexJob | null>
  get(jobId: string): Promise<IndexJob | null>
  list(query: IndexJobQuery): Promise<IndexJobPage>
  /** The scope's newest "Index all" job, if any. */
  latest(scope: IndexScope, model: string): Promise<IndexJob | null>
  /** How many of the scope's messages there are, and how many have no vector of `model`. */
  countUnindexed(scope: IndexScope, model: string): Promise<{ messages: number; unindexed: number }>
}

const leaseLost = Symbol.for('threadline.error.IndexJobLeaseLostError')

/** A worker's lease on a job expired (another worker took it) or the job was cancelled: its batch was not written. */
export class IndexJobLeaseLostError extends Error {
  private readonly [leaseLost] = true
  constructor(readonly jobId: string) {
    super(`Index job ${jobId} is no longer held by this worker (lease expired or job cancelled)`)
    this.name = 'IndexJobLeaseLostError'
  }

  static isInstance(value: unknown): value is IndexJobLeaseLostError {
    return typeof value === 'object' && value !== null && leaseLost in value
  }
}
