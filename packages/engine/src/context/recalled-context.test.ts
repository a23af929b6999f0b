import { describe, expect, it } from 'vitest'
import type { StoredMessage } from '../messages/types.ts'
import { recalledBlock, recalledMessageLine, recallRanks } from './recalled-context.ts'

const message = (id: string, threadId: string, text: string, at: number, role: 'user' | 'assistant' = 'user'): StoredMessage => ({
  id,
  threadId,
  resourceId: 'r',
  role,
  createdAt: new Date(at),
  type: 'v2',
  content: { format: 2, parts: [{ type: 'text', text }] },
})

describe('recalledMessageLine', () => {
  it('is one line with the time, the role, the text and the tool calls with their results', () => {
    const withTool: StoredMessage = {
      ...message('a', 't', 'Checking.', 0, 'assistant'),
      content: {
        format: 2,
        parts: [
          { type: 'text', text: 'Checking\nnow.' },
          { type: 'tool-invocation', toolInvocation: { toolCallId: 'c1', toolName: 'weather', args: { city: 'Paris' }, state: 'result', result: 'sunny' } },
        ],
      },
    }
    expect(recalledMessageLine(withTool)).toBe('[1970-01-01T00:00:00.000Z] assistant: Checking now. [tool weather({"city":"Paris"}) -> sunny]')
  })
})

describe('recalledBlock', () => {
  it('is null without messages', () => {
    expect(recalledBlock([], () => true)).toBeNull()
  })

  it('marks the block and heads each conversation once', () => {
    const block = recalledBlock([message('1', 't', 'one', 1), message('2', 't', 'two', 2), message('3', 'other', 'three', 3)], (m) => m.threadId === 't')
    const lines = block?.split('\n') ?? []
    expect(lines[0]).toBe('<recalled_messages>')
    expect(lines.at(-1)).toBe('</recalled_messages>')
    expect(lines.filter((line) => line.startsWith('---'))).toEqual(['--- from this conversation', '--- from another conversation (thread other)'])
    expect(lines.filter((line) => line.includes('user:'))).toHaveLength(3)
  })
})

describe('recallRanks', () => {
  it('gives a neighbour its match rank and the best rank where windows overlap', () => {
    const messages = ['a', 'b', 'c', 'd', 'e'].map((id, index) => message(id, 't', id, index))
    const matches = [
      { messageId: 'd', threadId: 't', score: 2 },
      { messageId: 'b', threadId: 't', score: 1 },
    ]
    // windows of one before and one after: b covers a-c (rank 1), d covers c-e (rank 0)
    expect(recallRanks(messages, matches, { before: 1, after: 1 })).toEqual([1, 1, 0, 0, 0])
  })

  it('never lets a match claim a neighbour of another thread', () => {
    const messages = [message('a', 't', 'a', 0), message('x', 'other', 'x', 1)]
    expect(recallRanks(messages, [{ messageId: 'a', threadId: 't', score: 1 }], { before: 1, after: 1 })).toEqual([0, 1])
  })
})
