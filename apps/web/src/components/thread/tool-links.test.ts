import type { MessagePart, StoredMessage } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { linkToolCalls } from './tool-links.ts'

function message(id: string, parts: MessagePart[]): StoredMessage {
  return { id, threadId: 't', resourceId: 'r', role: 'assistant', createdAt: new Date(0), content: { format: 2, parts } }
}

const call = (toolCallId: string): MessagePart => ({ type: 'tool-invocation', toolInvocation: { toolCallId, toolName: 'run', args: {}, state: 'call' } })
const result = (toolCallId: string, value: unknown): MessagePart => ({
  type: 'tool-invocation',
  toolInvocation: { toolCallId, toolName: 'run', args: {}, state: 'result', result: value },
})

describe('linkToolCalls', () => {
  it('pairs a call stored without its result with the later message holding the result', () => {
    const links = linkToolCalls([message('m1', [call('c1')]), message('m2', [{ type: 'text', text: 'waiting' }]), message('m3', [result('c1', 42)])])
    expect(links.resultOfCall.get('c1')).toMatchObject({ callMessageId: 'm1', resultMessageId: 'm3', result: { result: 42 } })
    expect(links.callOfResult.get('c1')?.callMessageId).toBe('m1')
  })

  it('leaves calls finished in one part, and calls whose result never came, unlinked', () => {
    const links = linkToolCalls([message('m1', [result('done', 1), call('pending')]), message('m2', [{ type: 'text', text: 'x' }])])
    expect(links.resultOfCall.size).toBe(0)
    expect(links.callOfResult.size).toBe(0)
  })

  it('reads legacy content.toolInvocations too', () => {
    const legacy: StoredMessage = {
      ...message('m2', []),
      content: { format: 2, parts: [], toolInvocations: [{ toolCallId: 'c1', toolName: 'run', args: {}, state: 'result', result: 'ok' }] },
    }
    expect(linkToolCalls([message('m1', [call('c1')]), legacy]).resultOfCall.get('c1')?.resultMessageId).toBe('m2')
  })
})
