// The workbench over real HTTP on both databases: streamed turns (plain, on a
// branch, edit, regenerate, compare) through the real @ai-sdk/* packages
// against the loopback provider server, the wire each provider receives,
// retries, cancel, the context window's token counts and tenant scope.
import { demoThreads } from '@threadline/db/seed'
import type { StoredMessage } from '@threadline/engine'
import { anthropicRateLimited, reply } from '@threadline/engine/testing'
import { useFakeProvider } from '@threadline/engine/testing/vitest'
import { Tiktoken } from 'js-tiktoken/lite'
import o200k from 'js-tiktoken/ranks/o200k_base'
import { beforeAll, expect, it, vi } from 'vitest'
import type { ThreadlineClient } from './client/index.ts'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'
import type { CompareEvent, TurnEvent } from './workbench/turn-events.ts'

const server = useFakeProvider({ envFor: ['openai', 'anthropic'] })

const refund = demoThreads.find((seed) => seed.thread.id === 'acme-refund-4512')!
const ACME = refund.thread.resourceId
const GPT = 'openai-chat/gpt-4o'
const CLAUDE = 'anthropic/claude-sonnet-4-5'

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const events: T[] = []
  for await (const event of stream) events.push(event)
  return events
}

const ofType = <T extends { type: string }, K extends T['type']>(events: T[], type: K) =>
  events.filter((event): event is Extract<T, { type: K }> => event.type === type)

type WireBody = {
  messages: { role: string; content: string | { text?: string }[] | null; tool_calls?: { function: { name: string; arguments: string } }[] }[]
  tools?: { function: { name: string } }[]
}

