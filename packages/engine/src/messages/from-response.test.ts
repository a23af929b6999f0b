import { describe, expect, it } from 'vitest'
import { createAssistantMessage, pendingToolCalls, setToolResult, stepContentToParts } from './from-response.ts'
import { toPrompt } from './to-prompt.ts'

describe('stepContentToParts', () => {
  it('maps text, reasoning (with the Anthropic signature) and tool calls', () => {
    const parts = stepContentToParts([
      { type: 'reasoning', text: 'Hmm', providerMetadata: { anthropic: { signature: 'sig' } } },
      { type: 'text', text: 'Checking' },
      { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'get_weather', input: '{"city":"Paris"}' },
    ])
    expect(parts).toEqual([
      {
        type: 'reasoning',
        reasoning: 'Hmm',
        details: [{ type: 'text', text: 'Hmm', signature: 'sig' }],
        providerMetadata: { anthropic: { signature: 'sig' } },
      },
      { type: 'text', text: 'Checking' },
      {
        type: 'tool-invocation',
        toolInvocation: { toolCallId: 'toolu_1', toolName: 'get_weather', args: { city: 'Paris' }, state: 'call' },
      },
    ])
  })

  it('keeps redacted thinking as a redacted detail, and foreign reasoning without a signature', () => {
    const parts = stepContentToParts([
      { type: 'reasoning', text: '', providerMetadata: { anthropic: { redactedData: 'enc' } } },
      { type: 'reasoning', text: 'plain' },
    ])
    expect(parts).toEqual([
      { type: 'reasoning', reasoning: '', details: [{ type: 'redacted', data: 'enc' }], providerMetadata: { anthropic: { redactedData: 'enc' } } },
      { type: 'reasoning', reasoning: 'plain', details: [{ type: 'text', text: 'plain' }] },
    ])
  })

  it('merges a provider-executed result into its call; empty input is {}; bad JSON stays a string', () => {
    const parts = stepContentToParts([
      { type: 'tool-call', toolCallId: 'a', toolName: 'search', input: '', providerExecuted: true },
      { type: 'tool-result', toolCallId: 'a', toolName: 'search', result: { hits: 1 } },
      { type: 'tool-call', toolCallId: 'b', toolName: 'x', input: '{broken' },
      { type: 'text', text: '' },
    ])
    expect(parts).toEqual([
      { type: 'tool-invocation', toolInvocation: { toolCallId: 'a', toolName: 'search', args: {}, state: 'result', result: { hits: 1 } } },
      { type: 'tool-invocation', toolInvocation: { toolCallId: 'b', toolName: 'x', args: '{broken', state: 'call' } },
    ])
    expect(pendingToolCalls(parts).map((part) => part.toolInvocation.toolCallId)).toEqual(['b'])
  })

  it('stores generated files as base64', () => {
    expect(stepContentToParts([{ type: 'file', mediaType: 'image/png', data: new Uint8Array([104, 105]) }])).toEqual([
      { type: 'file', mimeType: 'image/png', data: 'aGk=' },
    ])
  })
})

describe('round trip', () => {
  it('a stored step with a tool result converts back to the prompt a provider expects', () => {
    const parts = stepContentToParts([
      { type: 'reasoning', text: 'Hmm', providerMetadata: { anthropic: { signature: 'sig' } } },
      { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'get_weather', input: '{"city":"Paris"}' },
    ])
    expect(setToolResult(parts, 'toolu_1', { temperature: 21 })).toBe(true)
    expect(setToolResult(parts, 'unknown', 1)).toBe(false)
    const message = createAssistantMessage({
      id: 'a1',
      threadId: 't',
      resourceId: 'r',
      createdAt: new Date(0),
      parts,
      model: { provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' },
    })
    expect(message.content.metadata).toEqual({ provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' })
    expect(toPrompt([message])).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Hmm', providerOptions: { anthropic: { signature: 'sig' } } },
          { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'toolu_1', toolName: 'get_weather', output: { type: 'json', value: { temperature: 21 } } }],
      },
    ])
  })
})
