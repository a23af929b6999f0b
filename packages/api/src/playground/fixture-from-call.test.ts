import type { LLMCallTrace, StoredMessage } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { fixtureFromCall, MAX_FIXTURE_BYTES, messagesAtCall } from './fixture-from-call.ts'

const message = (id: string, at: number, text: string): StoredMessage => ({
  id,
  threadId: 't',
  resourceId: 'r',
  role: 'user',
  createdAt: new Date(at),
  type: 'v2',
  content: { format: 2, parts: [{ type: 'text', text }] },
})

const error = { name: 'AI_APICallError', message: 'bad', statusCode: 400, responseHeaders: { 'request-id': 'x' }, responseBody: '{"error":"bad"}' }

const call = {
  id: 'c',
  provider: 'anthropic',
  modelId: 'claude',
  threadId: 't',
  responseMessageId: 'reply',
  startedAt: new Date(5_000),
  attempts: [
    { attempt: 1, startedAt: new Date(5_000), latencyMs: 10, outcome: 'error', error },
    { attempt: 2, startedAt: new Date(5_100), latencyMs: 10, outcome: 'success', error: null },
  ],
  events: [
    {
      seq: 0,
      attempt: 1,
      type: 'repair',
      processorId: 'p',
      rule: 'r',
      at: new Date(5_050),
      data: { before: [{ ...message('m1', 2_000, 'before'), createdAt: '1970-01-01T00:00:02.000Z' }] },
    },
  ],
} as unknown as LLMCallTrace

describe('messagesAtCall', () => {
  it('takes the thread before the call, without its reply, each repaired message as it was before', () => {
    const thread = [message('m0', 1_000, 'hi'), message('m1', 2_000, 'after'), message('reply', 4_000, 'reply'), message('later', 9_000, 'later')]
    const messages = messagesAtCall(call, thread) as StoredMessage[]
    expect(messages.map((entry) => entry.id)).toEqual(['m0', 'm1'])
    expect(messages[1]!.content.parts).toEqual([{ type: 'text', text: 'before' }])
  })

  it('without a thread, the repaired messages alone', () => {
    expect((messagesAtCall(call, null) as StoredMessage[]).map((entry) => entry.id)).toEqual(['m1'])
  })
})

describe('fixtureFromCall', () => {
  const args = { call, attempt: 1, name: 'case', expect: { matches: true, fixes: true }, threadMessages: null }

  it('keeps the status, headers and body of the failed attempt', () => {
    expect(fixtureFromCall(args)).toMatchObject({
      kind: 'error',
      model: 'anthropic/claude',
      error: { kind: 'http', status: 400, headers: { 'request-id': 'x' }, body: '{"error":"bad"}' },
    })
  })

  it('refuses a successful or missing attempt, an error without a status, and a fixture over the size limit', () => {
    expect(() => fixtureFromCall({ ...args, attempt: 2 })).toThrow(/succeeded/)
    expect(() => fixtureFromCall({ ...args, attempt: 3 })).toThrow(/no attempt 3/)
    const dropped = { ...call, attempts: [{ ...call.attempts[0]!, error: { name: 'Error', message: 'socket hang up' } }] }
    expect(() => fixtureFromCall({ ...args, call: dropped })).toThrow(/without an HTTP response/)
    const huge = [message('m0', 1_000, 'x'.repeat(MAX_FIXTURE_BYTES))]
    expect(() => fixtureFromCall({ ...args, threadMessages: huge })).toThrow(expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }))
  })
})
