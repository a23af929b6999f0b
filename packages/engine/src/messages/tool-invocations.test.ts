import { describe, expect, it } from 'vitest'
import { messageParts, storedToolInvocations, toolInvocationsOf } from './tool-invocations.ts'
import type { MessageContent, StoredMessage, ToolInvocation } from './types.ts'

const message = (content: Omit<MessageContent, 'format'>): StoredMessage => ({
  id: 'm',
  threadId: 't',
  resourceId: 'r',
  role: 'assistant',
  createdAt: new Date(0),
  content: { format: 2, ...content },
})

const weather: ToolInvocation = { toolCallId: 'c1', toolName: 'weather', args: { city: 'Oslo' }, state: 'result', result: 'rain' }
const search: ToolInvocation = { toolCallId: 'c2', toolName: 'search', args: {}, state: 'call' }

describe('the tool invocations of a message', () => {
  it('are its tool-invocation parts, in order', () => {
    const stored = message({
      parts: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool-invocation', toolInvocation: weather },
        { type: 'tool-invocation', toolInvocation: search },
      ],
    })
    expect(toolInvocationsOf(stored)).toEqual([weather, search])
    expect(toolInvocationsOf(stored)[0]).toBe(weather) // the stored object: a repair edits it in place
    expect(messageParts(stored)).toBe(stored.content.parts)
  })

  it('are the legacy content.toolInvocations when the parts hold none, read before the text', () => {
    const legacy = message({ parts: [{ type: 'text', text: 'It rains.' }], toolInvocations: [weather] })
    expect(toolInvocationsOf(legacy)).toEqual([weather])
    expect(messageParts(legacy)).toEqual([
      { type: 'tool-invocation', toolInvocation: weather },
      { type: 'text', text: 'It rains.' },
    ])
    expect(toolInvocationsOf(message({ parts: [], toolInvocations: [weather, search] }))).toEqual([weather, search])
  })

  it('ignore the legacy list when the parts hold tool invocations (it is a copy: no call is seen twice)', () => {
    const both = message({ parts: [{ type: 'tool-invocation', toolInvocation: weather }], toolInvocations: [{ ...weather }, search] })
    expect(toolInvocationsOf(both)).toEqual([weather])
    expect(messageParts(both)).toBe(both.content.parts)
  })

  it('are none for a message without tool calls', () => {
    expect(toolInvocationsOf(message({ parts: [{ type: 'text', text: 'hi' }] }))).toEqual([])
    expect(toolInvocationsOf(message({ parts: [], toolInvocations: [] }))).toEqual([])
  })
})

describe('storedToolInvocations', () => {
  it('gives every stored copy, the parts first, so a repair keeps the legacy list in step', () => {
    const copy = { ...weather }
    const both = message({ parts: [{ type: 'tool-invocation', toolInvocation: weather }], toolInvocations: [copy] })
    const all = storedToolInvocations([both])
    expect(all).toHaveLength(2)
    expect(all[0]).toBe(weather)
    expect(all[1]).toBe(copy)
  })
})
