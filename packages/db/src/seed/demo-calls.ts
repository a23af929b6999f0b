// Recorded LLM calls for the demo threads (issue 14), so a fresh install shows
// what the processors do: a 429 waited out on its Retry-After, Kimi tool IDs
// rewritten after Anthropic's 400, reasoning stripped for Cerebras, and a call
// that failed after exhausting its retries. Written through the call log
// (one transaction per call, as the workbench records them); idempotent.
import type { CallTraceEvent, LLMCallLog, LLMCallTrace, StoredMessage } from '@threadline/engine'
import { anthropicInvalidToolUseId, anthropicRateLimited } from '@threadline/engine/provider-error-presets'
import { acmeDeliveryStorm, acmeRefund } from './acme-support.ts'
import { globexCerebrasDigest } from './globex-research.ts'
import type { SeedThread } from './builders.ts'

const COMPAT = 'provider-history-compat'
const RETRY = 'stream-error-retry-processor'

type HttpPreset = { status: number; body: unknown; headers?: Record<string, string> }

function callError(preset: HttpPreset) {
  const body = preset.body as { error: { message: string } }
  return {
    name: 'AI_APICallError',
    message: body.error.message,
    statusCode: preset.status,
    responseHeaders: { 'content-type': 'application/json', ...preset.headers },
    responseBody: JSON.stringify(preset.body),
  }
}

const message = (seed: SeedThread, id: string): StoredMessage => {
  const found = seed.messages.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`demo message ${id} missing`)
  return found
}

/** The message with its tool IDs as anthropic-tool-id-format rewrites them. */
const sanitized = (stored: StoredMessage): unknown =>
  JSON.parse(JSON.stringify(stored), (key, value: unknown) =>
    key === 'toolCallId' && typeof value === 'string' ? value.replace(/[^a-zA-Z0-9_-]/g, '_') : value,
  )

type CallSeed = Pick<LLMCallTrace, 'id' | 'provider' | 'modelId' | 'responseMessageId' | 'outcome' | 'attempts' | 'retries' | 'waitedMs' | 'rules'> & {
  thread: SeedThread
  startedAt: string
  events: Omit<CallTraceEvent, 'seq' | 'at'>[]
  repairedMessageIds?: string[]
}

function trace(seed: CallSeed): LLMCallTrace {
  const startedAt = new Date(seed.startedAt)
  const latencyMs = seed.attempts.reduce((sum, attempt) => sum + attempt.latencyMs, 0) + seed.waitedMs
  const failed = seed.attempts.at(-1)?.error ?? null
  return {
    id: seed.id,
    turnId: `${seed.id}-turn`,
    stepNumber: 0,
    threadId: seed.thread.thread.id,
    resourceId: seed.thread.thread.resourceId,
    provider: seed.provider,
    modelId: seed.modelId,
    responseMessageId: seed.responseMessageId,
    parameters: { temperature: null, maxOutputTokens: null },
    outcome: seed.outcome,
    startedAt,
    latencyMs,
    finishReason: seed.outcome === 'success' ? 'stop' : null,
    usage: seed.outcome === 'success' ? { inputTokens: 1840, outputTokens: 96 } : null,
    error: seed.outcome === 'success' ? null : failed,
    attempts: seed.attempts,
    events: seed.events.map((event, seq) => ({ ...event, seq, at: new Date(startedAt.getTime() + 100 * (seq + 1)) })),
    // a seeded call shows what processors do; no prompt was sent, so none is recorded
    body: null,
    retries: seed.retries,
    waitedMs: seed.waitedMs,
    rules: seed.rules,
    repairedMessageIds: seed.repairedMessageIds ?? [],
    promptOnlyMessageIds: [],
  }
}

const attempt = (n: number, startedAt: string, latencyMs: number, error: LLMCallTrace['error'] = null) => ({
  attempt: n,
  startedAt: new Date(startedAt),
  latencyMs,
  outcome: error === null ? ('success' as const) : ('error' as const),
  error,
})

const rateLimited = { ...anthropicRateLimited, headers: { 'retry-after': '3', 'x-should-retry': 'true' } }
const overloaded: HttpPreset = {
  status: 529,
  body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
  headers: { 'retry-after': '2' },
}
const stormAssistant = ['msg-acme-storm-02', 'msg-acme-storm-04'].map((id) => message(acmeDeliveryStorm, id))
const digestReply = message(globexCerebrasDigest, 'msg-globex-digest-03')

