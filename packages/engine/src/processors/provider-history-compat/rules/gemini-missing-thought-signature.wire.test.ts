// Gemini on the wire: the real @ai-sdk/google (and @ai-sdk/openai-compatible on
// Gemini's OpenAI-compatible endpoint) against the strict loopback dialect,
// which answers Gemini 3's verbatim 400 for a function call of the current
// turn replayed without a thought signature.
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { describe, expect, it } from 'vitest'
import { reply } from '../../../loopback-provider/fake-replies.ts'
import { geminiMissingThoughtSignatureError } from '../../../loopback-provider/provider-error-presets.ts'
import { useFakeProvider } from '../../../testing/use-fake-provider.ts'
import { foreignCallTurn, providerErrorOf, ownHistoryRoundTrip, ROUND_TRIP_TEXTS, wireAgent, wireDrops } from '../wire-test-kit.ts'
import { SKIP_THOUGHT_SIGNATURE_VALIDATOR } from '../compiler/gemini-thought-signature-placeholder.ts'

const server = useFakeProvider({ strict: true })

const gemini = () => createGoogleGenerativeAI({ baseURL: server.baseUrl('google'), apiKey: 'test' })('gemini-3-pro-preview')
/** Gemini 3 through its OpenAI-compatible endpoint: no SDK adds the placeholder there. */
const geminiOpenAICompatible = () =>
  createOpenAICompatible({ name: 'google', baseURL: `${server.baseUrl('google')}/openai`, apiKey: 'test' }).chatModel('gemini-3-pro-preview')

type Content = { role: string; parts: { functionCall?: { name: string }; thoughtSignature?: string }[] }
const signaturesSent = (index: number) =>
  (server.requests[index]?.body as { contents: Content[] }).contents.flatMap((content) =>
    content.parts.flatMap((part) => (part.functionCall ? [part.thoughtSignature] : [])),
  )

describe('Gemini 3 thought signatures on the wire (@ai-sdk/google 3.0.141)', () => {
  it("replays Gemini's own signature after store -> load -> prompt, and the strict dialect accepts it", async () => {
    server.enqueue('google', reply.toolCall('get_weather', { city: 'Paris' }), reply.text('Sunny, 21 degrees.'), reply.text('Still sunny.'))
    const first = await ownHistoryRoundTrip(gemini)
    const call = first.response.content.parts.find((part) => part.type === 'tool-invocation')
    const own = call?.providerMetadata?.google?.thoughtSignature
    expect(typeof own).toBe('string')
    expect(own).not.toBe(SKIP_THOUGHT_SIGNATURE_VALIDATOR)
    expect(server.requests.map((request) => [request.path, request.status])).toEqual([
      ['/google/v1/models/gemini-3-pro-preview:streamGenerateContent', 200],
      ['/google/v1/models/gemini-3-pro-preview:streamGenerateContent', 200],
      ['/google/v1/models/gemini-3-pro-preview:generateContent', 200],
    ])
    expect(signaturesSent(2)).toEqual([own])
    expect(wireDrops(server, 2, ROUND_TRIP_TEXTS)).toEqual([])
  })

  it("adds Google's placeholder itself to another provider's call, so Gemini accepts it at once", async () => {
    server.enqueue('google', reply.text('Sunny.'))
    await wireAgent(gemini(), 'off').generate(foreignCallTurn('call_DdmO9lD4fXDVJzAGWbUHvHe3'))
    expect(server.requests.map((request) => request.status)).toEqual([200])
    expect(signaturesSent(0)).toEqual([SKIP_THOUGHT_SIGNATURE_VALIDATOR])
  })
})

describe("Gemini 3's OpenAI-compatible endpoint (@ai-sdk/openai-compatible)", () => {
  it('the strict dialect refuses the unsigned call with the verbatim body, wrapped in an array', async () => {
    server.enqueue('google', reply.text('never sent'))
    const error = await providerErrorOf(wireAgent(geminiOpenAICompatible(), 'off').generate(foreignCallTurn('call_DdmO9lD4fXDVJzAGWbUHvHe3')))
    expect(error.statusCode).toBe(400)
    expect(error.responseBody).toBe(JSON.stringify(geminiMissingThoughtSignatureError('get_weather', 3, 'openai-compatible').body))
    expect(server.pending('google')).toBe(1)
  })

  it('with the compiler on, the foreign call carries the placeholder in the first request and Gemini accepts it at once', async () => {
    server.enqueue('google', reply.text('Sunny.'))
    const result = await wireAgent(geminiOpenAICompatible(), 'on').generate(foreignCallTurn('call_DdmO9lD4fXDVJzAGWbUHvHe3'))
    expect(result.retries).toBe(0)
    expect(server.requests.map((request) => request.status)).toEqual([200])
    expect(JSON.stringify(server.requests[0]?.body)).toContain(`"extra_content":{"google":{"thought_signature":"${SKIP_THOUGHT_SIGNATURE_VALIDATOR}"}}`)
    expect(wireDrops(server, 0, ['Weather in Paris?'])).toEqual([])
  })

  it('with proactive rules off, the reactive rule gives the foreign call the placeholder and Gemini accepts the one retry, with nothing dropped', async () => {
    server.enqueue('google', reply.text('Sunny.'))
    const result = await wireAgent(geminiOpenAICompatible(), 'reactive-only').generate(foreignCallTurn('call_DdmO9lD4fXDVJzAGWbUHvHe3'))
    expect(result.text).toBe('Sunny.')
    expect(result.retries).toBe(1)
    expect(server.requests.map((request) => request.status)).toEqual([400, 200])
    const sent = JSON.stringify(server.requests[1]?.body)
    expect(sent).toContain(`"extra_content":{"google":{"thought_signature":"${SKIP_THOUGHT_SIGNATURE_VALIDATOR}"}}`)
    expect(wireDrops(server, 1, ['Weather in Paris?'])).toEqual([])
    const stored = result.messages.flatMap((message) => message.content.parts).find((part) => part.type === 'tool-invocation')
    expect(stored?.providerMetadata).toEqual({ google: { thoughtSignature: SKIP_THOUGHT_SIGNATURE_VALIDATOR } })
  })
})
