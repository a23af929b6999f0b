// Amazon Bedrock Converse on the wire: the real @ai-sdk/amazon-bedrock (its
// binary event stream included) against the strict loopback dialect, which
// answers Bedrock's verbatim ValidationException for a tool-call id outside
// [a-zA-Z0-9_-]+ and for a conversation that does not start with the user.
// Tool names and role alternation the package repairs itself (it strips
// invalid name characters and merges neighbouring turns of one role).
import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock'
import { describe, expect, it } from 'vitest'
import type { AgentInputMessage } from '../../../agent/types.ts'
import { reply } from '../../../loopback-provider/fake-replies.ts'
import { bedrockFirstMessageNotUser, bedrockValidationError } from '../../../loopback-provider/provider-error-presets.ts'
import { useFakeProvider } from '../../../testing/use-fake-provider.ts'
import { foreignCallTurn, providerErrorOf, ownHistoryRoundTrip, ROUND_TRIP_TEXTS, wireAgent, wireDrops } from '../wire-test-kit.ts'

const server = useFakeProvider({ strict: true })

const MODEL = 'anthropic.claude-sonnet-4-5-20250929-v1:0'
const bedrock = () => createAmazonBedrock({ baseURL: `http://127.0.0.1:${server.port}/bedrock`, region: 'us-east-1', apiKey: 'test' })(MODEL)
/** Kimi's id format, which Bedrock's pattern refuses. */
const KIMI_ID = 'functions.get_weather:0'

/** A cancelled turn: another provider's reasoning and a blank start of an answer were stored, the answer never came. */
const cancelledForeignTurn: AgentInputMessage[] = [
  { role: 'user', content: 'Plan the refund' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', reasoning: 'thinking', details: [{ type: 'text', text: 'thinking' }], providerMetadata: { openai: { itemId: 'rs_cut' } } },
      { type: 'text', text: '\n\n' },
    ],
  },
  { role: 'user', content: 'Hello?' },
]

describe('Bedrock Converse on the wire (@ai-sdk/amazon-bedrock 4.0.186)', () => {
  it("round-trips Bedrock's own history after store -> load -> prompt (stream and JSON), and the strict dialect accepts it", async () => {
    server.enqueue('bedrock', reply.toolCall('get_weather', { city: 'Paris' }), reply.text('Sunny, 21 degrees.'), reply.text('Still sunny.'))
    const first = await ownHistoryRoundTrip(bedrock)
    expect(first.text).toBe('Sunny, 21 degrees.')
    const ownId = first.toolInvocations[0]?.toolCallId
    const encodedModel = encodeURIComponent(MODEL)
    expect(server.requests.map((request) => [request.path, request.status])).toEqual([
      [`/bedrock/model/${encodedModel}/converse-stream`, 200],
      [`/bedrock/model/${encodedModel}/converse-stream`, 200],
      [`/bedrock/model/${encodedModel}/converse`, 200],
    ])
    expect(server.readHistory(server.requests[2]!)?.toolCalls).toEqual([{ id: ownId, name: 'get_weather' }])
    expect(wireDrops(server, 2, ROUND_TRIP_TEXTS)).toEqual([])
  })

  it('the strict dialect refuses a foreign tool-call id with the verbatim ValidationException', async () => {
    server.enqueue('bedrock', reply.text('never sent'))
    const error = await providerErrorOf(wireAgent(bedrock(), 'off').generate(foreignCallTurn(KIMI_ID)))
    expect(error.statusCode).toBe(400)
    expect(error.responseHeaders?.['x-amzn-errortype']).toMatch(/^ValidationException:/)
    expect(error.responseBody).toBe(
      JSON.stringify(
        bedrockValidationError(
          "2 validation errors detected: Value at 'messages.2.member.content.1.member.toolUse.toolUseId' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+; Value at 'messages.3.member.content.1.member.toolResult.toolUseId' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
        ).body,
      ),
    )
  })

  it('with the compiler on, the id is rewritten on both sides before the first request and Bedrock accepts it at once', async () => {
    server.enqueue('bedrock', reply.text('Sunny.'))
    const result = await wireAgent(bedrock(), 'on').generate(foreignCallTurn(KIMI_ID))
    expect(result.retries).toBe(0)
    expect(server.requests.map((request) => request.status)).toEqual([200])
    const { toolCalls: calls, toolResultIds: results } = server.readHistory(server.requests[0]!)!
    expect(calls).toHaveLength(1)
    expect(calls[0]?.id).toMatch(/^[a-zA-Z0-9_-]+$/)
    expect(results).toEqual([calls[0]?.id])
    expect(wireDrops(server, 0, ['Weather in Paris?'])).toEqual([])
  })

  it('with proactive rules off, bedrock-tool-use-id-format repairs the id on both sides and Bedrock accepts the one retry, with nothing dropped', async () => {
    server.enqueue('bedrock', reply.text('Sunny.'))
    const result = await wireAgent(bedrock(), 'reactive-only').generate(foreignCallTurn(KIMI_ID))
    expect(result.retries).toBe(1)
    expect(server.requests.map((request) => request.status)).toEqual([400, 200])
    expect(server.readHistory(server.requests[1]!)?.toolCalls).toEqual([{ id: 'functions_get_weather_0', name: 'get_weather' }])
    expect(wireDrops(server, 1, ['Weather in Paris?'])).toEqual([])
  })

  it('a turn Bedrock cannot take (foreign reasoning, blank text) is merged away by the package: the roles alternate, both user texts arrive', async () => {
    server.enqueue('bedrock', reply.text('Here is the plan.'))
    await wireAgent(bedrock(), 'off').generate(cancelledForeignTurn)
    expect(server.requests.map((request) => request.status)).toEqual([200])
    expect(wireDrops(server, 0, ['Plan the refund', 'Hello?'], [])).toEqual([])
  })

  it('a partial clone starting on an assistant turn gets the verbatim first-message error', async () => {
    server.enqueue('bedrock', reply.text('never sent'))
    const error = await providerErrorOf(
      wireAgent(bedrock(), 'off').generate([
        { role: 'assistant', content: 'Earlier answer.' },
        { role: 'user', content: 'Go on' },
      ]),
    )
    expect(error.responseBody).toBe(JSON.stringify(bedrockFirstMessageNotUser.body))
  })
})
