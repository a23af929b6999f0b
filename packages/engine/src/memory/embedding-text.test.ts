import { describe, expect, it } from 'vitest'
import type { StoredMessage } from '../messages/types.ts'
import { messageEmbeddingText } from './embedding-text.ts'

const message = (content: StoredMessage['content']): StoredMessage => ({
  id: 'm',
  threadId: 't',
  resourceId: 'r',
  role: 'assistant',
  createdAt: new Date(0),
  content,
})

describe('messageEmbeddingText', () => {
  it('joins text parts and tool calls, skipping reasoning and files', () => {
    const text = messageEmbeddingText(
      message({
        format: 2,
        parts: [
          { type: 'step-start' },
          { type: 'reasoning', reasoning: 'secret thoughts', details: [] },
          { type: 'text', text: 'Let me check.' },
          { type: 'tool-invocation', toolInvocation: { toolCallId: 'c', toolName: 'weather', args: { city: 'Oslo' }, state: 'result', result: 'rain' } },
          { type: 'file', mimeType: 'image/png', data: 'AAAA' },
        ],
      }),
    )
    expect(text).toBe('Let me check.\nweather {"city":"Oslo"} rain')
  })

  it('falls back to the plain-text summary, and is empty when there is nothing to embed', () => {
    expect(messageEmbeddingText(message({ format: 2, parts: [], content: ' summary ' }))).toBe('summary')
    expect(messageEmbeddingText(message({ format: 2, parts: [{ type: 'step-start' }] }))).toBe('')
  })

  it('reads legacy content.toolInvocations when the parts hold none, and never a legacy copy twice', () => {
    const weather = { toolCallId: 'c', toolName: 'weather', args: { city: 'Oslo' }, state: 'result' as const, result: 'rain' }
    expect(messageEmbeddingText(message({ format: 2, parts: [{ type: 'text', text: 'It rains.' }], toolInvocations: [weather] }))).toBe(
      'weather {"city":"Oslo"} rain\nIt rains.',
    )
    expect(messageEmbeddingText(message({ format: 2, parts: [{ type: 'tool-invocation', toolInvocation: weather }], toolInvocations: [weather] }))).toBe(
      'weather {"city":"Oslo"} rain',
    )
  })
})
