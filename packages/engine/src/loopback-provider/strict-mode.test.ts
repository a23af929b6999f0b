// Strict mode against the real provider packages: each family's SDK
// serializes a prompt breaking one of the provider's documented constraints,
// the loopback answers the provider's verbatim 400 (read back through the
// SDK's APICallError), and the queue is left for the repaired retry.
import { createAnthropic } from '@ai-sdk/anthropic'
import { createDeepSeek } from '@ai-sdk/deepseek'
import { createGroq } from '@ai-sdk/groq'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { APICallError, type LanguageModelV3, type LanguageModelV3Prompt } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import { useFakeProvider } from '../testing/use-fake-provider.ts'
import { reply } from './fake-replies.ts'
import {
  anthropicFirstMessageNotUser,
  anthropicOrphanToolUseError,
  cerebrasReasoningContentUnsupportedError,
  deepseekOrphanToolCall,
  deepseekReasoningContentMissing,
  groqReasoningUnsupportedError,
  openaiChatOrphanToolCallError,
  openaiResponsesNoToolOutputError,
} from './provider-error-presets.ts'

const server = useFakeProvider({ strict: true })

const call = (toolCallId: string) => ({ type: 'tool-call' as const, toolCallId, toolName: 'get_weather', input: { city: 'Paris' } })
const result = (toolCallId: string) => ({
  type: 'tool-result' as const,
  toolCallId,
  toolName: 'get_weather',
  output: { type: 'json' as const, value: { forecast: 'sunny' } },
})
const user = (text: string) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] })

/** A call no tool message answers (what a cancelled turn or a cut clone sends once nothing drops it). */
const orphanCall: LanguageModelV3Prompt = [user('Weather?'), { role: 'assistant', content: [call('call_orphan_1')] }, user('Never mind.')]
/** Reasoning replayed on an assistant turn. */
const replayedReasoning: LanguageModelV3Prompt = [
  user('Is 7 prime?'),
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Divisors?' },
      { type: 'text', text: 'Yes.' },
    ],
  },
  user('And 9?'),
]

/** The model's answer to the prompt: the provider's 400 (status and body as sent) or the text. */
async function send(model: LanguageModelV3, prompt: LanguageModelV3Prompt): Promise<{ status: number; body: unknown } | { text: string }> {
  try {
    const answer = await model.doGenerate({ prompt })
    return { text: answer.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('') }
  } catch (error) {
    if (!APICallError.isInstance(error)) throw error
    return { status: error.statusCode ?? 0, body: JSON.parse(error.responseBody ?? 'null') as unknown }
  }
}

describe('strict mode', () => {
  it('openai-chat: an unanswered tool call gets OpenAI’s 400 naming it; the queued reply waits for the retry', async () => {
    server.enqueue('openai', reply.text('ok'))
    const model = createOpenAI({ baseURL: server.baseUrl('openai'), apiKey: 'k' }).chat('gpt-4o')
    expect(await send(model, orphanCall)).toEqual({ status: 400, body: openaiChatOrphanToolCallError(['call_orphan_1'], 2).body })
    expect(server.pending('openai')).toBe(1)
    const answered: LanguageModelV3Prompt = [user('Weather?'), { role: 'assistant', content: [call('call_1')] }, { role: 'tool', content: [result('call_1')] }]
    expect(await send(model, answered)).toEqual({ text: 'ok' })
  })

  it('openai-responses: a function_call without its output gets “No tool output found”', async () => {
    const model = createOpenAI({ baseURL: server.baseUrl('openai'), apiKey: 'k' }).responses('gpt-5')
    expect(await send(model, orphanCall)).toEqual({ status: 400, body: openaiResponsesNoToolOutputError('call_orphan_1').body })
  })

  it('anthropic: an unanswered tool_use, and a first message that is not the user’s', async () => {
    const model = createAnthropic({ baseURL: server.baseUrl('anthropic'), apiKey: 'k' }).messages('claude-sonnet-4-5')
    expect(await send(model, orphanCall)).toEqual({ status: 400, body: anthropicOrphanToolUseError(1, ['call_orphan_1']).body })
    expect(await send(model, [{ role: 'assistant', content: [{ type: 'text', text: 'Hi' }] }, user('Hello')])).toEqual({
      status: 400,
      body: anthropicFirstMessageNotUser.body,
    })
  })

  it('cerebras: reasoning_content from an OpenAI-compatible client is refused', async () => {
    const model = createOpenAICompatible({ name: 'cerebras', baseURL: server.baseUrl('cerebras') }).chatModel('gpt-oss-120b')
    expect(await send(model, replayedReasoning)).toEqual({ status: 400, body: cerebrasReasoningContentUnsupportedError(1).body })
  })

  it('groq: replayed `reasoning` is refused by a model that takes none and sent to gpt-oss', async () => {
    const groq = createGroq({ baseURL: server.baseUrl('groq'), apiKey: 'k' })
    expect(await send(groq('qwen/qwen3-32b'), replayedReasoning)).toEqual({ status: 400, body: groqReasoningUnsupportedError(1).body })
    server.enqueue('groq', reply.text('No.'))
    expect(await send(groq('openai/gpt-oss-120b'), replayedReasoning)).toEqual({ text: 'No.' })
    expect((server.requests.at(-1)?.body as { messages: { reasoning?: string }[] }).messages[1]?.reasoning).toBe('Divisors?')
  })

  it('deepseek: an unanswered call, and a thinking-mode tool turn sent back without its reasoning_content', async () => {
    const deepseek = createDeepSeek({ baseURL: server.baseUrl('deepseek'), apiKey: 'k' })
    expect(await send(deepseek('deepseek-chat'), orphanCall)).toEqual({ status: 400, body: deepseekOrphanToolCall.body })
    // @ai-sdk/deepseek leaves the reasoning of turns before the last user message out for deepseek-reasoner
    const toolTurn: LanguageModelV3Prompt = [
      user('Weather?'),
      { role: 'assistant', content: [{ type: 'reasoning', text: 'Look it up.' }, call('call_1')] },
      { role: 'tool', content: [result('call_1')] },
      user('Thanks'),
    ]
    expect(await send(deepseek('deepseek-reasoner'), toolTurn)).toEqual({ status: 400, body: deepseekReasoningContentMissing.body })
    server.enqueue('deepseek', reply.text('Welcome.'))
    expect(await send(deepseek('deepseek-v4-flash'), toolTurn)).toEqual({ text: 'Welcome.' })
  })
})
