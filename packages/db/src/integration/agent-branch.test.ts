// The prompt an Agent builds on a branch (docs/spec/branch-thread.md, "What a
// branch reads"): the source's history up to the branch point, then the
// branch's own, never the source's later messages nor a sibling's; the turn is
// saved to the branch and the source is untouched. Real Memory, real database,
// the real @ai-sdk/anthropic package against the loopback fake provider.
import { Agent, Memory, type StoredMessage } from '@threadline/engine'
import { reply } from '@threadline/engine/testing'
import { useFakeProvider } from '@threadline/engine/testing/vitest'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'

const server = useFakeProvider({ envFor: ['anthropic'] })

describeEachDatabase('Agent on a branch', (getDb) => {
  it('sends the inherited history up to the cutoff plus the branch’s own, and saves the turn to the branch', async () => {
    const memory = new Memory({ storage: getDb().storage })
    const resourceId = 'ab-user'
    const message = (id: string, threadId: string, role: StoredMessage['role'], text: string, at: number): StoredMessage => ({
      id,
      threadId,
      resourceId,
      role,
      type: 'v2',
      createdAt: new Date(at),
      content: { format: 2, parts: [{ type: 'text', text }] },
    })
    await memory.createThread({ threadId: 'ab-src', resourceId })
    await memory.saveMessages({
      messages: [message('ab-1', 'ab-src', 'user', 'INHERITED-QUESTION', 1_000), message('ab-2', 'ab-src', 'assistant', 'INHERITED-ANSWER', 2_000)],
    })
    await memory.branchThread({ sourceThreadId: 'ab-src', newThreadId: 'ab-branch' })
    await memory.branchThread({ sourceThreadId: 'ab-src', newThreadId: 'ab-sibling' })
    await memory.saveMessages({
      messages: [
        message('ab-3', 'ab-src', 'user', 'SOURCE-LATER', 3_000),
        message('ab-4', 'ab-sibling', 'user', 'SIBLING-TEXT', 4_000),
        message('ab-5', 'ab-branch', 'user', 'BRANCH-OWN', 5_000),
        message('ab-6', 'ab-branch', 'assistant', 'BRANCH-OWN-ANSWER', 6_000),
      ],
    })
    const before = await memory.listMessages({ threadId: 'ab-src' })

    const agent = new Agent({ id: 'ab-agent', name: 'ab-agent', instructions: 'Be brief.', model: 'anthropic/claude-sonnet-4-5', memory })
    server.enqueue('anthropic', reply.text('Branch reply.'))
    const result = await agent.generate('NEW-TURN', { memory: { thread: 'ab-branch', resource: resourceId } })
    expect(result.text).toBe('Branch reply.')

    const body = JSON.stringify(server.requests.at(-1)?.body)
    const order = ['INHERITED-QUESTION', 'INHERITED-ANSWER', 'BRANCH-OWN', 'BRANCH-OWN-ANSWER', 'NEW-TURN'].map((text) => body.indexOf(text))
    expect(order.every((position) => position >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(body).not.toContain('SOURCE-LATER')
    expect(body).not.toContain('SIBLING-TEXT')

    const history = await memory.listMessages({ threadId: 'ab-branch' })
    expect(history.map((m) => m.threadId)).toEqual(['ab-src', 'ab-src', 'ab-branch', 'ab-branch', 'ab-branch', 'ab-branch'])
    expect(await memory.listMessages({ threadId: 'ab-src' })).toEqual(before)
  })
})