const seeds: CallSeed[] = [
  {
    // the reply to "Any idea when that will be?": Anthropic's rate limit, waited out on its Retry-After
    id: 'demo-call-rate-limited',
    thread: acmeDeliveryStorm,
    startedAt: '2026-11-18T15:45:20.000Z',
    provider: 'anthropic',
    modelId: 'claude-sonnet-4-5',
    responseMessageId: 'msg-acme-storm-04',
    outcome: 'success',
    attempts: [attempt(1, '2026-11-18T15:45:20.000Z', 412, callError(rateLimited)), attempt(2, '2026-11-18T15:45:23.612Z', 2140)],
    events: [
      {
        attempt: 1,
        type: 'retry-decision',
        processorId: RETRY,
        rule: null,
        data: { retry: true, reason: 'is-retryable', delayMs: 3000, delaySource: 'retry-after', maxRetries: 3 },
      },
      { attempt: 1, type: 'retry', processorId: RETRY, rule: null, data: { waitedMs: 3200, changedMessageIds: [] } },
    ],
    retries: 1,
    waitedMs: 3200,
    rules: [],
  },
  {
    // the last reply: Kimi's `functions.name:index` tool IDs refused by Anthropic, rewritten, retried
    id: 'demo-call-tool-id-repair',
    thread: acmeDeliveryStorm,
    startedAt: '2026-11-18T15:48:30.000Z',
    provider: 'anthropic',
    modelId: 'claude-sonnet-4-5',
    responseMessageId: 'msg-acme-storm-06',
    outcome: 'success',
    attempts: [attempt(1, '2026-11-18T15:48:30.000Z', 380, callError(anthropicInvalidToolUseId)), attempt(2, '2026-11-18T15:48:30.420Z', 1910)],
    events: [
      {
        attempt: 1,
        type: 'repair',
        processorId: COMPAT,
        rule: 'anthropic-tool-id-format',
        data: {
          pattern: String(/tool_use\.id: String should match pattern '\^\[a-zA-Z0-9_-\]\+\$'/),
          matchedText: "tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'",
          messageIds: stormAssistant.map((stored) => stored.id),
          before: JSON.parse(JSON.stringify(stormAssistant)) as unknown[],
          after: stormAssistant.map(sanitized),
        },
      },
      { attempt: 1, type: 'retry', processorId: COMPAT, rule: null, data: { waitedMs: 40, changedMessageIds: stormAssistant.map((stored) => stored.id) } },
    ],
    retries: 1,
    waitedMs: 40,
    rules: ['anthropic-tool-id-format'],
    repairedMessageIds: stormAssistant.map((stored) => stored.id),
  },
  {
    // the shorter digest: the earlier reply's reasoning parts stripped before Cerebras sees them
    id: 'demo-call-cerebras-strip',
    thread: globexCerebrasDigest,
    startedAt: '2026-11-20T07:11:30.000Z',
    provider: 'cerebras',
    modelId: 'gpt-oss-120b',
    responseMessageId: 'msg-globex-digest-05',
    outcome: 'success',
    attempts: [attempt(1, '2026-11-20T07:11:30.000Z', 860)],
    events: [
      {
        attempt: 1,
        type: 'rule-applied',
        processorId: COMPAT,
        rule: 'cerebras-strip-reasoning-content',
        data: {
          messagesChanged: 1,
          partsRemoved: 1,
          before: [{ role: 'assistant', content: digestReply.content.parts.filter((part) => part.type !== 'step-start') }],
          after: [{ role: 'assistant', content: digestReply.content.parts.filter((part) => part.type !== 'step-start' && part.type !== 'reasoning') }],
        },
      },
    ],
    retries: 0,
    waitedMs: 0,
    rules: ['cerebras-strip-reasoning-content'],
  },
  {
    // a turn that never got an answer: Anthropic overloaded on every attempt (nothing saved, the call still recorded)
    id: 'demo-call-failed',
    thread: acmeRefund,
    startedAt: '2026-11-21T09:30:00.000Z',
    provider: 'anthropic',
    modelId: 'claude-sonnet-4-5',
    responseMessageId: null,
    outcome: 'failed',
    attempts: [0, 1, 2, 3].map((n) => attempt(n + 1, new Date(Date.parse('2026-11-21T09:30:00.000Z') + n * 2600).toISOString(), 520, callError(overloaded))),
    events: [0, 1, 2, 3].flatMap((n): CallSeed['events'] =>
      n < 3
        ? [
            {
              attempt: n + 1,
              type: 'retry-decision',
              processorId: RETRY,
              rule: null,
              data: { retry: true, reason: 'is-retryable', delayMs: 2000, delaySource: 'retry-after', maxRetries: 3 },
            },
            { attempt: n + 1, type: 'retry', processorId: RETRY, rule: null, data: { waitedMs: 2080, changedMessageIds: [] } },
          ]
        : [
            {
              attempt: n + 1,
              type: 'retry-decision',
              processorId: RETRY,
              rule: null,
              data: { retry: false, reason: 'budget-exhausted', delayMs: 0, delaySource: 'none', maxRetries: 3 },
            },
          ],
    ),
    retries: 3,
    waitedMs: 6240,
    rules: [],
  },
]

/** The demo's recorded calls, as the call log stores them. */
export const demoCalls: LLMCallTrace[] = seeds.map(trace)

/** Records the demo calls not recorded yet; returns how many it wrote. */
export async function seedDemoCalls(callLog: LLMCallLog): Promise<number> {
  let written = 0
  for (const call of demoCalls) {
    if ((await callLog.get(call.id)) !== null) continue
    await callLog.record(call)
    written++
  }
  return written
}