describeEachApi('the workbench router', (getApi) => {
  let api: ApiHarness
  let operator: ThreadlineClient
  let n = 0
  beforeAll(() => {
    api = getApi()
    operator = api.operator
  })

  /** A thread of its own for a test, with the given history (written through Memory). */
  async function threadWith(parts: StoredMessage['content']['parts'][], roles: StoredMessage['role'][], resourceId = ACME): Promise<string> {
    const threadId = `workbench-${++n}`
    await api.services.memory.createThread({ threadId, resourceId, title: threadId })
    const start = Date.parse('2026-11-20T10:00:00Z')
    await api.services.memory.saveMessages({
      messages: parts.map((content, index) => ({
        id: `${threadId}-m${index}`,
        threadId,
        resourceId,
        role: roles[index] ?? 'user',
        createdAt: new Date(start + index * 60_000),
        type: 'v2' as const,
        content: { format: 2 as const, parts: content },
      })),
    })
    return threadId
  }
  const textThread = (resourceId = ACME) =>
    threadWith(
      [[{ type: 'text', text: 'Where is my parcel 1Z999?' }], [{ type: 'text', text: 'It left Denver this morning.' }]],
      ['user', 'assistant'],
      resourceId,
    )
  const ids = async (threadId: string) => (await api.services.memory.listMessages({ threadId })).map((message) => message.id)

  it('streams a turn on a branch and saves it on the branch only', async () => {
    const { thread: branch } = await operator.branches.create.mutate({ sourceThreadId: refund.thread.id, branchPointMessageId: refund.messages[2]!.id })
    const sourceBefore = await ids(refund.thread.id)
    server.enqueue('openai', reply.text('A reply written on the branch only.', { eventDelayMs: 5 }))

    const events = await collect(await operator.workbench.turn.mutate({ threadId: branch.id, resourceId: ACME, model: GPT, message: 'Try it on the branch' }))

    expect(events[0]).toMatchObject({ type: 'started', threadId: branch.id, model: GPT, contextMessages: 3 })
    expect(ofType(events, 'text').length).toBeGreaterThan(3)
    const finished = events.at(-1) as Extract<TurnEvent, { type: 'finished' }>
    expect(finished).toMatchObject({ type: 'finished', text: 'A reply written on the branch only.', retries: 0 })
    const onBranch = await api.services.memory.listMessages({ threadId: branch.id })
    expect(onBranch.slice(-2).map((message) => [message.id, message.threadId, message.role])).toEqual([
      [finished.userMessageId, branch.id, 'user'],
      [finished.assistantMessageId, branch.id, 'assistant'],
    ])
    expect(await ids(refund.thread.id)).toEqual(sourceBefore)
    // the wire: the branch's history up to its cut, then the new message
    const body = server.requests[0]!.body as WireBody
    expect(body.messages.at(-1)).toMatchObject({ role: 'user', content: 'Try it on the branch' })
    expect(JSON.stringify(body)).not.toContain('Great, thank you!')
  })

  it("a saved turn moves the thread's updatedAt: it sorts first among the resource's threads by newest activity", async () => {
    const threadId = await textThread()
    const before = (await api.services.memory.getThreadById({ threadId }))!.updatedAt
    server.enqueue('openai', reply.text('Noted.'))
    await collect(await operator.workbench.turn.mutate({ threadId, resourceId: ACME, model: GPT, message: 'Any news?' }))
    const after = (await api.services.memory.getThreadById({ threadId }))!.updatedAt
    expect(after.getTime()).toBeGreaterThan(before.getTime())
    // Memory.listThreads orders by updatedAt, newest first
    const { threads } = await api.services.memory.listThreads({ resourceId: ACME, perPage: 1 })
    expect(threads[0]?.id).toBe(threadId)
  })

  it('runs an Anthropic turn on a history with OpenAI tool ids and foreign reasoning: the compat rules rewrite the wire', async () => {
    const threadId = await threadWith(
      [
        [{ type: 'text', text: 'Weather in Paris?' }],
        [
          {
            type: 'reasoning',
            reasoning: 'FOREIGN-THOUGHTS',
            details: [{ type: 'text', text: 'FOREIGN-THOUGHTS' }],
            providerMetadata: { openai: { itemId: 'rs_1' } },
          },
          {
            type: 'tool-invocation',
            toolInvocation: { toolCallId: 'call_Xk2mP9qR4tVbN8wLcZ3hJ7sD', toolName: 'get_weather', args: { city: 'Paris' }, state: 'result', result: 'sunny' },
          },
          { type: 'text', text: 'Sunny.' },
        ],
      ],
      ['user', 'assistant'],
    )
    server.enqueue('anthropic', reply.text('Sunny tomorrow too.'))

    const events = await collect(await operator.workbench.turn.mutate({ threadId, resourceId: ACME, model: CLAUDE, message: 'And tomorrow?' }))

    expect(ofType(events, 'rules')).toEqual([{ type: 'rules', stepNumber: 0, rules: ['anthropic-strip-foreign-reasoning-content'], enabledRules: [] }])
    expect(events.at(-1)).toMatchObject({ type: 'finished', text: 'Sunny tomorrow too.' })
    const request = server.requests[0]!
    expect(request.api).toBe('anthropic-messages')
    const wire = JSON.stringify(request.body)
    expect(wire).not.toContain('FOREIGN-THOUGHTS')
    const content = (request.body as { messages: { content: { type: string; id?: string; tool_use_id?: string }[] }[] }).messages.flatMap((m) => m.content)
    // the resource's other threads come along as recall hits: this thread's tool call keeps its id
    expect(content.filter((part) => part.type === 'tool_use').map((part) => part.id)).toContain('call_Xk2mP9qR4tVbN8wLcZ3hJ7sD')
    expect(content.filter((part) => part.type === 'tool_result').map((part) => part.tool_use_id)).toContain('call_Xk2mP9qR4tVbN8wLcZ3hJ7sD')
    expect(await ids(threadId)).toHaveLength(4)
  })

  it('retries a 429 with Retry-After and reports the wait and the retry in the stream; one reply is saved', async () => {
    const threadId = await textThread()
    server.enqueue('anthropic', anthropicRateLimited, reply.text('Back after the rate limit.'))

    const events = await collect(await operator.workbench.turn.mutate({ threadId, resourceId: ACME, model: CLAUDE, message: 'Any news?' }))

    expect(ofType(events, 'waiting')).toEqual([expect.objectContaining({ attempt: 1, delayMs: 1000, delaySource: 'retry-after' })])
    expect(ofType(events, 'retry')).toEqual([expect.objectContaining({ attempt: 1 })])
    expect(events.at(-1)).toMatchObject({ type: 'finished', text: 'Back after the rate limit.', retries: 1 })
    expect(server.requests).toHaveLength(2)
    expect(server.requests[1]!.receivedAt - server.requests[0]!.receivedAt).toBeGreaterThanOrEqual(950)
    expect(await ids(threadId)).toHaveLength(4)
  })

  it('cancel aborts the provider call (the loopback server sees the socket close) and saves nothing', async () => {
    const threadId = await textThread()
    const before = await ids(threadId)
    server.enqueue('openai', reply.text('word '.repeat(200), { eventDelayMs: 50 }))
    const controller = new AbortController()
    const stream = await operator.workbench.turn.mutate(
      { threadId, resourceId: ACME, model: GPT, message: 'Write a long answer' },
      { signal: controller.signal },
    )
    const seen: TurnEvent[] = []
    await expect(
      (async () => {
        for await (const event of stream) {
          seen.push(event)
          if (event.type === 'text') controller.abort()
        }
      })(),
    ).rejects.toThrow()
    expect(ofType(seen, 'text').length).toBeGreaterThan(0)
    await expect.poll(() => server.requests[0]?.clientClosed, { timeout: 5000 }).toBe(true)
    // the agent ended without saving: give it a moment to prove it
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await ids(threadId)).toEqual(before)
  })

  it('edit: a branch cut before the user message gets the edited text; regenerate: another model from the user message before; the original stays', async () => {
    const before = await ids(refund.thread.id)
    const editedId = refund.messages[3]!.id // the second user message
    server.enqueue('openai', reply.text('Edited reply.'))
    const edit = await collect(
      await operator.workbench.edit.mutate({
        threadId: refund.thread.id,
        resourceId: ACME,
        messageId: editedId,
        message: 'Here is the photo instead.',
        model: GPT,
      }),
    )
    const editStart = edit[0] as Extract<TurnEvent, { type: 'started' }>
    expect(editStart.branchedFrom).toEqual({ threadId: refund.thread.id, messageId: refund.messages[2]!.id })
    const editBranch = await api.services.memory.listMessages({ threadId: editStart.threadId })
    expect(editBranch.map((message) => message.id).slice(0, 3)).toEqual(refund.messages.slice(0, 3).map((message) => message.id))
    expect(editBranch.slice(3).map((message) => [message.role, message.content.parts.find((part) => part.type === 'text')])).toEqual([
      ['user', { type: 'text', text: 'Here is the photo instead.' }],
      ['assistant', { type: 'text', text: 'Edited reply.' }],
    ])

    server.enqueue('anthropic', reply.text('Regenerated by Claude.'))
    const regenerate = await collect(
      await operator.workbench.regenerate.mutate({ threadId: refund.thread.id, resourceId: ACME, messageId: refund.messages[4]!.id, model: CLAUDE }),
    )
    const regenerateStart = regenerate[0] as Extract<TurnEvent, { type: 'started' }>
    expect(regenerateStart.branchedFrom).toEqual({ threadId: refund.thread.id, messageId: refund.messages[2]!.id })
    const regenerated = await api.services.memory.listMessages({ threadId: regenerateStart.threadId })
    expect(regenerated.slice(3).map((message) => [message.role, message.content.parts.find((part) => part.type === 'text')])).toEqual([
      ['user', refund.messages[3]!.content.parts.find((part) => part.type === 'text')],
      ['assistant', { type: 'text', text: 'Regenerated by Claude.' }],
    ])
    expect(await ids(refund.thread.id)).toEqual(before)
    const branches = await operator.branches.list.query({ threadId: refund.thread.id })
    expect(branches.map((branch) => branch.id)).toEqual(expect.arrayContaining([editStart.threadId, regenerateStart.threadId]))
  })

  it('a failed turn on a new branch saves nothing and removes the branch it made', async () => {
    const before = (await operator.branches.list.query({ threadId: refund.thread.id })).length
    server.enqueue('openai', reply.httpError(400, { error: { message: 'bad request from the fake', type: 'invalid_request_error' } }))
    const failure = await failureOf(
      collect(await operator.workbench.regenerate.mutate({ threadId: refund.thread.id, resourceId: ACME, messageId: refund.messages[4]!.id, model: GPT })),
    )
    expect(failure.message).toContain('bad request from the fake')
    await expect.poll(async () => (await operator.branches.list.query({ threadId: refund.thread.id })).length).toBe(before)
  })

  it('compare: two models in parallel, each on its own branch, events by column with usage and latency', async () => {
    const threadId = await textThread()
    server.enqueue('openai', reply.text('From GPT.', { usage: { inputTokens: 40, outputTokens: 3 } }))
    server.enqueue('anthropic', reply.text('From Claude.', { usage: { inputTokens: 42, outputTokens: 4 } }))
    const events: CompareEvent[] = await collect(
      await operator.workbench.compare.mutate({ threadId, resourceId: ACME, message: 'Which is faster?', models: [GPT, CLAUDE] }),
    )
    const finished = ofType(events, 'finished')
    expect(finished.map((event) => [event.column, event.text, event.usage])).toEqual(
      expect.arrayContaining([
        [0, 'From GPT.', { inputTokens: 40, outputTokens: 3 }],
        [1, 'From Claude.', { inputTokens: 42, outputTokens: 4 }],
      ]),
    )
    const started = ofType(events, 'started')
    expect(new Set(started.map((event) => event.threadId)).size).toBe(2)
    for (const event of started) expect(await ids(event.threadId)).toHaveLength(4)
    expect(await ids(threadId)).toHaveLength(2)
  })

  it('the context window of an OpenAI model counts exactly the tokens of the payload the provider received', async () => {
    // a resource of its own: no other thread's recall hits, so the wire holds exactly this thread and the new message
    const threadId = await textThread('workbench-context-resource')
    const message = 'Could you check the tracking number again, please? 🙏'
    const view = await operator.workbench.context.query({ threadId, resourceId: 'workbench-context-resource', model: GPT, message })
    expect(view.model.tokenCount).toBe('exact')
    expect(view.sections.map((section) => section.kind)).toEqual(expect.arrayContaining(['system', 'last-messages', 'new-message']))
    server.enqueue('openai', reply.text('ok'))
    await collect(await operator.workbench.turn.mutate({ threadId, resourceId: 'workbench-context-resource', model: GPT, message }))

    // what each Chat Completions message carries: its content (a string, or text parts), its tool calls' names and arguments
    const tiktoken = new Tiktoken(o200k)
    const count = (text: string) => tiktoken.encode(text).length
    const body = server.requests[0]!.body as WireBody
    const wireTokens = body.messages.reduce((sum, entry) => {
      const content =
        typeof entry.content === 'string' ? count(entry.content) : (entry.content ?? []).reduce((total, part) => total + count(part.text ?? ''), 0)
      return sum + content + (entry.tool_calls ?? []).reduce((total, call) => total + count(call.function.name) + count(call.function.arguments), 0)
    }, 0)
    expect(body.messages.at(0)?.role).toBe('system')
    expect(body.messages.at(-1)).toMatchObject({ role: 'user', content: message })
    expect(body.messages.length).toBe(view.prompt.length)
    // the messages exactly; the tool definitions (the working-memory tool) on top, estimated from their JSON
    expect(view.totalTokens - view.toolTokens).toBe(wireTokens)
    expect(view.totalTokens).toBeGreaterThan(10)
    expect(body.tools?.map((tool) => tool.function.name)).toEqual(['updateWorkingMemory'])
    expect(view.toolTokens).toBeGreaterThan(0)
  })

  it('a token scoped to another resource gets FORBIDDEN from every workbench call on this resource', async () => {
    const other = await api.tokenClient({ allResources: false, resourceIds: ['globex-research'], canWrite: true })
    const thread = { threadId: refund.thread.id, resourceId: ACME }
    const calls = [
      () => other.workbench.context.query({ ...thread, model: GPT }),
      () => other.workbench.turn.mutate({ ...thread, model: GPT, message: 'hi' }),
      () => other.workbench.edit.mutate({ ...thread, model: GPT, message: 'hi', messageId: refund.messages[1]!.id }),
      () => other.workbench.regenerate.mutate({ ...thread, model: GPT, messageId: refund.messages[2]!.id }),
      () => other.workbench.compare.mutate({ ...thread, message: 'hi', models: [GPT, CLAUDE] }),
    ]
    for (const call of calls) expect((await failureOf(call())).code).toBe('FORBIDDEN')
    expect(server.requests).toHaveLength(0)
  })

  it('a read-only token of the resource may see the context window but not run a turn', async () => {
    const reader = await api.tokenClient({ allResources: false, resourceIds: [ACME], canWrite: false })
    const view = await reader.workbench.context.query({ threadId: refund.thread.id, resourceId: ACME, model: CLAUDE })
    expect(view.model.tokenCount).toBe('estimate')
    expect((await failureOf(reader.workbench.turn.mutate({ threadId: refund.thread.id, resourceId: ACME, model: GPT, message: 'hi' }))).code).toBe('FORBIDDEN')
  })

  it('offers the configured providers only; the scripted demo is refused while it is hidden, and streams over the real protocol when enabled', async () => {
    const { models, hint } = await operator.workbench.models.query()
    expect(hint).toBeNull()
    expect(models.map((option) => option.model)).toEqual(expect.arrayContaining(['openai/gpt-4o', 'anthropic/claude-sonnet-4-5']))
    expect(models.some((option) => option.demo)).toBe(false)
    const threadId = await textThread()
    const turn = { threadId, resourceId: ACME, model: 'demo/scripted-replies', message: 'Hello demo' }
    expect((await failureOf(collect(await operator.workbench.turn.mutate(turn)))).code).toBe('BAD_REQUEST')

    vi.stubEnv('THREADLINE_DEMO_PROVIDER', 'on')
    expect((await operator.workbench.models.query()).models.at(-1)).toMatchObject({ model: 'demo/scripted-replies', label: 'Demo: scripted replies' })
    const events = await collect(await operator.workbench.turn.mutate(turn))
    expect(ofType(events, 'text').length).toBeGreaterThan(10)
    expect(events.at(-1)).toMatchObject({ type: 'finished', text: expect.stringContaining('Scripted demo reply: you wrote "Hello demo"') })
    expect(await ids(threadId)).toHaveLength(4)
  })
})
