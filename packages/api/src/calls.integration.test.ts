// Issue 14 over real HTTP on both databases: workbench turns record their LLM
// calls (through the real @ai-sdk packages against the loopback provider), and
// calls.list / calls.get read them back, checked against the server's log.
import { anthropicInvalidToolUseId, anthropicRateLimited, reply, toolCallExchange } from '@threadline/engine/testing'
import { useFakeProvider } from '@threadline/engine/testing/vitest'
import { demoCalls } from '@threadline/db/seed'
import { beforeAll, expect, it } from 'vitest'
import type { ThreadlineClient } from './client/index.ts'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'

const server = useFakeProvider({ envFor: ['anthropic', 'cerebras'] })

// a resource of its own: no recall hits from the demo threads join the prompt
const ACME = 'calls-resource'
const CLAUDE = 'anthropic/claude-sonnet-4-5'

async function drain(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const events: unknown[] = []
  for await (const event of stream) events.push(event)
  return events
}

describeEachApi('recorded workbench calls (calls router)', (getApi) => {
  let api: ApiHarness
  let operator: ThreadlineClient
  let n = 0
  beforeAll(() => {
    api = getApi()
    operator = api.operator
  })

  async function threadWithToolCall(toolCallId: string): Promise<string> {
    const threadId = `calls-${++n}`
    await api.services.memory.createThread({ threadId, resourceId: ACME })
    await api.services.memory.saveMessages({ messages: toolCallExchange({ threadId, resourceId: ACME, toolCallId }) })
    return threadId
  }

  it('a turn that hits the tool-ID 400 records the repair and the retry; list and get return it', async () => {
    const threadId = await threadWithToolCall('functions.get_weather:0')
    server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('Sunny again.'))
    await drain(await operator.workbench.turn.mutate({ threadId, resourceId: ACME, model: CLAUDE, message: 'And tomorrow?' }))
    const page = await operator.calls.list.query({ threadId })
    expect(page.calls).toHaveLength(1)
    const [summary] = page.calls
    expect(summary).toMatchObject({
      outcome: 'success',
      retries: 1,
      provider: 'anthropic',
      rules: ['anthropic-tool-id-format'],
      repairedMessageIds: [`${threadId}-m1`],
      // the thread's own message: saved, not a prompt-only repair
      promptOnlyMessageIds: [],
    })
    const call = await operator.calls.get.query({ id: summary!.id })
    expect(call.attempts.map((attempt) => attempt.error?.statusCode ?? 200)).toEqual(server.requests.map((request) => request.status))
    expect(call.events.find((event) => event.type === 'repair')).toMatchObject({ rule: 'anthropic-tool-id-format', data: { messageIds: [`${threadId}-m1`] } })
    const saved = await api.services.memory.listMessages({ threadId })
    expect(summary!.responseMessageId).toBe(saved.at(-1)!.id)
  })

  it('a 429 with Retry-After is recorded with the wait and its source', async () => {
    const threadId = await threadWithToolCall('toolu_ok')
    server.enqueue('anthropic', anthropicRateLimited, reply.text('Back after the rate limit.'))
    await drain(await operator.workbench.turn.mutate({ threadId, resourceId: ACME, model: CLAUDE, message: 'Any news?' }))
    const [summary] = (await operator.calls.list.query({ threadId, hadRetries: true })).calls
    const call = await operator.calls.get.query({ id: summary!.id })
    expect(call.events.find((event) => event.type === 'retry-decision')?.data).toMatchObject({ retry: true, delaySource: 'retry-after', delayMs: 1000 })
    expect(call.waitedMs).toBeGreaterThanOrEqual(950)
    expect(call.waitedMs).toBeLessThanOrEqual(server.requests[1]!.receivedAt - server.requests[0]!.receivedAt)
  })

  it('a turn that exhausts its retries fails, and its call is recorded as failed with every attempt', async () => {
    const threadId = await threadWithToolCall('toolu_ok')
    const overloaded = reply.httpError(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, { 'retry-after': '0' })
    server.enqueue('anthropic', overloaded, overloaded, overloaded, overloaded)
    expect(await failureOf(drain(await operator.workbench.turn.mutate({ threadId, resourceId: ACME, model: CLAUDE, message: 'Again?' })))).toMatchObject({
      code: 'BAD_GATEWAY',
    })
    const [summary] = (await operator.calls.list.query({ threadId, outcome: 'failed' })).calls
    expect(summary).toMatchObject({ outcome: 'failed', retries: 3, error: { statusCode: 529 } })
    const call = await operator.calls.get.query({ id: summary!.id })
    expect(call.attempts).toHaveLength(server.requests.length)
    expect(call.attempts.map((attempt) => attempt.error?.statusCode)).toEqual(server.requests.map((request) => request.status))
    // the turn saved nothing, yet the call is there
    expect(await api.services.memory.listMessages({ threadId })).toHaveLength(2)
  })

  it('filters across threads by outcome, retries, rule and model; a missing call is NOT_FOUND', async () => {
    const failed = await operator.calls.list.query({ resourceId: ACME, outcome: 'failed' })
    expect(failed.calls.length).toBeGreaterThan(0)
    expect(failed.calls.every((call) => call.outcome === 'failed')).toBe(true)
    const byRule = await operator.calls.list.query({ rule: 'anthropic-tool-id-format' })
    expect(byRule.calls.every((call) => call.rules.includes('anthropic-tool-id-format'))).toBe(true)
    expect(byRule.calls.length).toBeGreaterThan(0)
    // the demo seed's calls (demoCalls) are there too
    const cerebras = demoCalls.filter((call) => call.provider === 'cerebras' && call.modelId === 'gpt-oss-120b').map((call) => call.id)
    expect((await operator.calls.list.query({ model: 'cerebras/gpt-oss-120b' })).calls.map((call) => call.id)).toEqual(cerebras)
    expect((await operator.calls.list.query({ model: 'openai/no-such-model' })).calls).toEqual([])
    expect((await operator.calls.list.query({ model: CLAUDE })).calls.length).toBeGreaterThanOrEqual(3)
    expect(await failureOf(operator.calls.get.query({ id: 'no-such-call' }))).toMatchObject({ code: 'NOT_FOUND' })
  })
})

describeEachApi(
  'THREADLINE_RECORD_CALLS=off',
  (getApi) => {
    it('records nothing', async () => {
      const api = getApi()
      const threadId = 'calls-off'
      await api.services.memory.createThread({ threadId, resourceId: ACME })
      server.enqueue('anthropic', reply.text('Not recorded.'))
      await drain(await api.operator.workbench.turn.mutate({ threadId, resourceId: ACME, model: CLAUDE, message: 'Hi' }))
      expect(server.requests).toHaveLength(1)
      expect((await api.operator.calls.list.query({ threadId })).calls).toEqual([])
    })
  },
  { THREADLINE_RECORD_CALLS: 'off' },
)
