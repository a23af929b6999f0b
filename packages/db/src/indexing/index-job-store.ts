// The durable index-job queue (issue 16) in our own table: Prisma for plain
// reads and writes, raw SQL where the queue needs it (FOR UPDATE SKIP LOCKED,
// leases on the database clock). Works the same on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto'
import {
  IndexJobLeaseLostError,
  indexJobReasonSchema,
  indexJobStateSchema,
  indexMessageFailureSchema,
  type IndexBatchResult,
  type IndexJob,
  type IndexJobStore,
  type IndexScope,
} from '@threadline/engine'
import { Prisma, type PrismaClient } from '../generated/prisma/client.ts'
import type { IndexJob as IndexJobRow } from '../generated/prisma/client.ts'
import type { MessageVector } from '@threadline/engine/storage'
import type { YieldToRequests } from '../embedded/requests-first.ts'
import type { Db } from '../storage/context.ts'
import { effectiveLevelsSql, withinLevelSql } from '../storage/effective-history.ts'
import { toMessage, type MessageRow } from '../storage/rows.ts'
import { createVectorSupport } from '../storage/vector-support.ts'
import { createVectorStore, upsertVectorsSql } from '../storage/vectors.ts'
import { withoutSorts } from '../storage/without-sorts.ts'
import { decodeCursor, encodeCursor, type JobCursor } from './job-cursor.ts'

function toJob(row: IndexJobRow): IndexJob {
  return {
    ...row,
    messageIds: row.messageIds,
    state: indexJobStateSchema.parse(row.state),
    reason: indexJobReasonSchema.parse(row.reason),
    failures: indexMessageFailureSchema.array().parse(row.failures),
  }
}

const leaseInterval = (ms: number) => Prisma.sql`(${ms} * interval '1 millisecond')`

type JobScope = Pick<IndexJob, 'resourceId' | 'threadId' | 'messageIds' | 'model'>

/**
 * A message `m` with words to embed and no vector of the model. The words test is the full-text column's
 * (the same text the embedder gets, embedding-text.ts): a message with nothing to embed (a step marker, a
 * file) never gets a vector, so it never counts as waiting for one. (A message of stop words only has an
 * empty tsvector too: it is embedded when saved, not by "Index all".)
 */
const missingVectorSql = (model: string) => Prisma.sql`length(m.search_text) > 0 AND NOT EXISTS (
    SELECT 1 FROM message_embeddings e WHERE e.message_id = m.id AND e.model = ${model} AND e.embedding IS NOT NULL)`

/** The messages a job goes through, as a FROM ... WHERE over `m`: its ids, or "index all" of a thread or a resource. */
function jobMessagesSql(job: JobScope): { with: Prisma.Sql; from: Prisma.Sql } {
  if (job.messageIds.length > 0) {
    return { with: Prisma.empty, from: Prisma.sql`messages m WHERE m.id = ANY(${job.messageIds}::text[])` }
  }
  if (job.threadId !== null) {
    return {
      with: Prisma.sql`WITH RECURSIVE ${effectiveLevelsSql(job.threadId)}`,
      from: Prisma.sql`levels l JOIN messages m ON m.thread_id = l.id AND ${withinLevelSql('m', 'l')} WHERE ${missingVectorSql(job.model)}`,
    }
  }
  return { with: Prisma.empty, from: Prisma.sql`messages m WHERE m.resource_id = ${job.resourceId} AND ${missingVectorSql(job.model)}` }
}

const batchColumns = Prisma.sql`m.id, m.thread_id AS "threadId", m.resource_id AS "resourceId", m.role, m.content, m.created_at AS "createdAt"`

/**
 * The job's next `size` messages after `after` in keyset order (created_at, id). "Index all" of a thread
 * walks each visible level's (thread_id, created_at, id) index from the cursor and stops after `size`
 * rows, then merges the levels: the same rows as a join over the levels, which on PGlite collected and
 * sorted every message left to index for each batch (10,000 messages: ~40-190 ms a batch holding the
 * one session, issue 32).
 */
