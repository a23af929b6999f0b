// The engine's LLMCallLog over Prisma: a call, its attempts and its events
// written in ONE SQL statement (whatever the number of attempts and events),
// read back newest first with keyset paging. The call's body (prompt as sent,
// reply) is one column of the call row, capped: stored once however many
// attempts the call made, and read by get only.
import {
  capCallBody,
  type CallBody,
  type CallError,
  type CallParameters,
  type LLMCallLog,
  type LLMCallQuery,
  type LLMCallSummary,
  type LLMCallTrace,
} from '@threadline/engine'
import type { PrismaClient } from '../generated/prisma/client.ts'
import type { LlmCallModel, LlmCallWhereInput } from '../generated/prisma/models.ts'
import { reportingStorageErrors } from '../storage/database-errors.ts'

type SummaryRow = Omit<LlmCallModel, 'body'>

/** Every column but the body: what a listing reads. */
const summaryColumns = { body: false } as const

function summaryOf(row: SummaryRow): LLMCallSummary {
  return {
    id: row.id,
    turnId: row.turnId,
    stepNumber: row.stepNumber,
    threadId: row.threadId,
    resourceId: row.resourceId,
    provider: row.provider,
    modelId: row.modelId,
    responseMessageId: row.responseMessageId,
    parameters: row.parameters as CallParameters,
    outcome: row.outcome as LLMCallSummary['outcome'],
    startedAt: row.startedAt,
    latencyMs: row.latencyMs,
    finishReason: row.finishReason,
    usage: row.inputTokens === null || row.outputTokens === null ? null : { inputTokens: row.inputTokens, outputTokens: row.outputTokens },
    error: (row.error as CallError | null) ?? null,
    retries: row.retries,
    waitedMs: row.waitedMs,
    rules: row.rules,
    repairedMessageIds: row.repairedMessageIds,
    promptOnlyMessageIds: row.promptOnlyMessageIds,
  }
}

function whereOf(query: LLMCallQuery): LlmCallWhereInput {
  const slash = query.model?.indexOf('/') ?? -1
  const model =
    query.model === undefined ? {} : slash > 0 ? { provider: query.model.slice(0, slash), modelId: query.model.slice(slash + 1) } : { modelId: query.model }
  return {
    ...(query.threadId !== undefined ? { threadId: query.threadId } : {}),
    ...(query.resourceIds !== undefined ? { resourceId: { in: query.resourceIds } } : {}),
    ...model,
    ...(query.outcome !== undefined ? { outcome: query.outcome } : {}),
    ...(query.hadRetries === true ? { retries: { gt: 0 } } : query.hadRetries === false ? { retries: 0 } : {}),
    ...(query.repaired !== undefined ? { repairedMessageIds: { isEmpty: !query.repaired } } : {}),
    ...(query.rule !== undefined ? { rules: { has: query.rule } } : {}),
  }
}

/** JSON text for a jsonb parameter; null stays SQL NULL. */
const jsonText = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value))

/**
 * ONE statement, one round trip: the call row, then its attempts and events
 * from two jsonb arrays (jsonb_to_recordset), in data-modifying CTEs. The
 * children select the call's id from the first CTE, so they follow it and the
 * foreign keys (checked at the end of the statement) hold.
 */
