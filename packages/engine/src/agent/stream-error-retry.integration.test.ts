// Issue 4 acceptance: StreamErrorRetryProcessor in the Agent, with the real
// @ai-sdk/openai talking HTTP to the loopback fake provider. (What memory
// keeps after a retried stream is tested with a real database in
// packages/db/src/integration.)
import { APICallError } from 'ai'
import { describe, expect, it } from 'vitest'
import { StreamErrorRetryProcessor } from '../processors/stream-error-retry/index.ts'
import {
  connectionReset,
  connectionResetMidStream,
  openaiInsufficientQuota,
  openaiInvalidApiKey,
  openaiResponsesFailedServerError,
  openaiResponsesStreamServerError,
  reply,
} from '../testing/index.ts'
import { Agent } from './agent.ts'
import type { AgentStreamEvent } from './types.ts'
import { useFakeProvider } from '../testing/use-fake-provider.ts'
import { isECONNRESET } from '../testing/spec-examples.ts'

const server = useFakeProvider({ envFor: ['openai'] })

async function collect(events: AsyncIterable<AgentStreamEvent>): Promise<AgentStreamEvent[]> {
  const out: AgentStreamEvent[] = []
  for await (const event of events) out.push(event)
  return out
}

const gaps = () => server.requests.slice(1).map((request, index) => request.receivedAt - server.requests[index]!.receivedAt)

describe('OpenAI Responses stream errors', () => {
  it.each([
    ['response.failed chunk', openaiResponsesFailedServerError],
    ['error chunk', openaiResponsesStreamServerError],
  ])('text then a %s with server_error is retried once; only the second attempt counts', async (_label, failure) => {
    // The spec's first example, unchanged.
    const agent = new Agent({
      id: 'openai-agent',
      name: 'openai-agent',
      instructions: 'You are a helpful assistant.',
      model: 'openai/gpt-5',
      errorProcessors: [new StreamErrorRetryProcessor()],
    })
    server.enqueue('openai', failure, reply.text('The complete second answer.'))
    const stream = agent.stream('Hi')
    const events = await collect(stream)
    const retryAt = events.findIndex((event) => event.type === 'retry')
    const partial = events.slice(0, retryAt).flatMap((event) => (event.type === 'text-delta' ? [event.text] : []))
    expect(partial.join('')).toBe('Partial answer that')
    expect(events[retryAt]).toMatchObject({ type: 'retry', attempt: 1, stepNumber: 0 })
    expect((events[retryAt] as { reason: string }).reason).toContain('You can retry your request')
    const result = await stream.result
    expect(result.text).toBe('The complete second answer.')
    expect(JSON.stringify(result.messages)).not.toContain('Partial answer')
    expect(server.requests.map((request) => request.path)).toEqual(['/openai/v1/responses', '/openai/v1/responses'])
  })

  it('a second failure exhausts the default budget of one retry and is thrown', async () => {
    const agent = new Agent({ id: 'a', name: 'a', instructions: '', model: 'openai/gpt-5', errorProcessors: [new StreamErrorRetryProcessor()] })
    server.enqueue('openai', openaiResponsesFailedServerError, openaiResponsesFailedServerError)
    await expect(agent.stream('Hi').result).rejects.toThrow(/You can retry your request/)
    expect(server.requests).toHaveLength(2)
  })
})