function nextBatchSql(job: JobScope, after: JobCursor | null, size: number): Prisma.Sql {
  const afterCursor = after === null ? Prisma.empty : Prisma.sql`AND (m.created_at, m.id) > (${after.createdAt}::timestamptz, ${after.id})`
  const page = Prisma.sql`ORDER BY m.created_at, m.id LIMIT ${size}`
  if (job.messageIds.length === 0 && job.threadId !== null) {
    return Prisma.sql`WITH RECURSIVE ${effectiveLevelsSql(job.threadId)}
      SELECT s.* FROM levels l CROSS JOIN LATERAL (
        SELECT ${batchColumns} FROM messages m
        WHERE m.thread_id = l.id AND ${withinLevelSql('m', 'l')} AND ${missingVectorSql(job.model)} ${afterCursor}
        ${page}
      ) s
      ORDER BY s."createdAt", s.id LIMIT ${size}`
  }
  const sql = jobMessagesSql(job)
  return Prisma.sql`${sql.with} SELECT ${batchColumns} FROM ${sql.from} ${afterCursor} ${page}`
}

async function countJobMessages(db: Db, job: JobScope): Promise<number> {
  const sql = jobMessagesSql(job)
  const [row] = await db.$queryRaw<{ n: number }[]>`${sql.with} SELECT count(*)::int AS n FROM ${sql.from}`
  return row?.n ?? 0
}

/**
 * The batch's vectors in writes of at most `size` (all in one when unset),
 * the job's progress with the last: on a database that is one session
 * (PGlite) a write holds every request until it ends, and writing 100
 * vectors into the HNSW index held it for seconds (issue 32: a save during a
 * 10,000-message index job waited up to 6.3 s). Vectors are upserts, so a
 * batch cut short by a crash or a lost lease is written again whole.
 */
function vectorChunks<V>(vectors: V[], size: number | undefined): V[][] {
  if (size === undefined || vectors.length <= size) return [vectors]
  return Array.from({ length: Math.ceil(vectors.length / size) }, (_, i) => vectors.slice(i * size, (i + 1) * size))
}

/**
 * One write of a batch as ONE statement, so its own transaction: one round trip where an interactive
 * transaction took six (BEGIN, fence, present ids, the vector store's existence check, insert, COMMIT;
 * issue 32). CTE `job` is the fence: the running job row if this worker holds its lease, locked, and
 * with `progress` moved on. The vectors go in only when the fence holds, and only for messages still
 * there: one deleted since it was read is skipped (FOR KEY SHARE: a delete racing the insert waits for
 * it, or the row is skipped). `held` is 0 when the fence did not hold, and then nothing was written.
 */
function jobWriteSql(batch: IndexBatchResult, vectors: MessageVector[], progress: boolean): Prisma.Sql {
  const holder = Prisma.sql`id = ${batch.jobId} AND locked_by = ${batch.workerId} AND state = 'running'`
  const fence = progress
    ? Prisma.sql`UPDATE index_jobs SET done = done + ${batch.processed}, cursor = ${encodeCursor(batch.last)},
        failures = failures || ${JSON.stringify(batch.failures)}::jsonb,
        lease_expires_at = now() + ${leaseInterval(batch.leaseMs)}, updated_at = now()
      WHERE ${holder} RETURNING id`
    : Prisma.sql`SELECT id FROM index_jobs WHERE ${holder} FOR UPDATE`
  const written =
    vectors.length === 0
      ? Prisma.empty
      : Prisma.sql`, written AS (${upsertVectorsSql(vectors, Prisma.sql`JOIN messages m ON m.id = r."messageId" WHERE EXISTS (SELECT 1 FROM job) FOR KEY SHARE OF m`)})`
  return Prisma.sql`WITH job AS (${fence}) ${written} SELECT count(*)::int AS held FROM job`
}

