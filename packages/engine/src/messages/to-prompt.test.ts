import { describe, expect, it } from 'vitest'
import { CANCELLED_TOOL_RESULT_TEXT } from '../processors/provider-history-compat/compiler/tool-pairing.ts'
import { toPrompt } from './to-prompt.ts'
import type { MessageContent, MessageRole, StoredMessage } from './types.ts'

let counter = 0
function message(role: MessageRole, content: Partial<MessageContent>): StoredMessage {
  counter++
  return {
    id: `m${counter}`,
    threadId: 't',
    resourceId: 'r',
    role,
    createdAt: new Date(counter),
    content: { format: 2, parts: [], ...content },
  }
}

const weatherCall = {
  toolCallId: 'functions.get_weather:0',
  toolName: 'get_weather',
  args: { city: 'Paris' },
  state: 'result' as const,
  result: { temperature: 21 },
}

describe('toPrompt', () => {
  it('puts the instructions first and keeps text messages in order', () => {
    const prompt = toPrompt([message('user', { parts: [{ type: 'text', text: 'Hi' }] }), message('assistant', { parts: [{ type: 'text', text: 'Hello' }] })], {
      instructions: 'Be brief.',
    })
    expect(prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
    ])
  })

  it('turns a tool-invocation into an assistant tool-call and a tool message with the result', () => {
    const prompt = toPrompt([
      message('assistant', {
        parts: [
          { type: 'step-start' },
          { type: 'text', text: 'Let me check.' },
          { type: 'tool-invocation', toolInvocation: weatherCall },
          { type: 'step-start' },
          { type: 'text', text: 'It is 21 degrees.' },
        ],
      }),
    ])
    expect(prompt).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check.' },
          { type: 'tool-call', toolCallId: 'functions.get_weather:0', toolName: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'functions.get_weather:0',
            toolName: 'get_weather',
            output: { type: 'json', value: { temperature: 21 } },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'It is 21 degrees.' }] },
    ])
  })

  it('keeps parallel tool calls in one assistant message and their results in one tool message', () => {
    const second = { ...weatherCall, toolCallId: 'call_2', args: { city: 'Rome' }, result: 'sunny' }
    const prompt = toPrompt([
      message('assistant', {
        parts: [
          { type: 'tool-invocation', toolInvocation: weatherCall },
          { type: 'tool-invocation', toolInvocation: second },
        ],
      }),
    ])
    expect(prompt).toHaveLength(2)
    expect(prompt[0]?.content).toHaveLength(2)
    expect(prompt[1]).toMatchObject({
      role: 'tool',
      content: [{ toolCallId: 'functions.get_weather:0' }, { toolCallId: 'call_2', output: { type: 'text', value: 'sunny' } }],
    })
  })

  it('answers a call whose result is stored in a later message with that result, once: no synthetic result, no duplicate', () => {
    const pending = { ...weatherCall, toolCallId: 'call_later', toolName: 'book_table', state: 'call' as const, result: undefined }
    const stored = [
      message('assistant', {
        parts: [
          { type: 'text', text: 'Booking' },
          { type: 'tool-invocation', toolInvocation: pending },
        ],
      }),
      message('user', { parts: [{ type: 'text', text: 'Done?' }] }),
      message('assistant', {
        parts: [
          { type: 'tool-invocation', toolInvocation: { ...pending, state: 'result', result: { booked: true } } },
          { type: 'text', text: 'Booked.' },
        ],
      }),
    ]
    const before = structuredClone(stored)
    const call = { type: 'tool-call', toolCallId: 'call_later', toolName: 'book_table', input: { city: 'Paris' } }
    const booked = { type: 'tool-result', toolCallId: 'call_later', toolName: 'book_table', output: { type: 'json', value: { booked: true } } }
    expect(toPrompt(stored)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'Booking' }, call] },
      { role: 'tool', content: [booked] },
      { role: 'user', content: [{ type: 'text', text: 'Done?' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Booked.' }] },
    ])
    expect(stored).toEqual(before)
  })

  it('keeps a tool call that never got a result, answered by a synthetic cancelled result (the stored message untouched)', () => {
    const stored = message('assistant', {
      parts: [
        { type: 'text', text: 'Calling' },
        { type: 'tool-invocation', toolInvocation: { ...weatherCall, state: 'call', result: undefined } },
        { type: 'tool-invocation', toolInvocation: { ...weatherCall, toolCallId: 'p', state: 'partial-call' } },
      ],
    })
    const before = structuredClone(stored)
    const prompt = toPrompt([stored])
    const cancelled = { type: 'error-text', value: CANCELLED_TOOL_RESULT_TEXT }
    expect(prompt).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Calling' },
          { type: 'tool-call', toolCallId: 'functions.get_weather:0', toolName: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool-call', toolCallId: 'p', toolName: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'functions.get_weather:0', toolName: 'get_weather', output: cancelled },
          { type: 'tool-result', toolCallId: 'p', toolName: 'get_weather', output: cancelled },
        ],
      },
    ])
    expect(stored).toEqual(before)
  })

  it('reads legacy toolInvocations when the parts hold none, before the text', () => {
    const prompt = toPrompt([message('assistant', { content: 'It is 21 degrees.', toolInvocations: [weatherCall] })])
    expect(prompt.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant'])
    expect(prompt[0]?.content).toMatchObject([{ type: 'tool-call', toolCallId: 'functions.get_weather:0' }])
    expect(prompt[2]?.content).toEqual([{ type: 'text', text: 'It is 21 degrees.' }])
  })

  it('ignores legacy toolInvocations when the parts already hold them (no duplicate)', () => {
    const prompt = toPrompt([message('assistant', { parts: [{ type: 'tool-invocation', toolInvocation: weatherCall }], toolInvocations: [weatherCall] })])
    expect(prompt[0]?.content).toHaveLength(1)
  })

  it('carries reasoning provider metadata as providerOptions (Anthropic signature, redacted data)', () => {
    const prompt = toPrompt([
      message('assistant', {
        parts: [
          {
            type: 'reasoning',
            reasoning: 'Thinking...',
            details: [{ type: 'text', text: 'Thinking...', signature: 'sig' }],
            providerMetadata: { anthropic: { signature: 'sig' } },
          },
          { type: 'reasoning', reasoning: '', details: [{ type: 'redacted', data: 'xyz' }], providerMetadata: { anthropic: { redactedData: 'xyz' } } },
          { type: 'reasoning', reasoning: '', details: [{ type: 'text', text: 'from details' }] },
          { type: 'text', text: 'Answer' },
        ],
      }),
    ])
    expect(prompt[0]?.content).toEqual([
      { type: 'reasoning', text: 'Thinking...', providerOptions: { anthropic: { signature: 'sig' } } },
      { type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: 'xyz' } } },
      { type: 'reasoning', text: 'from details' },
      { type: 'text', text: 'Answer' },
    ])
  })

  it('maps files (base64, data URL, http URL) and message providerMetadata', () => {
    const prompt = toPrompt([
      message('user', {
        providerMetadata: { anthropic: { cacheControl: { type: 'ephemeral' } } },
        parts: [
          { type: 'file', mimeType: 'image/png', data: 'aGVsbG8=' },
          { type: 'file', mimeType: 'image/png', data: 'data:image/png;base64,aGVsbG8=' },
          { type: 'file', mimeType: 'application/pdf', data: 'https://example.com/a.pdf' },
        ],
      }),
    ])
    expect(prompt[0]).toEqual({
      role: 'user',
      providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
      content: [
        { type: 'file', mediaType: 'image/png', data: 'aGVsbG8=' },
        { type: 'file', mediaType: 'image/png', data: 'aGVsbG8=' },
        { type: 'file', mediaType: 'application/pdf', data: new URL('https://example.com/a.pdf') },
      ],
    })
  })

  it('drops empty messages and step-start parts, and joins system text', () => {
    const prompt = toPrompt([
      message('assistant', { parts: [{ type: 'step-start' }] }),
      message('user', { parts: [] }),
      message('system', {
        parts: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }),
    ])
    expect(prompt).toEqual([{ role: 'system', content: 'a\nb' }])
  })
})
