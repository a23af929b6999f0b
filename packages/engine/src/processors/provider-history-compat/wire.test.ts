// The rules against the real @ai-sdk serializers, over HTTP to the loopback
// fake provider: what actually reaches the provider, with and without them.
import { createAnthropic } from '@ai-sdk/anthropic'
import { createCerebras } from '@ai-sdk/cerebras'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModelV3 } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import { reply } from '../../loopback-provider/fake-replies.ts'
import type { LanguageModelPrompt } from '../types.ts'
import { ProviderHistoryCompat } from './provider-history-compat.ts'
import { mixedPrompt, openaiReasoning, storedMessage, toolPart } from './test-fixtures.ts'
import { useFakeProvider } from '../../testing/use-fake-provider.ts'

const server = useFakeProvider()

const compat = new ProviderHistoryCompat()

/** The prompt after the processor, as the runner would send it. */
function processed(prompt: LanguageModelPrompt, model: LanguageModelV3): LanguageModelPrompt {
  return compat.processLLMRequest({ prompt, model, stepNumber: 0, retryCount: 0, state: {} })?.prompt ?? prompt
}

/** Sends the prompt through the real SDK model; returns the recorded request body and the SDK warnings. */
async function send(model: LanguageModelV3, prompt: LanguageModelPrompt, provider: string) {
  server.enqueue(provider, reply.text('ok'))
  const result = await model.doGenerate({ prompt })
  const request = server.requests.at(-1)
  return { body: JSON.stringify(request?.body), warnings: result.warnings }
}

describe('on the wire', () => {
  it('cerebras: no reasoning field of any name reaches the API once the rule ran', async () => {
    const model = createCerebras({ apiKey: 'test', baseURL: server.baseUrl('cerebras') })('llama-3.3-70b')
    const prompt = mixedPrompt()
    const raw = await send(model, prompt, 'cerebras')
    // @ai-sdk/cerebras 2.0.82 sends reasoning parts as `reasoning` (renamed from the serializer's `reasoning_content`)
    expect(raw.body).toContain('"reasoning":"OpenAI reasoning summary"')
    const fixed = await send(model, processed(prompt, model), 'cerebras')
    expect(fixed.body).not.toContain('reasoning')
    expect(fixed.body).toContain('It is 21 degrees.')
    expect(fixed.body).toContain('"tool_calls"')
  })

  it('cerebras behind an OpenAI-compatible gateway: no reasoning_content once the rule ran', async () => {
    const model = createOpenAICompatible({ name: 'gateway', apiKey: 'test', baseURL: server.baseUrl('gateway') })('cerebras/llama-3.3-70b')
    const prompt = mixedPrompt()
    const raw = await send(model, prompt, 'gateway')
    expect(raw.body).toContain('"reasoning_content"')
    const fixed = await send(model, processed(prompt, model), 'gateway')
    expect(fixed.body).not.toContain('reasoning')
  })

  it('anthropic: signed and redacted thinking reach the API, foreign reasoning does not', async () => {
    const model = createAnthropic({ apiKey: 'test', baseURL: server.baseUrl('anthropic') })('claude-sonnet-4-5')
    const prompt = mixedPrompt()
    const raw = await send(model, prompt, 'anthropic')
    // without the rule the SDK skips foreign parts itself, but warns about each
    expect(raw.warnings.filter((w) => w.type === 'other' && w.message === 'unsupported reasoning metadata')).toHaveLength(2)
    const fixed = await send(model, processed(prompt, model), 'anthropic')
    expect(fixed.warnings).toEqual([])
    const body = server.requests.at(-1)?.body as { messages: { role: string; content: { type: string; signature?: string; data?: string }[] }[] }
    const blocks = body.messages.flatMap((m) => m.content)
    expect(blocks.filter((b) => b.type === 'thinking').map((b) => b.signature)).toEqual(['sig-abc'])
    expect(blocks.filter((b) => b.type === 'redacted_thinking').map((b) => b.data)).toEqual(['opaque'])
    expect(fixed.body).not.toContain(openaiReasoning.text)
  })

  it('anthropic through an OpenAI-compatible gateway: foreign reasoning is not forwarded', async () => {
    const model = createOpenAICompatible({ name: 'gateway', apiKey: 'test', baseURL: server.baseUrl('gateway') })('anthropic/claude-sonnet-4-5')
    const prompt = mixedPrompt()
    const raw = await send(model, prompt, 'gateway')
    expect(raw.body).toContain(openaiReasoning.text)
    const fixed = await send(model, processed(prompt, model), 'gateway')
    expect(fixed.body).not.toContain(openaiReasoning.text)
    expect(fixed.body).toContain('Anthropic thinking')
  })

  it("anthropic's real 400 for a foreign tool ID, as the SDK raises it, triggers the repair", async () => {
    const model = createAnthropic({ apiKey: 'test', baseURL: server.baseUrl('anthropic') })('claude-sonnet-4-5')
    server.enqueue(
      'anthropic',
      reply.httpError(400, {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: "messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'",
        },
      }),
    )
    const error = await model.doGenerate({ prompt: mixedPrompt() }).then(
      () => undefined,
      (failure: unknown) => failure,
    )
    expect(error).toBeInstanceOf(Error)
    const messages = [storedMessage('m1', 'assistant', [toolPart('functions.get_weather:0')])]
    const result = await compat.processAPIError({ error, messages, retryCount: 0, stepNumber: 0, state: {}, model })
    expect(result).toEqual({ retry: true })
    const part = messages[0]!.content.parts[0]!
    expect(part.type === 'tool-invocation' && part.toolInvocation.toolCallId).toBe('functions_get_weather_0')
  })
})
