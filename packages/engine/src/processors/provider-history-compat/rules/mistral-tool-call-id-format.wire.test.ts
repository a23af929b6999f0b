// Mistral on the wire: the real @ai-sdk/mistral against the strict loopback
// dialect, which answers Mistral's verbatim 400 for a tool-call id that is not
// nine ASCII letters or digits.
import { createMistral } from '@ai-sdk/mistral'
import { describe, expect, it } from 'vitest'
import { reply } from '../../../loopback-provider/fake-replies.ts'
import { mistralToolCallIdError } from '../../../loopback-provider/provider-error-presets.ts'
import { useFakeProvider } from '../../../testing/use-fake-provider.ts'
import { foreignCallTurn, providerErrorOf, ownHistoryRoundTrip, ROUND_TRIP_TEXTS, wireAgent, wireDrops } from '../wire-test-kit.ts'

const server = useFakeProvider({ strict: true })

const mistral = () => createMistral({ baseURL: server.baseUrl('mistral'), apiKey: 'test' })('mistral-large-latest')
const OPENAI_ID = 'call_0fypS1hVX'

describe('Mistral tool-call ids on the wire (@ai-sdk/mistral 3.0.69)', () => {
  it("round-trips Mistral's own history after store -> load -> prompt: its ids reach the strict dialect unchanged", async () => {
    server.enqueue('mistral', reply.toolCall('get_weather', { city: 'Paris' }), reply.text('Sunny, 21 degrees.'), reply.text('Still sunny.'))
    const first = await ownHistoryRoundTrip(mistral)
    const ownId = first.toolInvocations[0]?.toolCallId
    expect(ownId).toMatch(/^[a-zA-Z0-9]{9}$/)
    expect(server.requests.map((request) => [request.api, request.stream, request.status])).toEqual([
      ['mistral-chat', true, 200],
      ['mistral-chat', true, 200],
      ['mistral-chat', false, 200],
    ])
    expect(server.readHistory(server.requests[2]!)?.toolCalls).toEqual([{ id: ownId, name: 'get_weather' }])
    expect(wireDrops(server, 2, ROUND_TRIP_TEXTS)).toEqual([])
  })

  it("the strict dialect refuses an OpenAI id with Mistral's verbatim body", async () => {
    server.enqueue('mistral', reply.text('never sent'))
    const error = await providerErrorOf(wireAgent(mistral(), 'off').generate(foreignCallTurn(OPENAI_ID)))
    expect(error.statusCode).toBe(400)
    expect(error.responseBody).toBe(JSON.stringify(mistralToolCallIdError(OPENAI_ID).body))
    expect(error.responseHeaders?.['mistral-correlation-id']).toBeDefined()
  })

  it('with the compiler on, the ids are rewritten before the first request and Mistral accepts it at once', async () => {
    server.enqueue('mistral', reply.text('Sunny.'))
    const result = await wireAgent(mistral(), 'on').generate(foreignCallTurn(OPENAI_ID))
    expect(result.retries).toBe(0)
    expect(server.requests.map((request) => request.status)).toEqual([200])
    const { toolCalls: calls, toolResultIds: results } = server.readHistory(server.requests[0]!)!
    expect(calls[0]?.id).toMatch(/^[a-zA-Z0-9]{9}$/)
    expect(results).toEqual([calls[0]?.id])
    expect(wireDrops(server, 0, ['Weather in Paris?'])).toEqual([])
  })

  it('with proactive rules off, the reactive rule rewrites the ids (call and result alike) and Mistral accepts the one retry, with nothing dropped', async () => {
    server.enqueue('mistral', reply.text('Sunny.'))
    const result = await wireAgent(mistral(), 'reactive-only').generate(foreignCallTurn(OPENAI_ID))
    expect(result.text).toBe('Sunny.')
    expect(result.retries).toBe(1)
    expect(server.requests.map((request) => request.status)).toEqual([400, 200])
    const { toolCalls: calls, toolResultIds: results } = server.readHistory(server.requests[1]!)!
    expect(calls[0]?.id).toMatch(/^[a-zA-Z0-9]{9}$/)
    expect(results).toEqual([calls[0]?.id])
    expect(wireDrops(server, 1, ['Weather in Paris?'])).toEqual([])
    expect(result.messages.flatMap((message) => message.content.parts).find((part) => part.type === 'tool-invocation')).toMatchObject({
      toolInvocation: { toolCallId: calls[0]?.id },
    })
  })
})
