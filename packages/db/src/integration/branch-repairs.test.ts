// Copy-on-write repairs on a branch, end to end: the real Agent loop with
// ProviderHistoryCompat, the real @ai-sdk/anthropic against the loopback fake
// provider, real Memory on PGlite and PostgreSQL. A reactive rule persists its
// fix during a call on a branch whose repaired message is INHERITED: the
// source and the sibling branch keep the original row, the branch reads its
// own repaired version, and its next call does not hit the same error.
import { Agent, Memory, ProviderHistoryCompat, type MessagePart, type StoredMessage } from '@threadline/engine'
import { anthropicInvalidToolUseId, reply } from '@threadline/engine/testing'
import { useFakeProvider } from '@threadline/engine/testing/vitest'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'

const server = useFakeProvider({ envFor: ['anthropic'] })
const BAD_ID = 'functions.get_weather:0'
const bodyText = (index: number) => JSON.stringify(server.requests[index]?.body)

let counter = 0
const uniqueId = (prefix: string) => `${prefix}-${++counter}-${Date.now()}`

describeEachDatabase('copy-on-write repairs on a branch (Agent + Memory)', (getDb) => {
  async function seedSourceWithBranches() {
    const memory = new Memory({ storage: getDb().storage })
    const threadId = uniqueId('source')
    const resourceId = uniqueId('resource')
    await memory.createThread({ threadId, resourceId, title: 'Weather' })
    const base = { threadId, resourceId, type: 'v2' as const }
    const toolCall: MessagePart = {
      type: 'tool-invocation',
      toolInvocation: { toolCallId: BAD_ID, toolName: 'get_weather', args: { city: 'Paris' }, state: 'result', result: 'sunny' },
    }
    const history: StoredMessage[] = [
      { ...base, id: uniqueId('m'), role: 'user', createdAt: new Date(1_000), content: { format: 2, parts: [{ type: 'text', text: 'Weather in Paris?' }] } },
      {
        ...base,
        id: uniqueId('m'),
        role: 'assistant',
        createdAt: new Date(2_000),
        content: { format: 2, parts: [toolCall, { type: 'text', text: 'Sunny.' }] },
      },
    ]
    await memory.saveMessages({ messages: history })
    const { thread: branch } = await memory.branchThread({ sourceThreadId: threadId })
    const { thread: sibling } = await memory.branchThread({ sourceThreadId: threadId })
    const agent = new Agent({
      id: 'branch-agent',
      name: 'branch-agent',
      instructions: 'You are a helpful assistant.',
      model: 'anthropic/claude-sonnet-4-5',
      inputProcessors: [new ProviderHistoryCompat()],
      memory,
    })
    return { memory, agent, threadId, resourceId, branch, sibling, assistantId: history[1]!.id }
  }

  it('the fix lands on the branch only, and its next call is clean', async () => {
    const { memory, agent, threadId, resourceId, branch, sibling, assistantId } = await seedSourceWithBranches()
    server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('Sunny tomorrow too.'))
    const result = await agent.generate('And tomorrow?', { memory: { thread: branch.id, resource: resourceId } })
    expect(result.text).toBe('Sunny tomorrow too.')
    expect(result.retries).toBe(1)
    expect(bodyText(0)).toContain(BAD_ID)
    expect(bodyText(1)).not.toContain(BAD_ID)

    // the branch reads its own repaired version of the inherited message (same id, still the source's row)
    const onBranch = await memory.listMessages({ threadId: branch.id })
    const repaired = onBranch.find((message) => message.id === assistantId)
    expect(repaired?.threadId).toBe(threadId)
    expect(JSON.stringify(onBranch)).not.toContain(BAD_ID)
    expect(onBranch.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])

    // the source and the sibling are untouched
    for (const other of [threadId, sibling.id]) {
      const messages = await memory.listMessages({ threadId: other })
      expect(messages).toHaveLength(2)
      expect(JSON.stringify(messages), other).toContain(BAD_ID)
    }

    // the next call on the branch does not hit the same error: one request, no bad id
    server.enqueue('anthropic', reply.text('Yes.'))
    const again = await agent.generate('Sure?', { memory: { thread: branch.id, resource: resourceId } })
    expect(again.retries).toBe(0)
    expect(server.requests).toHaveLength(3)
    expect(bodyText(2)).not.toContain(BAD_ID)
  })

  it('a branch of the repaired branch inherits the fix; the sibling`s own call repairs its own copy', async () => {
    const { memory, agent, resourceId, branch, sibling, threadId } = await seedSourceWithBranches()
    server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('ok'))
    await agent.generate('And tomorrow?', { memory: { thread: branch.id, resource: resourceId } })
    const { thread: deeper } = await memory.branchThread({ sourceThreadId: branch.id })
    expect(JSON.stringify(await memory.listMessages({ threadId: deeper.id }))).not.toContain(BAD_ID)

    server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('ok too'))
    await agent.generate('And in Lyon?', { memory: { thread: sibling.id, resource: resourceId } })
    expect(JSON.stringify(await memory.listMessages({ threadId: sibling.id }))).not.toContain(BAD_ID)
    expect(JSON.stringify(await memory.listMessages({ threadId }))).toContain(BAD_ID)
  })

  it('a repair of the source`s own message leaves the branches that inherit it as they were', async () => {
    const { memory, agent, threadId, resourceId, branch } = await seedSourceWithBranches()
    server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('ok'))
    await agent.generate('And tomorrow?', { memory: { thread: threadId, resource: resourceId } })
    expect(JSON.stringify(await memory.listMessages({ threadId }))).not.toContain(BAD_ID)
    expect(JSON.stringify(await memory.listMessages({ threadId: branch.id }))).toContain(BAD_ID)
  })
})
