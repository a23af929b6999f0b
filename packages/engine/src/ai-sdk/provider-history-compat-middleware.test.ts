// The middleware with the real `ai` package (generateText, streamText) and
// real provider packages, over HTTP to the loopback server: what reached it.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { createOpenAI } from '@ai-sdk/openai'
import { generateText, streamText, wrapLanguageModel, type ModelMessage } from 'ai'
import { describe, expect, it } from 'vitest'
import { reply } from '../loopback-provider/fake-replies.ts'
import type { CompatRule } from '../processors/provider-history-compat/types.ts'
import { useFakeProvider } from '../testing/use-fake-provider.ts'
import { providerHistoryCompatMiddleware } from './provider-history-compat-middleware.ts'

const server = useFakeProvider()

/** A history stored from OpenAI: Responses-style tool-call IDs and OpenAI reasoning. */
const openaiHistory: ModelMessage[] = [
  { role: 'user', content: 'Weather in Paris?' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'I should look it up', providerOptions: { openai: { itemId: 'rs_1' } } },
      { type: 'tool-call', toolCallId: 'call_0fypS1hVXq2Lw8', toolName: 'get_weather', input: { city: 'Paris' } },
    ],
  },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_0fypS1hVXq2Lw8', toolName: 'get_weather', output: { type: 'json', value: { c: 21 } } }] },
  { role: 'assistant', content: 'It is 21 degrees.' },
  { role: 'user', content: 'And tomorrow?' },
]

type ChatBody = { messages: { role: string; tool_calls?: { id: string }[]; tool_call_id?: string; reasoning_content?: string }[] }

function lastBody(): ChatBody {
  return server.requests.at(-1)?.body as ChatBody
}

/** Mistral's models over its OpenAI-style chat endpoint: the provider id 'mistral.chat' is what picks the profile. */
const mistral = () => createOpenAICompatible({ name: 'mistral', apiKey: 'test', baseURL: server.baseUrl('mistral') }).chatModel('mistral-large-latest')

describe('providerHistoryCompatMiddleware', () => {
  it('generateText to a Mistral model: IDs become nine alphanumerics on call and result, foreign reasoning leaves the wire', async () => {
    server.enqueue('mistral', reply.text('Sunny.'))
    const model = wrapLanguageModel({ model: mistral(), middleware: providerHistoryCompatMiddleware() })
    const result = await generateText({ model, messages: openaiHistory, maxRetries: 0 })
    expect(result.text).toBe('Sunny.')
    const messages = lastBody().messages
    const callId = messages[1]?.tool_calls?.[0]?.id ?? ''
    expect(callId).toMatch(/^[a-zA-Z0-9]{9}$/)
    expect(messages[2]?.tool_call_id).toBe(callId)
    expect(JSON.stringify(messages)).not.toContain('I should look it up')
    expect(JSON.stringify(messages)).toContain('It is 21 degrees.')
    // the caller's messages are not changed
    expect(JSON.stringify(openaiHistory)).toContain('call_0fypS1hVXq2Lw8')
  })

  it('streamText sends the same compiled prompt', async () => {
    server.enqueue('mistral', reply.text('Sunny.'))
    const model = wrapLanguageModel({ model: mistral(), middleware: providerHistoryCompatMiddleware() })
    const result = streamText({ model, messages: openaiHistory, maxRetries: 0 })
    expect(await result.text).toBe('Sunny.')
    expect(lastBody().messages[1]?.tool_calls?.[0]?.id).toMatch(/^[a-zA-Z0-9]{9}$/)
    expect(lastBody().messages[2]?.tool_call_id).toBe(lastBody().messages[1]?.tool_calls?.[0]?.id)
  })

  it('runs custom rules in the same pipeline, after the built-ins; an OpenAI model gets the history as it is', async () => {
    const tagUser: CompatRule = {
      name: 'tag-user',
      applyToPrompt: ({ prompt }) =>
        prompt.map((message) => (message.role === 'user' ? { ...message, content: [...message.content, { type: 'text', text: '[tagged]' }] } : message)),
    }
    server.enqueue('openai', reply.text('ok'))
    const openai = createOpenAI({ apiKey: 'test', baseURL: server.baseUrl('openai') }).chat('gpt-4o')
    await generateText({
      model: wrapLanguageModel({ model: openai, middleware: providerHistoryCompatMiddleware({ additionalRules: [tagUser] }) }),
      messages: openaiHistory,
      maxRetries: 0,
    })
    const body = JSON.stringify(lastBody())
    expect(body).toContain('call_0fypS1hVXq2Lw8')
    expect(body).toContain('[tagged]')
  })
})
