// Issue 14: the LLM-call event model, emitted by a real Agent with the real
// @ai-sdk packages against the loopback provider; every expectation about the
// wire is read from the server's request log. (Persistence of the same traces
// on both databases: packages/db/src/integration/llm-call-log.test.ts.)
import { describe, expect, it } from 'vitest'
import { collectCallTraces, type LLMCallTrace } from '../calls/call-trace.ts'
import type { LLMCallEvent } from '../calls/call-events.ts'
import { ProviderHistoryCompat } from '../processors/provider-history-compat/index.ts'
import { StreamErrorRetryProcessor } from '../processors/stream-error-retry/index.ts'
import type { Processor } from '../processors/types.ts'
import { anthropicInvalidToolUseId, foreignToolIdHistory, openaiRateLimitedRetryAfter as rateLimited, reasoningHistory, reply } from '../testing/index.ts'
import { useFakeProvider } from '../testing/use-fake-provider.ts'
import { Agent } from './agent.ts'

const server = useFakeProvider({ envFor: ['anthropic', 'cerebras', 'openai'] })

function recorded() {
  const traces: LLMCallTrace[] = []
  const collector = collectCallTraces((trace) => {
    traces.push(trace)
  })
  return { traces, collector }
}

describe('LLM-call events', () => {
  it('a Cerebras-bound call records the reasoning strip with its counts, and the body has no reasoning', async () => {
    const { traces, collector } = recorded()
    server.enqueue('cerebras', reply.text('ok'))
    const agent = new Agent({
      id: 'c',
      name: 'c',
      instructions: '',
      model: 'cerebras/gpt-oss-120b',
      inputProcessors: [new ProviderHistoryCompat()],
      onEvent: collector.listener,
    })
    await agent.generate(reasoningHistory)
    await collector.flush()
    expect(traces).toHaveLength(1)
    const [trace] = traces
    expect(trace).toMatchObject({ outcome: 'success', provider: 'cerebras', modelId: 'gpt-oss-120b', retries: 0, rules: ['cerebras-strip-reasoning-content'] })
    const [event] = trace!.events
    expect(event).toMatchObject({ type: 'rule-applied', attempt: 1, processorId: 'provider-history-compat', rule: 'cerebras-strip-reasoning-content' })
    expect(event!.data).toMatchObject({ messagesChanged: 1, partsRemoved: 2 })
    expect(JSON.stringify(event!.data.before)).toContain('THOUGHT-1')
    expect(JSON.stringify(event!.data.after)).not.toContain('THOUGHT')
    // the wire: one request, without the stripped reasoning
    expect(server.requests).toHaveLength(trace!.attempts.length)
    expect(JSON.stringify(server.requests[0]?.body)).not.toContain('THOUGHT')
  })

  it('an Anthropic tool-ID 400 records the repair (pattern, message changed) and the successful retry', async () => {
    const { traces, collector } = recorded()
    server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('Sunny again.'))
    const agent = new Agent({ id: 'a', name: 'a', instructions: '', model: 'anthropic/claude-sonnet-4-5', inputProcessors: [new ProviderHistoryCompat()] })
    // the listener given per call
    await agent.generate(foreignToolIdHistory, { onEvent: collector.listener })
    await collector.flush()
    const [trace] = traces
    expect(trace!.outcome).toBe('success')
    expect(trace!.attempts.map((attempt) => [attempt.outcome, attempt.error?.statusCode ?? 200])).toEqual(
      server.requests.map((request) => [request.status === 200 ? 'success' : 'error', request.status]),
    )
    const repair = trace!.events.find((event) => event.type === 'repair')
    expect(repair).toMatchObject({ rule: 'anthropic-tool-id-format', attempt: 1 })
    expect(repair!.data.pattern).toMatch(/tool_use/)
    expect(repair!.data.matchedText).toContain("String should match pattern '^[a-zA-Z0-9_-]+$'")
    const ids = repair!.data.messageIds as string[]
    expect(ids).toHaveLength(1)
    expect(JSON.stringify(repair!.data.before)).toContain('functions.get_weather:0')
    // what the repair wrote is what the second request carried
    const sentId = (server.requests[1]?.body as { messages: { content: { type: string; id?: string }[] }[] }).messages
      .flatMap((message) => message.content)
      .find((part) => part.type === 'tool_use')?.id
    expect(sentId).toBeDefined()
    expect(JSON.stringify(repair!.data.after)).toContain(sentId!)
    expect(trace!.events.find((event) => event.type === 'retry')).toMatchObject({ processorId: 'provider-history-compat', data: { changedMessageIds: ids } })
    expect(trace!.retries).toBe(1)
  })

  it('a 429 with Retry-After records the wait and its source', async () => {
    const { traces, collector } = recorded()
    server.enqueue('openai', rateLimited('1'), reply.text('after the wait'))
    const agent = new Agent({
      id: 'o',
      name: 'o',
      instructions: '',
      model: 'openai/gpt-5',
      errorProcessors: [new StreamErrorRetryProcessor()],
      onEvent: collector.listener,
    })
    await agent.generate('Hi')
    await collector.flush()
    const [trace] = traces
    const decision = trace!.events.find((event) => event.type === 'retry-decision')
    expect(decision!.data).toMatchObject({ retry: true, delayMs: 1000, delaySource: 'retry-after' })
    const gap = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt
    expect(gap).toBeGreaterThanOrEqual(950)
    expect(trace!.waitedMs).toBeGreaterThanOrEqual(950)
    expect(trace!.waitedMs).toBeLessThanOrEqual(gap)
    expect(trace!.attempts[0]!.error).toMatchObject({ statusCode: 429, responseHeaders: { 'retry-after': '1' } })
  })

  it('a call that exhausts its retries is recorded as failed with every attempt', async () => {
    const { traces, collector } = recorded()
    server.enqueue('openai', rateLimited('0'), rateLimited('0'), rateLimited('0'))
    const agent = new Agent({
      id: 'o',
      name: 'o',
      instructions: '',
      model: 'openai/gpt-5',
      errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 2 })],
      onEvent: collector.listener,
    })
    await expect(agent.generate('Hi')).rejects.toThrow(/Rate limit/)
    await collector.flush()
    const [trace] = traces
    expect(trace).toMatchObject({ outcome: 'failed', retries: 2, error: { statusCode: 429 } })
    expect(trace!.attempts).toHaveLength(server.requests.length)
    expect(trace!.attempts.map((attempt) => attempt.error?.statusCode)).toEqual(server.requests.map((request) => request.status))
    const decisions = trace!.events.filter((event) => event.type === 'retry-decision').map((event) => [event.data.retry, event.data.reason])
    expect(decisions).toEqual([
      [true, 'is-retryable'],
      [true, 'is-retryable'],
      [false, 'budget-exhausted'],
    ])
  })

  it('without a listener no processor is given a sink, and the events come in order with one', async () => {
    const sinks: boolean[] = []
    const probe: Processor = {
      id: 'probe',
      name: 'probe',
      processLLMRequest: (args) => {
        sinks.push(args.onEvent !== undefined)
      },
    }
    server.enqueue('openai', reply.text('one'), reply.text('two'))
    const agent = new Agent({ id: 'o', name: 'o', instructions: '', model: 'openai/gpt-5', inputProcessors: [probe] })
    await agent.generate('Hi')
    const events: LLMCallEvent[] = []
    await agent.generate('Hi', { onEvent: (event) => events.push(event) })
    expect(sinks).toEqual([false, true])
    expect(events.map((event) => event.type)).toEqual(['call-start', 'attempt-start', 'attempt-end', 'call-end'])
  })

  it('a listener that throws does not fail the call', async () => {
    const warnings: string[] = []
    server.enqueue('openai', reply.text('fine'))
    const agent = new Agent({
      id: 'o',
      name: 'o',
      instructions: '',
      model: 'openai/gpt-5',
      logger: { warn: (message: string) => warnings.push(message) },
      onEvent: () => {
        throw new Error('listener bug')
      },
    })
    expect((await agent.generate('Hi')).text).toBe('fine')
    expect(warnings.length).toBeGreaterThan(0)
  })
})