export type IndexJobStoreOptions = {
  /** vectors per write, each one statement (default: a batch's all, with its progress) */
  vectorsPerTransaction?: number
  /**
   * The database keeps no planner statistics (PGlite: no autovacuum): an "index all" batch is read with
   * sorts off, or the planner, guessing few rows, sorts every message left instead of walking the index.
   */
  withoutStatistics?: boolean
  /** awaited before each statement that reads or writes a batch: requests first on a shared connection (embedded/requests-first.ts) */
  yieldToRequests?: YieldToRequests
}

/**
 * On a database that is ONE session (PGlite): one vector per write, each ONE
 * statement. A vector's HNSW insert is the job's longest hold of the session
 * (a few ms to 40 ms in WebAssembly); with 10 per transaction a save during a
 * 10,000-message index job waited p50 401 ms against 77 ms idle
 * (bench/indexing-starvation.ts, issue 32). A request queued meanwhile goes
 * before the job's next statement (the session's queue is first come, first
 * served). PGlite has no autovacuum, so no statistics.
 */
export const oneSessionPacing: IndexJobStoreOptions = { vectorsPerTransaction: 1, withoutStatistics: true }

export function createIndexJobStore(prisma: PrismaClient, options: IndexJobStoreOptions = {}): IndexJobStore {
  const vectorSupport = createVectorSupport()
  const get = async (jobId: string) => {
    const row = await prisma.indexJob.findUnique({ where: { id: jobId } })
    return row === null ? null : toJob(row)
  }

  return {
    async enqueue(input) {
      const threadId = input.threadId ?? null
      const messageIds = input.messageIds ?? []
      if (messageIds.length === 0) {
        // one "Index all" per scope at a time: asking again shows the running one
        const active = await prisma.indexJob.findFirst({
          where: { resourceId: input.resourceId, threadId, model: input.model, messageIds: { isEmpty: true }, state: { in: ['queued', 'running'] } },
          orderBy: { createdAt: 'desc' },
        })
        if (active !== null) return toJob(active)
      }
      const scope = { resourceId: input.resourceId, threadId, messageIds, model: input.model }
      const total = messageIds.length > 0 ? messageIds.length : await countJobMessages(prisma, scope)
      const row = await prisma.indexJob.create({
        data: { id: randomUUID(), ...scope, reason: input.reason, total, ...(input.maxAttempts === undefined ? {} : { maxAttempts: input.maxAttempts }) },
      })
      return toJob(row)
    },

    async claim({ workerId, model, leaseMs }) {
      // Runnable: due queued jobs, and running ones whose worker stopped renewing its lease (it died).
      // Fair per resource (round-robin): each job gets its turn within its resource (jobs running under
      // a live lease first, then by age), and the lowest turn goes first, so a resource with a job running
      // waits behind one with none; among equal turns, the resource served least recently (its newest
      // started job) goes first, so a worker that just finished one of A's jobs takes B's before A's next.
      // (FOR UPDATE cannot lock a query with a window function: the turns are a subquery, the lock is on c.)
      const [claimed] = await prisma.$queryRaw<{ id: string }[]>`
        UPDATE index_jobs j SET state = 'running', locked_by = ${workerId}, lease_expires_at = now() + ${leaseInterval(leaseMs)},
          attempts = j.attempts + 1, started_at = coalesce(j.started_at, now()), updated_at = now()
        FROM (
          SELECT c.id FROM index_jobs c
          JOIN (
            SELECT id, row_number() OVER (
              PARTITION BY resource_id ORDER BY (state = 'running' AND lease_expires_at >= now()) DESC, created_at, id
            ) AS turn
            FROM index_jobs
            WHERE model = ${model} AND ((state = 'queued' AND run_after <= now()) OR state = 'running')
          ) ranked ON ranked.id = c.id
          WHERE (c.state = 'queued' AND c.run_after <= now()) OR (c.state = 'running' AND c.lease_expires_at < now())
          ORDER BY ranked.turn, (SELECT max(s.started_at) FROM index_jobs s WHERE s.resource_id = c.resource_id) NULLS FIRST, c.created_at, c.id
          LIMIT 1
          FOR UPDATE OF c SKIP LOCKED
        ) next
        WHERE j.id = next.id
        RETURNING j.id`
      return claimed === undefined ? null : get(claimed.id)
    },

    async readBatch(job, size) {
      const sql = nextBatchSql(job, decodeCursor(job.cursor), size)
      const read = (db: Db) => db.$queryRaw<MessageRow[]>(sql)
      const walksIndex = options.withoutStatistics === true && job.messageIds.length === 0
      await options.yieldToRequests?.()
      const rows = walksIndex ? await withoutSorts({ db: prisma, root: prisma, inTransaction: false, vectorSupport }, read) : await read(prisma)
      return rows.map(toMessage)
    },

    async writeBatch(batch) {
      if (batch.vectors.length > 0) await vectorSupport.ensure(prisma)
      const chunks = vectorChunks(batch.vectors, options.vectorsPerTransaction)
      for (const [index, vectors] of chunks.entries()) {
        await options.yieldToRequests?.()
        const [row] = await prisma.$queryRaw<{ held: number }[]>(jobWriteSql(batch, vectors, index === chunks.length - 1))
        if (row?.held !== 1) throw new IndexJobLeaseLostError(batch.jobId)
      }
      return encodeCursor(batch.last)
    },

    async finish({ jobId, workerId }) {
      await prisma.$executeRaw`
        UPDATE index_jobs SET state = 'done', finished_at = now(), updated_at = now(), locked_by = NULL, lease_expires_at = NULL
        WHERE id = ${jobId} AND locked_by = ${workerId} AND state = 'running'`
    },

    async fail({ jobId, workerId, error, retryInMs }) {
      const [row] = await prisma.$queryRaw<{ id: string }[]>`
        UPDATE index_jobs SET
          state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
          finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
          run_after = now() + ${leaseInterval(retryInMs)},
          last_error = ${error}, locked_by = NULL, lease_expires_at = NULL, updated_at = now()
        WHERE id = ${jobId} AND locked_by = ${workerId} AND state = 'running'
        RETURNING id`
      return row === undefined ? null : get(row.id)
    },

    async cancel(jobId) {
      await prisma.$executeRaw`
        UPDATE index_jobs SET state = 'cancelled', finished_at = now(), updated_at = now(), locked_by = NULL, lease_expires_at = NULL
        WHERE id = ${jobId} AND state IN ('queued', 'running')`
      return get(jobId)
    },

    get,

    async list(query) {
      const where: Prisma.IndexJobWhereInput = {
        ...(query.resourceIds === undefined ? {} : { resourceId: { in: query.resourceIds } }),
        ...(query.threadId === undefined ? {} : { threadId: query.threadId }),
        ...(query.state === undefined ? {} : { state: query.state }),
      }
      const [rows, total] = await prisma.$transaction([
        prisma.indexJob.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip: (query.page - 1) * query.pageSize, take: query.pageSize }),
        prisma.indexJob.count({ where }),
      ])
      return { items: rows.map(toJob), total }
    },

    async latest(scope: IndexScope, model: string) {
      const row = await prisma.indexJob.findFirst({
        where: { resourceId: scope.resourceId, threadId: scope.threadId ?? null, model, messageIds: { isEmpty: true } },
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      })
      return row === null ? null : toJob(row)
    },

    async countUnindexed(scope, model) {
      await vectorSupport.ensure(prisma)
      const job = { resourceId: scope.resourceId, threadId: scope.threadId ?? null, messageIds: [], model }
      const all =
        job.threadId === null
          ? await prisma.message.count({ where: { resourceId: job.resourceId } })
          : (await createVectorStore({ db: prisma, root: prisma, inTransaction: false, vectorSupport }).countThreadVectors({ threadId: job.threadId, model }))
              .messages
      return { messages: all, unindexed: await countJobMessages(prisma, job) }
    },
  }
}
