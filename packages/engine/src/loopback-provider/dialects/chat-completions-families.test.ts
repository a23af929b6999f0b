// Groq, DeepSeek and xAI answered by the loopback, read by their real packages:
// text, reasoning (in each provider's field) and tool calls.
import { createDeepSeek } from '@ai-sdk/deepseek'
import { createGroq } from '@ai-sdk/groq'
import { createXai } from '@ai-sdk/xai'
import { generateText, streamText } from 'ai'
import { describe, expect, it } from 'vitest'
import { useFakeProvider } from '../../testing/use-fake-provider.ts'
import { reply } from '../fake-replies.ts'

const server = useFakeProvider()

const families = {
  groq: { model: () => createGroq({ baseURL: server.baseUrl('groq'), apiKey: 'k' })('openai/gpt-oss-120b') },
  deepseek: { model: () => createDeepSeek({ baseURL: server.baseUrl('deepseek'), apiKey: 'k' })('deepseek-v4-flash') },
  // xai(modelId) is Chat Completions in @ai-sdk/xai 3.x
  xai: { model: () => createXai({ baseURL: server.baseUrl('xai'), apiKey: 'k' })('grok-4') },
}

describe.each(Object.keys(families) as (keyof typeof families)[])('%s', (family) => {
  const answer = reply.text('Yes, 1009 is prime.', { reasoning: { text: 'No factor up to 31.' } })

  it('gives text and reasoning as JSON, the reasoning in the provider’s own field', async () => {
    server.enqueue(family, answer)
    const result = await generateText({ model: families[family].model(), prompt: 'Is 1009 prime?', maxRetries: 0 })
    expect(result.text).toBe('Yes, 1009 is prime.')
    expect(result.reasoningText).toBe('No factor up to 31.')
    expect(server.requests[0]?.path).toBe(`/${family}/v1/chat/completions`)
  })

  it('streams text, reasoning and a tool call', async () => {
    server.enqueue(family, answer, { kind: 'success', toolCalls: [{ id: 'call_7', name: 'get_weather', args: { city: 'Paris' } }] })
    const streamed = streamText({ model: families[family].model(), prompt: 'Is 1009 prime?', maxRetries: 0 })
    expect(await streamed.text).toBe('Yes, 1009 is prime.')
    expect(await streamed.reasoningText).toBe('No factor up to 31.')
    const withTool = await generateText({ model: families[family].model(), prompt: 'Weather?', maxRetries: 0 })
    expect(withTool.toolCalls.map((toolCall) => [toolCall.toolCallId, toolCall.toolName, toolCall.input])).toEqual([
      ['call_7', 'get_weather', { city: 'Paris' }],
    ])
  })
})
