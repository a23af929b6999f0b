// The Agent with real Memory on a real database (PGlite and PostgreSQL) and the
// real @ai-sdk/* packages against the loopback fake provider: the acceptance
// of the ProviderHistoryCompat and stream-error-retry issues where memory matters.
import { Agent, InvalidInputError, Memory, ProviderHistoryCompat, StreamErrorRetryProcessor, type MessagePart, type StoredMessage } from '@threadline/engine'
import { anthropicInvalidToolUseId, openaiResponsesFailedServerError, reply } from '@threadline/engine/testing'
import { expect, it } from 'vitest'
import { z } from 'zod'
import { describeEachDatabase } from '../testing/index.ts'
import { useFakeProvider } from '@threadline/engine/testing/vitest'

const server = useFakeProvider({ envFor: ['anthropic', 'cerebras', 'openai'] })

const bodyText = (index: number) => JSON.stringify(server.requests[index]?.body)
const BAD_ID = 'functions.get_weather:0'

let counter = 0
const uniqueId = (prefix: string) => `${prefix}-${++counter}-${Date.now()}`

describeEachDatabase('Agent + Memory', (getDb) => {
  const memory = () => new Memory({ storage: getDb().storage })

  /** A thread whose history holds an assistant turn with the given parts. */
  async function seedThread(assistantParts: MessagePart[]) {
    const mem = memory()
    const threadId = uniqueId('thread')
    const resourceId = uniqueId('resource')
    await mem.createThread({ threadId, resourceId })
    const base = { threadId, resourceId, type: 'v2' as const }
    const history: StoredMessage[] = [
      { ...base, id: uniqueId('m'), role: 'user', createdAt: new Date(1_000), content: { format: 2, parts: [{ type: 'text', text: 'Weather in Paris?' }] } },
      { ...base, id: uniqueId('m'), role: 'assistant', createdAt: new Date(2_000), content: { format: 2, parts: assistantParts } },
    ]
    await mem.saveMessages({ messages: history })
    return { mem, threadId, resourceId, options: { memory: { thread: threadId, resource: resourceId } } }
  }

  it('issue 3: the real Anthropic 400 is repaired once, the repair is persisted, and a third turn sends no bad ID', async () => {
    const { mem, threadId, options } = await seedThread([
      { type: 'tool-invocation', toolInvocation: { toolCallId: BAD_ID, toolName: 'get_weather', args: { city: 'Paris' }, state: 'result', result: 'sunny' } },
      { type: 'text', text: 'Sunny.' },
    ])
    const agent = new Agent({
      id: 'my-agent',
      name: 'my-agent',
      instructions: 'You are a helpful assistant.',
      model: 'anthropic/claude-sonnet-4-5',
      inputProcessors: [new ProviderHistoryCompat()],
      memory: mem,
    })
    server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('Sunny tomorrow too.'))
    const result = await agent.generate('And tomorrow?', options)
    expect(result.text).toBe('Sunny tomorrow too.')
    expect(server.requests).toHaveLength(2)
    expect(bodyText(0)).toContain(BAD_ID)

    type AnthropicBlock = { type: string; id?: string; tool_use_id?: string }
    const blocks = (server.requests[1]?.body as { messages: { content: AnthropicBlock[] }[] }).messages.flatMap((m) => m.content)
    const toolUse = blocks.find((block) => block.type === 'tool_use')
    const toolResult = blocks.find((block) => block.type === 'tool_result')
    expect(toolUse?.id).toMatch(/^[a-zA-Z0-9_-]+$/)
    expect(toolResult?.tool_use_id).toBe(toolUse?.id)

    const stored = await mem.listMessages({ threadId })
    expect(JSON.stringify(stored)).not.toContain(BAD_ID)
    expect(JSON.stringify(stored)).toContain(toolUse!.id!)
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])

    server.enqueue('anthropic', reply.text('Yes.'))
    await agent.generate('Sure?', options)
    expect(server.requests).toHaveLength(3)
    expect(bodyText(2)).not.toContain(BAD_ID)
    expect(bodyText(2)).toContain(toolUse!.id!)
  })

  it('issue 3: for cerebras no reasoning reaches the wire while memory keeps it', async () => {
    const { mem, threadId, options } = await seedThread([
      { type: 'reasoning', reasoning: 'FOREIGN-THOUGHTS', details: [{ type: 'text', text: 'FOREIGN-THOUGHTS' }] },
      { type: 'text', text: 'Sunny.' },
    ])
    const agent = new Agent({
      id: 'c',
      name: 'c',
      instructions: '',
      model: 'cerebras/gpt-oss-120b',
      inputProcessors: [new ProviderHistoryCompat()],
      memory: mem,
    })
    server.enqueue('cerebras', reply.text('ok'))
    await agent.generate('And tomorrow?', options)
    expect(bodyText(0)).not.toContain('reasoning_content')
    expect(bodyText(0)).not.toContain('FOREIGN-THOUGHTS')
    const stored = await mem.listMessages({ threadId })
    expect(stored[1]?.content.parts[0]).toMatchObject({ type: 'reasoning', reasoning: 'FOREIGN-THOUGHTS' })
  })

  it('issue 3: for anthropic foreign reasoning is left out and its own signed thinking is sent', async () => {
    const { mem, options } = await seedThread([
      {
        type: 'reasoning',
        reasoning: 'FOREIGN-THOUGHTS',
        details: [{ type: 'text', text: 'FOREIGN-THOUGHTS' }],
        providerMetadata: { openai: { itemId: 'rs_1' } },
      },
      {
        type: 'reasoning',
        reasoning: 'OWN-THINKING',
        details: [{ type: 'text', text: 'OWN-THINKING', signature: 'SIG-1' }],
        providerMetadata: { anthropic: { signature: 'SIG-1' } },
      },
      { type: 'text', text: 'Sunny.' },
    ])
    const agent = new Agent({
      id: 'a',
      name: 'a',
      instructions: '',
      model: 'anthropic/claude-sonnet-4-5',
      inputProcessors: [new ProviderHistoryCompat()],
      memory: mem,
    })
    server.enqueue('anthropic', reply.text('ok'))
    await agent.generate('And tomorrow?', options)
    const assistant = (server.requests[0]?.body as { messages: { content: unknown[] }[] }).messages[1]
    expect(assistant?.content).toContainEqual({ type: 'thinking', thinking: 'OWN-THINKING', signature: 'SIG-1' })
    expect(bodyText(0)).not.toContain('FOREIGN-THOUGHTS')
  })

  it('issue 4: after a retried stream, memory holds only the second attempt', async () => {
    const mem = memory()
    const threadId = uniqueId('thread')
    const resourceId = uniqueId('resource')
    const agent = new Agent({
      id: 'openai-agent',
      name: 'openai-agent',
      instructions: 'You are a helpful assistant.',
      model: 'openai/gpt-5',
      errorProcessors: [new StreamErrorRetryProcessor()],
      memory: mem,
    })
    server.enqueue('openai', openaiResponsesFailedServerError, reply.text('The second answer.'))
    const stream = agent.stream('Hi', { memory: { thread: threadId, resource: resourceId } })
    const types: string[] = []
    for await (const event of stream) types.push(event.type)
    expect(types).toContain('retry')
    const stored = await mem.listMessages({ threadId })
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(stored[1]?.content.parts.filter((p) => p.type === 'text')).toEqual([expect.objectContaining({ type: 'text', text: 'The second answer.' })])
    expect(JSON.stringify(stored)).not.toContain('Partial answer')
  })

  it('creates the thread on the first turn, saves the tool history the agent made, and replays it', async () => {
    const mem = memory()
    const threadId = uniqueId('thread')
    const resourceId = uniqueId('resource')
    // an AI SDK tool definition (what `tool()` from 'ai' returns, which this package does not depend on)
    const getWeather = { inputSchema: z.object({ city: z.string() }), execute: async ({ city }: { city: string }) => `${city}: 21C` }
    const agent = new Agent({ id: 't', name: 't', instructions: '', model: 'anthropic/claude-sonnet-4-5', tools: { get_weather: getWeather }, memory: mem })
    const options = { memory: { thread: threadId, resource: resourceId } }
    server.enqueue('anthropic', reply.toolCall('get_weather', { city: 'Paris' }, 'toolu_abc'), reply.text('21 degrees.'), reply.text('Bye.'))
    await agent.generate('Weather?', options)
    expect((await mem.getThreadById({ threadId }))?.resourceId).toBe(resourceId)
    const stored = await mem.listMessages({ threadId })
    expect(stored[1]?.content.parts).toContainEqual({
      type: 'tool-invocation',
      toolInvocation: { toolCallId: 'toolu_abc', toolName: 'get_weather', args: { city: 'Paris' }, state: 'result', result: 'Paris: 21C' },
    })
    await agent.generate('Thanks', options)
    expect(server.requests[2]?.body).toMatchObject({
      messages: [
        { role: 'user' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_abc' }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_abc' }] },
        { role: 'assistant', content: [{ type: 'text', text: '21 degrees.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
      ],
    })
    expect((await mem.listMessages({ threadId })).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
  })

  it('a failed turn saves nothing and creates no thread', async () => {
    const mem = memory()
    const threadId = uniqueId('thread')
    const agent = new Agent({ id: 'f', name: 'f', instructions: '', model: 'anthropic/claude-sonnet-4-5', memory: mem })
    server.enqueue('anthropic', anthropicInvalidToolUseId)
    await expect(agent.generate('Hi', { memory: { thread: threadId, resource: 'r' } })).rejects.toThrow(/tool_use\.id/)
    expect(await mem.getThreadById({ threadId })).toBeNull()
    expect(await mem.listMessages({ threadId })).toEqual([])
  })

  it('refuses a thread of another resource', async () => {
    const { mem, threadId } = await seedThread([{ type: 'text', text: 'Hello' }])
    const agent = new Agent({ id: 'r', name: 'r', instructions: '', model: 'anthropic/claude-sonnet-4-5', memory: mem })
    await expect(agent.generate('Hi', { memory: { thread: threadId, resource: 'someone-else' } })).rejects.toThrow(InvalidInputError)
    expect(server.requests).toHaveLength(0)
  })

  it('clone-thread spec example: continues the conversation on the clone, leaving the source alone', async () => {
    const { mem, threadId } = await seedThread([{ type: 'text', text: 'It is sunny in Paris.' }])
    const { thread: fullClone } = await mem.cloneThread({ sourceThreadId: threadId, title: 'Alternative Conversation Path' })
    const agent = new Agent({ id: 'a', name: 'a', instructions: 'You are a helpful assistant.', model: 'anthropic/claude-sonnet-4-5', memory: mem })
    server.enqueue('anthropic', reply.text('Here is another way.'))

    const response = await agent.generate('Try a different approach', {
      memory: { thread: fullClone.id, resource: fullClone.resourceId },
    })

    expect(response.text).toBe('Here is another way.')
    // the provider saw the cloned history followed by the new turn
    expect(bodyText(0)).toContain('Weather in Paris?')
    expect(bodyText(0)).toContain('It is sunny in Paris.')
    expect(bodyText(0)).toContain('Try a different approach')
    const onClone = await mem.listMessages({ threadId: fullClone.id })
    expect(onClone.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(onClone.every((m) => m.threadId === fullClone.id)).toBe(true)
    expect(await mem.listMessages({ threadId })).toHaveLength(2)
  })
})
