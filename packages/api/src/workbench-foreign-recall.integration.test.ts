// A semantic-recall hit from ANOTHER thread of the resource whose tool call
// carries an id the provider rejects (over real HTTP: workbench turn, real
// @ai-sdk/anthropic against the loopback provider, both databases). Recalled
// messages reach the model as text in the system prompt's marked
// <recalled_messages> block, never as tool_use blocks: the first call is
// accepted, nothing needs repair, and the other thread stays as it was.
import { reply, toolCallExchange } from '@threadline/engine/testing'
import { useFakeProvider } from '@threadline/engine/testing/vitest'
import { beforeAll, expect, it } from 'vitest'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'

const server = useFakeProvider({ envFor: ['anthropic'] })

const RESOURCE = 'foreign-recall-resource'
const BAD_ID = 'functions.get_weather:0'

async function drain(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const events: unknown[] = []
  for await (const event of stream) events.push(event)
  return events
}

type AnthropicBody = { system?: { text: string }[]; messages: { content: string | { type: string; id?: string; tool_use_id?: string }[] }[] }
const toolIdsSent = (body: unknown): string[] =>
  (body as AnthropicBody).messages.flatMap((message) =>
    typeof message.content === 'string' ? [] : message.content.flatMap((part) => (part.type === 'tool_use' && part.id ? [part.id] : [])),
  )

describeEachApi('workbench: a recall hit from another thread', (getApi) => {
  let api: ApiHarness
  beforeAll(() => {
    api = getApi()
  })

  it('reaches the model as recalled text, not as a tool call: the first call is accepted and the other thread is untouched', async () => {
    const { memory } = api.services
    const other = 'foreign-recall-other'
    await memory.createThread({ threadId: other, resourceId: RESOURCE })
    await memory.saveMessages({
      messages: toolCallExchange({
        threadId: other,
        resourceId: RESOURCE,
        toolCallId: BAD_ID,
        idPrefix: 'other',
        question: 'Paris weather forecast please',
        answer: 'Paris weather forecast: sunny.',
      }),
    })
    const before = await memory.listMessages({ threadId: other })
    const threadId = 'foreign-recall-turn'
    await memory.createThread({ threadId, resourceId: RESOURCE })

    server.enqueue('anthropic', reply.text('Sunny in Paris.'))
    await drain(
      await api.operator.workbench.turn.mutate({ threadId, resourceId: RESOURCE, model: 'anthropic/claude-sonnet-4-5', message: 'Paris weather forecast?' }),
    )

    expect(server.requests.map((request) => request.status)).toEqual([200])
    const body = server.requests[0]!.body as AnthropicBody
    // no tool_use block at all: the recalled exchange is text in the marked block, with the other thread named
    expect(toolIdsSent(body)).toEqual([])
    const system = (body.system ?? []).map((part) => part.text).join('\n')
    expect(system).toContain('<recalled_messages>')
    expect(system).toContain(`--- from another conversation (thread ${other})`)
    expect(system).toContain('Paris weather forecast: sunny.')
    expect(system).toContain(`[tool get_weather(`)
    // the turn was saved on its own thread; the other thread reads as before
    expect((await memory.listMessages({ threadId })).map((message) => message.role)).toEqual(['user', 'assistant'])
    expect(await memory.listMessages({ threadId: other })).toEqual(before)
    const [summary] = (await api.operator.calls.list.query({ threadId })).calls
    expect(summary).toMatchObject({ retries: 0, repairedMessageIds: [], promptOnlyMessageIds: [] })
  })
})
