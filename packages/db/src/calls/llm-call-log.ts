// The engine's LLMCallLog over Prisma: a call, its attempts and its events
// written in ONE transaction (three statements, whatever the number of
// attempts and events), read back newest first with keyset paging.
import type { CallError, LLMCallLog, LLMCallQuery, LLMCallSummary, LLMCallTrace } from '@threadline/engine'
import type { PrismaClient } from '../generated/prisma/client.ts'
import type { LlmCallModel, LlmCallWhereInput } from '../generated/prisma/models.ts'
import { Prisma } from '../generated/prisma/client.ts'
import { reportingStorageErrors } from '../storage/database-errors.ts'

const json = (value: unknown): Prisma.InputJsonValue => value as Prisma.InputJsonValue
const jsonOrNull = (value: unknown) => (value === null || value === undefined ? Prisma.DbNull : json(value))

function summaryOf(row: LlmCallModel): LLMCallSummary {
  return {
    id: row.id,
    turnId: row.turnId,
    stepNumber: row.stepNumber,
    threadId: row.threadId,
    resourceId: row.resourceId,
    provider: row.provider,
    modelId: row.modelId,
    responseMessageId: row.responseMessageId,
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

async function record(prisma: PrismaClient, trace: LLMCallTrace): Promise<void> {
  await prisma.$transaction([
    prisma.llmCall.create({
      data: {
        id: trace.id,
        turnId: trace.turnId,
        stepNumber: trace.stepNumber,
        threadId: trace.threadId,
        resourceId: trace.resourceId,
        provider: trace.provider,
        modelId: trace.modelId,
        responseMessageId: trace.responseMessageId,
        outcome: trace.outcome,
        startedAt: trace.startedAt,
        latencyMs: Math.round(trace.latencyMs),
        finishReason: trace.finishReason,
        inputTokens: trace.usage?.inputTokens ?? null,
        outputTokens: trace.usage?.outputTokens ?? null,
        error: jsonOrNull(trace.error),
        retries: trace.retries,
        waitedMs: Math.round(trace.waitedMs),
        rules: trace.rules,
        repairedMessageIds: trace.repairedMessageIds,
      },
    }),
    prisma.llmCallAttempt.createMany({
      data: trace.attempts.map((attempt) => ({
        callId: trace.id,
        attempt: attempt.attempt,
        startedAt: attempt.startedAt,
        latencyMs: Math.round(attempt.latencyMs),
        outcome: attempt.outcome,
        error: jsonOrNull(attempt.error),
      })),
    }),
    prisma.llmCallEvent.createMany({
      data: trace.events.map((event) => ({
        callId: trace.id,
        seq: event.seq,
        attempt: event.attempt,
        type: event.type,
        processorId: event.processorId,
        rule: event.rule,
        at: event.at,
        data: json(event.data),
      })),
    }),
  ])
}

async function get(prisma: PrismaClient, id: string): Promise<LLMCallTrace | null> {
  const row = await prisma.llmCall.findUnique({
    where: { id },
    include: { attempts: { orderBy: { attempt: 'asc' } }, events: { orderBy: { seq: 'asc' } } },
  })
  if (!row) return null
  return {
    ...summaryOf(row),
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

async function list(prisma: PrismaClient, query: LLMCallQuery) {
  const rows = await prisma.llmCall.findMany({
    where: whereOf(query),
    orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
    ...(query.cursor !== undefined ? { cursor: { id: query.cursor }, skip: 1 } : {}),
  })
  const page = rows.slice(0, query.limit)
  return { calls: page.map(summaryOf), nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null }
}

export function createLLMCallLog(prisma: PrismaClient): LLMCallLog {
  return reportingStorageErrors(
    {
      record: (trace) => record(prisma, trace),
      list: (query) => list(prisma, query),
      get: (id) => get(prisma, id),
      prune: async (before) => (await prisma.llmCall.deleteMany({ where: { startedAt: { lt: before } } })).count,
    } satisfies LLMCallLog,
    'llmCalls',
  )
}
