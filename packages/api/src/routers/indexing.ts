// Background indexing (issue 16): "Index all" of a thread or a resource, its
// progress, cancel, and the jobs listing. Jobs are scoped by their resource
// like everything else: a token sees and touches its resources' jobs only.
import { exactlyOneOf, indexJobProgress, indexJobStateSchema, type IndexJob, type IndexScope, type ScopedMemory } from '@threadline/engine'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { idInput, pageCount, pageInput, pageSizeInput, resourceIdInput, threadIdInput } from '../inputs.ts'
import type { Services } from '../services.ts'
import { authedProcedure, router, writeProcedure } from '../trpc.ts'

const scopeInput = exactlyOneOf(z.strictObject({ threadId: threadIdInput.optional(), resourceId: resourceIdInput.optional() }), 'threadId', 'resourceId')

/** The job as the UI shows it: with its progress (done / total, rate, ETA) at the time of the answer. */
function jobView(job: IndexJob) {
  return { ...job, progress: indexJobProgress(job, new Date()) }
}

/** What to index: a thread the caller may see (NOT_FOUND otherwise) or one of its resources (FORBIDDEN otherwise). */
async function scopeOf(memory: ScopedMemory, input: z.output<typeof scopeInput>): Promise<IndexScope> {
  if (input.threadId === undefined) return { resourceId: memory.scope.require(input.resourceId) }
  const thread = await memory.thread(input.threadId)
  return { resourceId: thread.resourceId, threadId: thread.id }
}

/** Indexing needs vectors: an embedding model and pgvector. */
export function requireIndexing(services: Services): string {
  if (!services.semanticRecall) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: 'Vectors are not available: this PostgreSQL server has no pgvector extension (full-text recall needs no indexing)',
    })
  }
  if (services.embedder === null) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: 'No embedding model is configured: recall is full-text, which the database keeps indexed by itself',
    })
  }
  return services.embedder.id
}

/** A job the caller may see; NOT_FOUND for an unknown job and another tenant's alike. */
async function jobInScope(services: Services, memory: ScopedMemory, jobId: string): Promise<IndexJob> {
  const job = await services.indexJobs.get(jobId)
  if (job === null || !memory.scope.includes(job.resourceId)) throw new TRPCError({ code: 'NOT_FOUND', message: `Index job "${jobId}" not found` })
  return job
}

export const indexingRouter = router({
  /**
   * What "Index all" of a thread or resource would do: the embedding model,
   * how many messages have no vector of it, and the scope's latest job. With no
   * model or no pgvector, `model` is null and nothing needs indexing.
   */
  status: authedProcedure.input(scopeInput).query(async ({ ctx, input }) => {
    const scope = await scopeOf(ctx.memory, input)
    const { embedder, semanticRecall, indexJobs } = ctx.services
    if (embedder === null || !semanticRecall) return { ...scope, model: null, vectorsAvailable: semanticRecall, messages: null, unindexed: 0, job: null }
    const [counts, job] = await Promise.all([indexJobs.countUnindexed(scope, embedder.id), indexJobs.latest(scope, embedder.id)])
    return { ...scope, model: embedder.id, vectorsAvailable: true, ...counts, job: job === null ? null : jobView(job) }
  }),

  /** Queues "Index all" of the thread or resource (a running one is returned instead of a second); the server's workers run it. */
  start: writeProcedure.input(scopeInput).mutation(async ({ ctx, input }) => {
    const scope = await scopeOf(ctx.memory, input)
    const model = requireIndexing(ctx.services)
    const job = await ctx.services.indexJobs.enqueue({ ...scope, model, reason: 'index' })
    ctx.services.indexWorker?.wake()
    return jobView(job)
  }),

  /** One job with its progress. */
  job: authedProcedure
    .input(z.strictObject({ jobId: idInput }))
    .query(async ({ ctx, input }) => jobView(await jobInScope(ctx.services, ctx.memory, input.jobId))),

  /** Cancels a queued or running job (a running worker stops before its next batch); an ended job is left as it is. */
  cancel: writeProcedure.input(z.strictObject({ jobId: idInput })).mutation(async ({ ctx, input }) => {
    await jobInScope(ctx.services, ctx.memory, input.jobId)
    const job = await ctx.services.indexJobs.cancel(input.jobId)
    if (job === null) throw new TRPCError({ code: 'NOT_FOUND', message: `Index job "${input.jobId}" not found` })
    return jobView(job)
  }),

  /** The jobs, newest first: an operator's of every resource, a token's of its own; by resource and state. */
  list: authedProcedure
    .input(
      z.strictObject({
        resourceId: resourceIdInput.optional(),
        state: indexJobStateSchema.optional(),
        page: pageInput,
        pageSize: pageSizeInput,
      }),
    )
    .query(async ({ ctx, input }) => {
      const resourceIds = ctx.memory.scope.listed(input.resourceId)
      const { items, total } = await ctx.services.indexJobs.list({
        ...(resourceIds === null ? {} : { resourceIds }),
        state: input.state,
        page: input.page,
        pageSize: input.pageSize,
      })
      return { items: items.map(jobView), total, page: input.page, pageSize: input.pageSize, pageCount: pageCount(total, input.pageSize) }
    }),
})
