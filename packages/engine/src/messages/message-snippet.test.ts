import { describe, expect, it } from 'vitest'
import { messageSnippet } from './message-snippet.ts'
import type { MessageContent, StoredMessage } from './types.ts'

const message = (content: Omit<MessageContent, 'format'>): StoredMessage => ({
  id: 'm',
  threadId: 't',
  resourceId: 'r',
  role: 'assistant',
  createdAt: new Date(0),
  content: { format: 2, ...content },
})

describe('messageSnippet', () => {
  it('is the first text, cut to the length', () => {
    expect(messageSnippet(message({ parts: [{ type: 'step-start' }, { type: 'text', text: 'Hello there' }] }))).toBe('Hello there')
    expect(messageSnippet(message({ parts: [{ type: 'text', text: 'abcdefghij' }] }), 5)).toBe('abcd…')
    expect(messageSnippet(message({ parts: [], content: 'summary' }))).toBe('summary')
  })

  it('describes the parts when there is no text, legacy tool invocations included', () => {
    const call = { toolCallId: 'c1', toolName: 'weather', args: {}, state: 'call' as const }
    expect(
      messageSnippet(
        message({
          parts: [
            { type: 'reasoning', reasoning: 'x', details: [] },
            { type: 'tool-invocation', toolInvocation: call },
          ],
        }),
      ),
    ).toBe('[reasoning, weather(…) call]')
    expect(messageSnippet(message({ parts: [], toolInvocations: [call] }))).toBe('[weather(…) call]')
    expect(messageSnippet(message({ parts: [] }))).toBe('(empty message)')
  })
})
