// ProviderHistoryCompat in the Agent, on the wire: the real @ai-sdk/anthropic,
// @ai-sdk/cerebras and @ai-sdk/openai-compatible against the loopback fake
// provider. The history is given as input here; the memory-backed acceptance
// (repair persisted, later turns clean) is in packages/db/src/integration.
import { describe, expect, it } from 'vitest'
import type { MessagePart } from '../messages/types.ts'
import { ProviderHistoryCompat } from '../processors/provider-history-compat/index.ts'
import { anthropicInvalidToolUseId, reply, stripUnsupportedAssistantMetadata } from '../testing/index.ts'
import { Agent } from './agent.ts'
import type { AgentInputMessage } from './types.ts'
import { useFakeProvider } from '../testing/use-fake-provider.ts'

const server = useFakeProvider({ envFor: ['anthropic', 'cerebras', 'example-provider'] })

const bodyText = (index: number) => JSON.stringify(server.requests[index]?.body)

const reasoningWithoutMetadata: MessagePart = {
  type: 'reasoning',
  reasoning: 'FOREIGN-THOUGHTS',
  details: [{ type: 'text', text: 'FOREIGN-THOUGHTS' }],
}
const foreignReasoning: MessagePart = { ...reasoningWithoutMetadata, providerMetadata: { openai: { itemId: 'rs_1' } } }
const anthropicThinking: MessagePart = {
  type: 'reasoning',
  reasoning: 'OWN-THINKING',
  details: [{ type: 'text', text: 'OWN-THINKING', signature: 'SIG-123' }],
  providerMetadata: { anthropic: { signature: 'SIG-123' } },
}

function historyWith(assistantParts: MessagePart[]): AgentInputMessage[] {
  return [
    { role: 'user', content: 'Weather in Paris?' },
    { role: 'assistant', content: assistantParts },
    { role: 'user', content: 'And tomorrow?' },
  ]
}

describe('the spec usage example: anthropic/claude-sonnet-4-5 with ProviderHistoryCompat only', () => {
  // Unchanged from docs/spec/provider-history-compat.md.
  const agent = new Agent({
    id: 'my-agent',
    name: 'my-agent',
    instructions: 'You are a helpful assistant.',
    model: 'anthropic/claude-sonnet-4-5',
    inputProcessors: [new ProviderHistoryCompat()],
  })

  it('answers the real 400 by repairing the tool-call ID and retrying once', async () => {
    server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('Sunny again.'))
    const result = await agent.generate(
      historyWith([
        {
          type: 'tool-invocation',
          toolInvocation: { toolCallId: 'functions.get_weather:0', toolName: 'get_weather', args: { city: 'Paris' }, state: 'result', result: 'sunny' },
        },
        { type: 'text', text: 'Sunny.' },
      ]),
    )
    expect(result.text).toBe('Sunny again.')
    expect(result.retries).toBe(1)
    expect(server.requests).toHaveLength(2)
    expect(bodyText(0)).toContain('functions.get_weather:0')
    const messages = (server.requests[1]?.body as { messages: { content: { type: string; id?: string; tool_use_id?: string }[] }[] }).messages
    const toolUse = messages.flatMap((m) => m.content).find((c) => c.type === 'tool_use')
    const toolResult = messages.flatMap((m) => m.content).find((c) => c.type === 'tool_result')
    expect(toolUse?.id).toMatch(/^[a-zA-Z0-9_-]+$/)
    expect(toolResult?.tool_use_id).toBe(toolUse?.id)
    expect(bodyText(1)).not.toContain('functions.get_weather:0')
  })

  it('sends Anthropic signed thinking and leaves foreign reasoning out', async () => {
    server.enqueue('anthropic', reply.text('ok'))
    await agent.generate(historyWith([foreignReasoning, anthropicThinking, { type: 'text', text: 'Sunny.' }]))
    const assistant = (server.requests[0]?.body as { messages: { role: string; content: unknown[] }[] }).messages[1]
    expect(assistant?.content).toContainEqual({ type: 'thinking', thinking: 'OWN-THINKING', signature: 'SIG-123' })
    expect(bodyText(0)).not.toContain('FOREIGN-THOUGHTS')
  })
})

describe('cerebras: reasoning never reaches the wire', () => {
  const history = historyWith([reasoningWithoutMetadata, { type: 'text', text: 'Sunny.' }])

  it('with ProviderHistoryCompat the body has no reasoning_content (nor reasoning) anywhere', async () => {
    server.enqueue('cerebras', reply.text('ok'))
    const agent = new Agent({ id: 'c', name: 'c', instructions: '', model: 'cerebras/gpt-oss-120b', inputProcessors: [new ProviderHistoryCompat()] })
    const result = await agent.generate(history)
    expect(bodyText(0)).not.toContain('reasoning_content')
    expect(bodyText(0)).not.toContain('FOREIGN-THOUGHTS')
    // the turn's own messages still hold the reasoning: the rewrite was for the call only
    expect(result.messages[1]?.content.parts[0]).toMatchObject({ type: 'reasoning', reasoning: 'FOREIGN-THOUGHTS' })
  })

  it('without it the same history does send the reasoning (the test above can fail)', async () => {
    server.enqueue('cerebras', reply.text('ok'))
    await new Agent({ id: 'c', name: 'c', instructions: '', model: 'cerebras/gpt-oss-120b' }).generate(history)
    expect(bodyText(0)).toContain('FOREIGN-THOUGHTS')
  })
})

describe('the spec custom-rule example against an OpenAI-compatible provider (env: EXAMPLE_PROVIDER_*)', () => {
  // the rule is the spec's, verbatim: testing/spec-examples.ts

  const agent = new Agent({
    id: 'custom-provider-agent',
    name: 'custom-provider-agent',
    instructions: 'You are a helpful assistant.',
    model: 'example-provider/model',
    inputProcessors: [new ProviderHistoryCompat({ additionalRules: [stripUnsupportedAssistantMetadata] })],
  })

  // The OpenAI-compatible serializer copies a tool call's `openaiCompatible` options into the request.
  const history = historyWith([
    {
      type: 'tool-invocation',
      toolInvocation: { toolCallId: 'call_1', toolName: 'get_weather', args: { city: 'Paris' }, state: 'result', result: 'sunny' },
      providerMetadata: { openaiCompatible: { unsupported_field: 'x' } },
    },
    { type: 'text', text: 'Sunny.' },
  ])

  it('runs and strips the assistant metadata from the request', async () => {
    server.enqueue('example-provider', reply.text('Still sunny.'))
    const result = await agent.generate(history)
    expect(result.text).toBe('Still sunny.')
    expect(server.requests[0]?.path).toBe('/example-provider/v1/chat/completions')
    expect(bodyText(0)).toContain('call_1')
    expect(bodyText(0)).not.toContain('unsupported_field')
  })

  it('without the rule the field is sent (the test above can fail)', async () => {
    server.enqueue('example-provider', reply.text('ok'))
    await new Agent({ id: 'p', name: 'p', instructions: '', model: 'example-provider/model' }).generate(history)
    expect(bodyText(0)).toContain('unsupported_field')
  })
})
