// compileHistory before the real `ai` package's generateText / streamText: an
// orphan tool call (a cancelled turn, a clone cut before its result) that the
// SDK would refuse before any middleware runs reaches the provider answered.
import { createAnthropic } from '@ai-sdk/anthropic'
import { generateText, MissingToolResultsError, streamText, type ModelMessage } from 'ai'
import { describe, expect, it } from 'vitest'
import { reply } from '../loopback-provider/fake-replies.ts'
import { CANCELLED_TOOL_RESULT_TEXT } from '../processors/provider-history-compat/compiler/tool-pairing.ts'
import { useFakeProvider } from '../testing/use-fake-provider.ts'
import { compileHistory } from './compile-history.ts'

const server = useFakeProvider()

const cancelledTurn: ModelMessage[] = [
  { role: 'user', content: 'Weather in Paris?' },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'toolu_01', toolName: 'get_weather', input: { city: 'Paris' } }] },
  { role: 'user', content: 'Never mind: what is 2 + 2?' },
]

const anthropic = () => createAnthropic({ apiKey: 'test', baseURL: server.baseUrl('anthropic') }).messages('claude-sonnet-4-5')

type AnthropicBody = { messages: { role: string; content: { type: string; tool_use_id?: string; is_error?: boolean; content?: unknown }[] }[] }

describe('compileHistory', () => {
  it('without it, the AI SDK refuses the orphan call before any request', async () => {
    await expect(generateText({ model: anthropic(), messages: cancelledTurn, maxRetries: 0 })).rejects.toBeInstanceOf(MissingToolResultsError)
    expect(server.requests).toHaveLength(0)
  })

  it('generateText: the orphan call reaches Anthropic answered by a synthetic cancelled tool_result; the input is untouched', async () => {
    server.enqueue('anthropic', reply.text('4'))
    const before = structuredClone(cancelledTurn)
    const result = await generateText({ model: anthropic(), messages: compileHistory(cancelledTurn, { model: anthropic() }), maxRetries: 0 })
    expect(result.text).toBe('4')
    const body = server.requests.at(-1)?.body as AnthropicBody
    const toolResult = body.messages[2]?.content[0]
    expect(toolResult).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_01', is_error: true })
    expect(JSON.stringify(toolResult)).toContain(CANCELLED_TOOL_RESULT_TEXT)
    expect(JSON.stringify(body)).toContain('Never mind: what is 2 + 2?')
    expect(cancelledTurn).toEqual(before)
  })

  it('streamText: the same compiled history, from a model string', async () => {
    server.enqueue('anthropic', reply.text('4'))
    const result = streamText({ model: anthropic(), messages: compileHistory(cancelledTurn, { model: 'anthropic/claude-sonnet-4-5' }), maxRetries: 0 })
    expect(await result.text).toBe('4')
    expect(JSON.stringify(server.requests.at(-1)?.body)).toContain('"tool_use_id":"toolu_01"')
  })

  it('returns the caller’s own array when nothing needs compiling, and is deterministic otherwise', () => {
    const paired = cancelledTurn.slice(0, 1)
    expect(compileHistory(paired, { model: 'mistral/m' })).toBe(paired)
    expect(compileHistory(cancelledTurn, { model: 'mistral/m' })).toEqual(compileHistory(cancelledTurn, { model: 'mistral/m' }))
  })
})