describe('HTTP errors', () => {
  it('a 429 with Retry-After: 1 waits about a second (real time)', async () => {
    const agent = new Agent({ id: 'a', name: 'a', instructions: '', model: 'openai/gpt-5', errorProcessors: [new StreamErrorRetryProcessor()] })
    server.enqueue(
      'openai',
      reply.httpError(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded', param: null } }, { 'retry-after': '1' }),
      reply.text('after the wait'),
    )
    const result = await agent.generate('Hi')
    expect(result.text).toBe('after the wait')
    expect(gaps()[0]).toBeGreaterThanOrEqual(950)
    expect(gaps()[0]).toBeLessThan(5000)
  })

  it.each([false, true])('a 429 insufficient_quota is not retried (retryUnknownErrors: %s)', async (retryUnknownErrors) => {
    const agent = new Agent({
      id: 'a',
      name: 'a',
      instructions: '',
      model: 'openai/gpt-5',
      errorProcessors: [new StreamErrorRetryProcessor({ retryUnknownErrors, maxRetries: 2 })],
    })
    server.enqueue('openai', openaiInsufficientQuota, reply.text('never'))
    const error = await agent.generate('Hi').catch((e: unknown) => e)
    expect(server.requests).toHaveLength(1)
    expect(APICallError.isInstance(error) && error.statusCode).toBe(429)
  })

  it('a 401 is not retried, even with the spec example retryUnknownErrors: true', async () => {
    const agent = new Agent({
      id: 'a',
      name: 'a',
      instructions: '',
      model: 'openai/gpt-5',
      // the spec's example, unchanged
      errorProcessors: [new StreamErrorRetryProcessor({ retryUnknownErrors: true, maxRetries: 2, delayMs: 3000 })],
    })
    server.enqueue('openai', openaiInvalidApiKey, reply.text('never'))
    const startedAt = Date.now()
    const error = await agent.generate('Hi').catch((e: unknown) => e)
    expect(server.requests).toHaveLength(1)
    expect(APICallError.isInstance(error) && error.statusCode).toBe(401)
    expect(Date.now() - startedAt).toBeLessThan(2000)
  })

  it('retryUnknownErrors: true does retry an unknown error', async () => {
    const agent = new Agent({
      id: 'a',
      name: 'a',
      instructions: '',
      model: 'openai/gpt-5',
      errorProcessors: [new StreamErrorRetryProcessor({ retryUnknownErrors: true })],
    })
    server.enqueue('openai', reply.httpError(400, { error: { message: 'odd', type: 'invalid_request_error', code: null } }), reply.text('second'))
    expect((await agent.generate('Hi')).text).toBe('second')
    expect(server.requests).toHaveLength(2)
  })
})

describe('dropped connections (ECONNRESET)', () => {
  it('the spec example (isECONNRESET + backoff) retries a connection reset mid-stream after 1 s', async () => {
    const agent = new Agent({
      id: 'a',
      name: 'a',
      instructions: '',
      model: 'openai/gpt-5',
      // the spec's example, unchanged
      errorProcessors: [
        new StreamErrorRetryProcessor({
          maxRetries: 2,
          delayMs: ({ retryCount }) => Math.min(1000 * 2 ** retryCount, 30000),
          matchers: [isECONNRESET],
        }),
      ],
    })
    server.enqueue('openai', connectionResetMidStream, reply.text('Whole answer.'))
    const stream = agent.stream('Hi')
    const events = await collect(stream)
    expect(events.some((event) => event.type === 'retry')).toBe(true)
    expect(await stream.text).toBe('Whole answer.')
    expect(gaps()[0]).toBeGreaterThanOrEqual(950)
  })

  it('backs off per retry and retries resets before and after the first byte, within maxRetries', async () => {
    const delays: number[] = []
    const decidedBy: unknown[] = []
    const agent = new Agent({
      id: 'a',
      name: 'a',
      instructions: '',
      model: 'openai/gpt-5',
      errorProcessors: [
        new StreamErrorRetryProcessor({
          maxRetries: 2,
          delayMs: ({ retryCount }) => {
            const delay = 100 * 2 ** retryCount
            delays.push(delay)
            return delay
          },
          matchers: [isECONNRESET],
          onRetry: ({ reason, matcherIndex }) => {
            decidedBy.push({ reason, matcherIndex })
          },
        }),
      ],
    })
    server.enqueue('openai', connectionReset, connectionResetMidStream, reply.text('Third time lucky.'))
    expect(await agent.stream('Hi').text).toBe('Third time lucky.')
    expect(delays).toEqual([100, 200])
    // the custom matcher decided, before the SDK's own isRetryable flag was looked at
    expect(decidedBy).toEqual([
      { reason: 'matcher', matcherIndex: 0 },
      { reason: 'matcher', matcherIndex: 0 },
    ])
    const [first, second] = gaps()
    expect(first).toBeGreaterThanOrEqual(95)
    expect(second).toBeGreaterThanOrEqual(195)
  })
})
