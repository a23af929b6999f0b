// Issue 14 acceptance on both databases: a real Agent with Memory, the real
// @ai-sdk packages against the loopback provider, every call's trace recorded
// through the db's LLMCallLog and read back; the recorded trace is compared
// with the loopback server's request log (what reached the wire).
import {
  Agent,
  capCallBody,
  collectCallTraces,
  MAX_CALL_BODY_CHARS,
  truncationMarker,
  type AgentCallOptions,
  Memory,
  ProviderHistoryCompat,
  StreamErrorRetryProcessor,
  type LLMCallLog,
  type LLMCallTrace,
  type MessagePart,
  type StoredMessage,
} from '@threadline/engine'
import { anthropicInvalidToolUseId, reply } from '@threadline/engine/testing'
import { useFakeProvider } from '@threadline/engine/testing/vitest'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'

const server = useFakeProvider({ envFor: ['anthropic', 'cerebras', 'openai'] })

let counter = 0
const uniqueId = (prefix: string) => `${prefix}-${++counter}-${Date.now()}`

const rateLimited = (retryAfter: string) =>
  reply.httpError(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded', param: null } }, { 'retry-after': retryAfter })

/** A recorded trace as a store receives it, with `extra` fields over a clean call's. */
function traceOf(resourceId: string, id: string, startedAt: number, extra: object): LLMCallTrace {
  return {
    ...{ turnId: 't', stepNumber: 0, threadId: null, resourceId, provider: 'openai', modelId: 'gpt-5', responseMessageId: null, latencyMs: 5 },
    parameters: { temperature: null, maxOutputTokens: null },
    id,
    startedAt: new Date(startedAt),
    outcome: 'success',
    finishReason: 'stop',
    usage: null,
    error: null,
    attempts: [],
    events: [],
    body: null,
    retries: 0,
    waitedMs: 0,
    rules: [],
    repairedMessageIds: [],
    promptOnlyMessageIds: [],
    ...extra,
  }
}

describeEachDatabase('recorded LLM calls (Agent + Memory + LLMCallLog)', (getDb) => {
  async function setup(model: string, assistantParts: MessagePart[] | null, processors: { input?: boolean; error?: { maxRetries: number } }) {
    const memory = new Memory({ storage: getDb().storage })
    const threadId = uniqueId('thread')
    const resourceId = uniqueId('resource')
    await memory.createThread({ threadId, resourceId })
    const base = { threadId, resourceId, type: 'v2' as const }
    const history: StoredMessage[] = assistantParts
      ? [
          {
            ...base,
            id: uniqueId('m'),
            role: 'user',
            createdAt: new Date(1_000),
            content: { format: 2, parts: [{ type: 'text', text: 'Weather in Paris?' }] },
          },
          { ...base, id: uniqueId('m'), role: 'assistant', createdAt: new Date(2_000), content: { format: 2, parts: assistantParts } },
        ]
      : []
    if (history.length > 0) await memory.saveMessages({ messages: history })
    const log: LLMCallLog = getDb().callLog
    const collector = collectCallTraces((trace) => log.record(trace))
    const agent = new Agent({
      id: 'recorded',
      name: 'recorded',
      instructions: 'Be brief.',
      model,
      memory,
      onEvent: collector.listener,
      ...(processors.input ? { inputProcessors: [new ProviderHistoryCompat()] } : {}),
      ...(processors.error ? { errorProcessors: [new StreamErrorRetryProcessor(processors.error)] } : {}),
    })
    const run = async (text: string, options: Pick<AgentCallOptions, 'temperature' | 'maxOutputTokens'> = {}) => {
      const outcome = await agent.generate(text, { ...options, memory: { thread: threadId, resource: resourceId } }).catch((error: unknown) => ({ error }))
      await collector.flush()
      const page = await log.list({ threadId, limit: 10 })
      expect(page.calls).toHaveLength(1)
      const call = await log.get(page.calls[0]!.id)
      return { outcome, call: call!, memory }
    }
    return { run, threadId, resourceId, history, memory, log }
  }

  it('a Cerebras-bound call records the reasoning strip with its counts', async () => {
    const { run, threadId } = await setup(
      'cerebras/gpt-oss-120b',
      [
        { type: 'reasoning', reasoning: 'THOUGHT-1', details: [{ type: 'text', text: 'THOUGHT-1' }] },
        { type: 'text', text: 'Sunny.' },
      ],
      { input: true },
    )
    server.enqueue('cerebras', reply.text('Rain tomorrow.'))
    const { outcome, call } = await run('And tomorrow?')
    expect('text' in outcome && outcome.text).toBe('Rain tomorrow.')
    expect(call).toMatchObject({ threadId, outcome: 'success', provider: 'cerebras', modelId: 'gpt-oss-120b', rules: ['cerebras-strip-reasoning-content'] })
    expect(call.events).toHaveLength(1)
    expect(call.events[0]).toMatchObject({ type: 'rule-applied', rule: 'cerebras-strip-reasoning-content', data: { messagesChanged: 1, partsRemoved: 1 } })
    expect(JSON.stringify(call.events[0]!.data.before)).toContain('THOUGHT-1')
    expect(server.requests).toHaveLength(call.attempts.length)
    expect(JSON.stringify(server.requests[0]!.body)).not.toContain('THOUGHT-1')
    // linked to the message the call produced (saved, the turn succeeded)
    expect('response' in outcome && outcome.response.id).toBe(call.responseMessageId)
    expect(call.usage).not.toBeNull()
  })

  it('an Anthropic tool-ID 400 records the repair (pattern, message changed, persisted) and the successful retry', async () => {
    const { run, history, memory, threadId } = await setup(
      'anthropic/claude-sonnet-4-5',
      [
        {
          type: 'tool-invocation',
          toolInvocation: { toolCallId: 'functions.get_weather:0', toolName: 'get_weather', args: { city: 'Paris' }, state: 'result', result: 'sunny' },
        },
        { type: 'text', text: 'Sunny.' },
      ],
      { input: true },
    )
    server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('Sunny again.'))
    const { call } = await run('And tomorrow?')
    expect(call).toMatchObject({ outcome: 'success', retries: 1, rules: ['anthropic-tool-id-format'], repairedMessageIds: [history[1]!.id] })
    expect(call.attempts.map((attempt) => attempt.error?.statusCode ?? 200)).toEqual(server.requests.map((request) => request.status))
    const repair = call.events.find((event) => event.type === 'repair')!
    expect(repair.data).toMatchObject({ messageIds: [history[1]!.id], matchedText: expect.stringContaining('tool_use.id') as unknown })
    // the repair recorded is the one persisted and the one sent
    const stored = (await memory.listMessages({ threadId })).find((message) => message.id === history[1]!.id)!
    expect(repair.data.after).toEqual([JSON.parse(JSON.stringify(stored))])
    const sent = JSON.stringify(server.requests[1]!.body)
    const storedId = (stored.content.parts[0] as { toolInvocation: { toolCallId: string } }).toolInvocation.toolCallId
    expect(sent).toContain(storedId)
    expect(sent).not.toContain('functions.get_weather:0')
  })

  it('a 429 with Retry-After records the wait and its source', async () => {
    const { run } = await setup('openai/gpt-5', null, { error: { maxRetries: 2 } })
    server.enqueue('openai', rateLimited('1'), reply.text('after the wait'))
    const { call } = await run('Hi')
    const gap = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt
    expect(call.retries).toBe(1)
    expect(call.waitedMs).toBeGreaterThanOrEqual(950)
    expect(call.waitedMs).toBeLessThanOrEqual(gap)
    expect(call.events.find((event) => event.type === 'retry-decision')!.data).toMatchObject({ retry: true, delayMs: 1000, delaySource: 'retry-after' })
    expect(call.attempts[0]!.error).toMatchObject({ statusCode: 429, responseHeaders: { 'retry-after': '1' } })
    expect(call.attempts[1]).toMatchObject({ outcome: 'success', error: null })
  })

  it('a call that exhausts its retries is recorded as failed with every attempt (its messages are not saved)', async () => {
    const { run, threadId, memory } = await setup('openai/gpt-5', null, { error: { maxRetries: 2 } })
    server.enqueue('openai', rateLimited('0'), rateLimited('0'), rateLimited('0'))
    const { outcome, call } = await run('Hi')
    expect('error' in outcome).toBe(true)
    expect(await memory.listMessages({ threadId })).toEqual([])
    expect(call).toMatchObject({ outcome: 'failed', retries: 2, error: { statusCode: 429 } })
    expect(call.attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3])
    expect(call.attempts.map((attempt) => attempt.error?.statusCode)).toEqual(server.requests.map((request) => request.status))
    expect(call.attempts[2]!.error?.responseBody).toContain('rate_limit_exceeded')
  })

  it('a retried call stores its prompt as sent and its reply ONCE (not per attempt), with its run parameters', async () => {
    // gpt-4o: a reasoning model (gpt-5) would not be sent a temperature
    const { run } = await setup('openai/gpt-4o', null, { error: { maxRetries: 2 } })
    server.enqueue('openai', rateLimited('0'), reply.text('Parameters honoured.'))
    const marker = uniqueId('once-per-call')
    const { call } = await run(`Say it once: ${marker}`, { temperature: 0.3, maxOutputTokens: 256 })
    expect(call.attempts).toHaveLength(2)
    expect(call.parameters).toEqual({ temperature: 0.3, maxOutputTokens: 256 })
    expect(server.requests[1]!.body).toMatchObject({ temperature: 0.3, max_output_tokens: 256 })
    expect(call.body).toMatchObject({ reply: { text: 'Parameters honoured.', toolCalls: [] }, truncatedChars: 0 })
    expect(call.body!.prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: `Say it once: ${marker}` }] },
    ])
    // the prompt's text is in the database once: the call's row, not each attempt's or event's
    const [copies] = await getDb().prisma.$queryRaw<{ calls: number; attempts: number; events: number }[]>`
      SELECT (SELECT count(*)::int FROM llm_calls c WHERE c.id = ${call.id} AND c::text LIKE ${`%${marker}%`}) AS calls,
        (SELECT count(*)::int FROM llm_call_attempts a WHERE a.call_id = ${call.id} AND a::text LIKE ${`%${marker}%`}) AS attempts,
        (SELECT count(*)::int FROM llm_call_events e WHERE e.call_id = ${call.id} AND e::text LIKE ${`%${marker}%`}) AS events`
    expect(copies).toEqual({ calls: 1, attempts: 0, events: 0 })
    // a listing never reads the bodies
    expect((await getDb().callLog.list({ threadId: call.threadId!, limit: 1 })).calls[0]).not.toHaveProperty('body')
  })

  it('caps a call body at MAX_CALL_BODY_CHARS, each cut string saying how much was cut', async () => {
    const log = getDb().callLog
    const id = uniqueId('capped')
    const huge = 'x'.repeat(MAX_CALL_BODY_CHARS + 12_345)
    const body = { prompt: [{ role: 'user', content: [{ type: 'text', text: huge }] }], reply: { text: 'y'.repeat(500), toolCalls: [] }, truncatedChars: 0 }
    await log.record(traceOf(uniqueId('capped-resource'), id, 1_000, { body }))
    const stored = (await log.get(id))!.body!
    const text = (stored.prompt[0] as { content: { text: string }[] }).content[0]!.text
    expect(text).toBe('x'.repeat(MAX_CALL_BODY_CHARS) + truncationMarker(12_345))
    expect(stored.reply!.text).toBe(truncationMarker(500))
    expect(stored.truncatedChars).toBe(12_345 + 500)
    expect(stored).toEqual(capCallBody(body))
    const [size] = await getDb().prisma.$queryRaw<{ chars: number }[]>`SELECT length(body::text)::int AS chars FROM llm_calls WHERE id = ${id}`
    expect(size!.chars).toBeLessThan(MAX_CALL_BODY_CHARS + 1_000)
  })

  it('lists with filters and a cursor, scoped to resources, and prunes by age', async () => {
    const log = getDb().callLog
    const resourceId = uniqueId('filters')
    const trace = (id: string, startedAt: number, extra: object) => traceOf(resourceId, id, startedAt, extra)
    const ids = [uniqueId('c'), uniqueId('c'), uniqueId('c')]
    await log.record(trace(ids[0]!, 1_000, { outcome: 'failed', retries: 2 }))
    await log.record(trace(ids[1]!, 2_000, { rules: ['cerebras-strip-reasoning-content'], provider: 'cerebras', modelId: 'gpt-oss-120b' }))
    await log.record(
      trace(ids[2]!, 3_000, { repairedMessageIds: ['m1'], promptOnlyMessageIds: ['hit-of-another-thread'], rules: ['anthropic-tool-id-format'] }),
    )
    const all = (query: object) => log.list({ resourceIds: [resourceId], limit: 10, ...query }).then((page) => page.calls.map((call) => call.id))
    expect(await all({})).toEqual([ids[2], ids[1], ids[0]])
    expect(await all({ outcome: 'failed' })).toEqual([ids[0]])
    expect(await all({ hadRetries: true })).toEqual([ids[0]])
    expect(await all({ repaired: true })).toEqual([ids[2]])
    expect(await log.get(ids[2]!)).toMatchObject({ repairedMessageIds: ['m1'], promptOnlyMessageIds: ['hit-of-another-thread'] })
    expect(await all({ rule: 'cerebras-strip-reasoning-content' })).toEqual([ids[1]])
    expect(await all({ model: 'cerebras/gpt-oss-120b' })).toEqual([ids[1]])
    expect(await all({ model: 'gpt-5' })).toEqual([ids[2], ids[0]])
    expect(await log.list({ resourceIds: ['someone-else'], limit: 10 })).toEqual({ calls: [], hasMore: false })
    const first = await log.list({ resourceIds: [resourceId], limit: 2 })
    expect(first.hasMore).toBe(true)
    const after = { startedAt: first.calls[1]!.startedAt, id: first.calls[1]!.id }
    expect(await log.list({ resourceIds: [resourceId], limit: 2, after }).then((page) => page.calls.map((call) => call.id))).toEqual([ids[0]])
    expect(await log.prune(new Date(2_500))).toBeGreaterThanOrEqual(2)
    expect(await all({})).toEqual([ids[2]])
  })
})