async function record(prisma: PrismaClient, trace: LLMCallTrace): Promise<void> {
  const attempts = trace.attempts.map((attempt) => ({
    attempt: attempt.attempt,
    started_at: attempt.startedAt.toISOString(),
    latency_ms: Math.round(attempt.latencyMs),
    outcome: attempt.outcome,
    error: attempt.error,
  }))
  const events = trace.events.map((event) => ({
    seq: event.seq,
    attempt: event.attempt,
    type: event.type,
    processor_id: event.processorId,
    rule: event.rule,
    at: event.at.toISOString(),
    data: event.data,
  }))
  await prisma.$executeRaw`
    WITH call AS (
      INSERT INTO llm_calls (id, turn_id, step_number, thread_id, resource_id, provider, model_id, response_message_id, outcome, started_at,
        latency_ms, finish_reason, input_tokens, output_tokens, error, retries, waited_ms, rules, repaired_message_ids,
        prompt_only_message_ids, parameters, body)
      VALUES (${trace.id}, ${trace.turnId}, ${trace.stepNumber}, ${trace.threadId}, ${trace.resourceId}, ${trace.provider}, ${trace.modelId},
        ${trace.responseMessageId}, ${trace.outcome}, ${trace.startedAt.toISOString()}::timestamptz, ${Math.round(trace.latencyMs)}, ${trace.finishReason},
        ${trace.usage?.inputTokens ?? null}::int, ${trace.usage?.outputTokens ?? null}::int, ${jsonText(trace.error)}::jsonb, ${trace.retries},
        ${Math.round(trace.waitedMs)}, ${trace.rules}::text[], ${trace.repairedMessageIds}::text[],
        ${trace.promptOnlyMessageIds}::text[], ${JSON.stringify(trace.parameters)}::jsonb,
        ${jsonText(trace.body === null ? null : capCallBody(trace.body))}::jsonb)
      RETURNING id
    ), attempts AS (
      INSERT INTO llm_call_attempts (call_id, attempt, started_at, latency_ms, outcome, error)
      SELECT call.id, a.attempt, a.started_at, a.latency_ms, a.outcome, a.error
      FROM call, jsonb_to_recordset(${JSON.stringify(attempts)}::jsonb) AS a(attempt int, started_at timestamptz, latency_ms int, outcome text, error jsonb)
    )
    INSERT INTO llm_call_events (call_id, seq, attempt, type, processor_id, rule, at, data)
    SELECT call.id, e.seq, e.attempt, e.type, e.processor_id, e.rule, e.at, e.data
    FROM call, jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS e(seq int, attempt int, type text, processor_id text, rule text, at timestamptz, data jsonb)`
}

async function get(prisma: PrismaClient, id: string): Promise<LLMCallTrace | null> {
  const row = await prisma.llmCall.findUnique({
    where: { id },
    include: { attempts: { orderBy: { attempt: 'asc' } }, events: { orderBy: { seq: 'asc' } } },
  })
  if (!row) return null
  return {
    ...summaryOf(row),
    body: (row.body as CallBody | null) ?? null,
    attempts: row.attempts.map((attempt) => ({
      attempt: attempt.attempt,
      startedAt: attempt.startedAt,
      latencyMs: attempt.latencyMs,
      outcome: attempt.outcome as 'success' | 'error',
      error: (attempt.error as CallError | null) ?? null,
    })),
    events: row.events.map((event) => ({
      seq: event.seq,
      attempt: event.attempt,
      type: event.type as LLMCallTrace['events'][number]['type'],
      processorId: event.processorId,
      rule: event.rule,
      at: event.at,
      data: event.data as Record<string, unknown>,
    })),
  }
}

/** Calls after `after` in (startedAt, id) descending order: a position, so a deleted or unknown call still pages correctly. */
function olderThan(after: { startedAt: Date; id: string }): LlmCallWhereInput[] {
  return [{ startedAt: { lt: after.startedAt } }, { startedAt: after.startedAt, id: { lt: after.id } }]
}

async function list(prisma: PrismaClient, query: LLMCallQuery) {
  const rows = await prisma.llmCall.findMany({
    where: { ...whereOf(query), ...(query.after === undefined ? {} : { OR: olderThan(query.after) }) },
    orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
    omit: summaryColumns,
    take: query.limit + 1,
  })
  return { calls: rows.slice(0, query.limit).map(summaryOf), hasMore: rows.length > query.limit }
}

/** The distinct rule names of the scope's calls, from the `rules` arrays (one query, no row read into the app). */
async function ruleNames(prisma: PrismaClient, resourceIds: string[] | undefined): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ rule: string }[]>`
    SELECT DISTINCT rule FROM llm_calls, unnest(rules) AS rule
    WHERE ${resourceIds ?? null}::text[] IS NULL OR resource_id = ANY(${resourceIds ?? null}::text[])
    ORDER BY rule`
  return rows.map((row) => row.rule)
}

export function createLLMCallLog(prisma: PrismaClient): LLMCallLog {
  return reportingStorageErrors(
    {
      record: (trace) => record(prisma, trace),
      list: (query) => list(prisma, query),
      get: (id) => get(prisma, id),
      ruleNames: ({ resourceIds }) => ruleNames(prisma, resourceIds),
      prune: async (before) => (await prisma.llmCall.deleteMany({ where: { startedAt: { lt: before } } })).count,
    } satisfies LLMCallLog,
    'llmCalls',
  )
}
