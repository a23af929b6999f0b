// A reactive repair of a semantic-recall hit from ANOTHER thread of the
// resource (over real HTTP: workbench turn, real @ai-sdk/anthropic against the
// loopback provider's real tool-ID 400, both databases). The turn must not
// fail, the retry must carry the repaired message, and the other thread must
// stay as it was: the repair of a message the thread neither owns nor
// inherits lives in the outbound prompt only, and the recorded call says so
// (promptOnlyMessageIds, not repairedMessageIds).
import { anthropicInvalidToolUseId, reply, toolCallExchange } from '@threadline/engine/testing'
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

type AnthropicBody = { messages: { content: string | { type: string; id?: string; tool_use_id?: string }[] }[] }
const toolIdsSent = (body: unknown): string[] =>
  (body as AnthropicBody).messages.flatMap((message) =>
    typeof message.content === 'string' ? [] : message.content.flatMap((part) => (part.type === 'tool_use' && part.id ? [part.id] : [])),
  )

describeEachApi('workbench: repair of a recall hit from another thread', (getApi) => {
  let api: ApiHarness
  beforeAll(() => {
    api = getApi()
  })

  it('repairs it in the retried prompt only: the turn succeeds and the other thread is untouched', async () => {
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

    server.enqueue('anthropic', anthropicInvalidToolUseId, reply.text('Sunny in Paris.'))
    await drain(
      await api.operator.workbench.turn.mutate({ threadId, resourceId: RESOURCE, model: 'anthropic/claude-sonnet-4-5', message: 'Paris weather forecast?' }),
    )

    // the recall hit reached the wire with its provider-rejected id, the retry with the repaired one
    expect(server.requests.map((request) => request.status)).toEqual([400, 200])
    expect(toolIdsSent(server.requests[0]!.body)).toEqual([BAD_ID])
    const [repaired] = toolIdsSent(server.requests[1]!.body)
    expect(repaired).toMatch(/^[a-zA-Z0-9_-]+$/)
    // the turn was saved on its own thread; the other thread reads as before
    const saved = await memory.listMessages({ threadId })
    expect(saved.map((message) => message.role)).toEqual(['user', 'assistant'])
    expect(await memory.listMessages({ threadId: other })).toEqual(before)
    // and the recorded trace says so: the hit was repaired in the prompt only, nothing was persisted
    const [summary] = (await api.operator.calls.list.query({ threadId })).calls
    expect(summary).toMatchObject({ retries: 1, repairedMessageIds: [], promptOnlyMessageIds: ['other-m1'] })
    const call = await api.operator.calls.get.query({ id: summary!.id })
    const retry = call.events.find((event) => event.type === 'retry')
    expect(retry?.data).toMatchObject({ changedMessageIds: ['other-m1'], promptOnlyMessageIds: ['other-m1'] })
    expect(call.events.find((event) => event.type === 'repair')?.data).toMatchObject({ messageIds: ['other-m1'] })
  })
})
